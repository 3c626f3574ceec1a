/**
 * Test helpers: a RootStore over a fetch stub and a render function with all providers.
 *   const { store } = testStore({ '/api/User': { status: 401, body: {type:'ERROR',code:9,message:'x'} } });
 *   renderWithStore(<MyComponent />, store);
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createApi } from '../api/index.ts';
import { readConfig } from '../config.ts';
import { createI18n } from '../i18n/index.ts';
import { RootStore } from '../stores/RootStore.ts';
import { StoreProvider } from '../stores/StoreContext.tsx';

export interface StubAnswer {
  readonly status?: number;
  readonly body?: unknown;
}

/** The stub's answer to METHOD path: by "METHOD /path" or "/path" (without query); unknown calls get 404. */
export function stubAnswer(answers: Readonly<Record<string, StubAnswer>>, method: string, pathname: string): Response {
  const answer = answers[`${method} ${pathname}`] ?? answers[pathname] ?? { status: 404, body: { type: 'ERROR', code: 11, message: 'not found' } };
  return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status ?? 200 });
}

/** Answers by "METHOD /path" or "/path" (without query); unknown calls get 404. */
export function stubFetch(answers: Readonly<Record<string, StubAnswer>>): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => stubAnswer(answers, init?.method ?? 'GET', new URL(String(input), 'http://localhost').pathname)) as typeof fetch;
}

/** A RootStore whose api calls go to `fetch`; failed calls show their error notice as in the app. */
export function storeOverFetch(fetch: typeof globalThis.fetch, language: 'de' | 'en' = 'de'): RootStore {
  const i18n = createI18n(language);
  const store: RootStore = new RootStore({
    i18n,
    api: createApi({ config: readConfig({}), fetch, culture: () => i18n.language, onError: (error) => store.notifications.error(error) }),
  });
  return store;
}

export function testStore(answers: Readonly<Record<string, StubAnswer>> = {}, language: 'de' | 'en' = 'de'): RootStore {
  return storeOverFetch(stubFetch(answers), language);
}

export function renderWithStore(ui: ReactElement, store: RootStore) {
  return render(
    <StoreProvider store={store}>
      <I18nextProvider i18n={store.i18n}>{ui}</I18nextProvider>
    </StoreProvider>,
  );
}

export const SIGNED_OUT = { '/api/User': { status: 401, body: { type: 'ERROR', code: 9, message: 'not signed in' } } } as const;

export function signedIn(user: Partial<import('../api/index.ts').User> = {}) {
  return {
    '/api/User': {
      body: {
        token: 'token-1',
        user: {
          id: 'u1', formOfAddress: 'NONE', name: 'Erika Muster', email: 'erika@example.com', company: null, zipCode: '12345', city: 'Stadt',
          street: 'Weg', houseNumber: '1', phoneNumber: null, organization: null, roles: [], isAdmin: false, isInternal: false, status: 'ACTIVE', lastLogin: null,
          ...user,
        },
      },
    },
  };
}
