/**
 * Test helpers (imported only by tests): the repository's example project files (fixtures/projects)
 * and a RootStore over a fake api that records what it is sent.
 */
import { createApi } from '../api/index.ts';
import { readConfig } from '../config.ts';
import { createI18n } from '../i18n/index.ts';
import { RootStore } from '../stores/RootStore.ts';

const files = import.meta.glob<unknown>('../../../fixtures/projects/*.project.json', { eager: true, import: 'default' });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixtures are JSON of any shape; tests spread them freely
export function fixtureProject(name: string): any {
  const file = files[`../../../fixtures/projects/${name}.project.json`];
  if (file === undefined) throw new Error(`no fixture ${name}`);
  return structuredClone(file);
}

/** One call the fake api was sent: the method, the path without `/api` and the parsed JSON body (undefined without one). */
export interface ApiCall {
  readonly method: string;
  readonly path: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body of any shape; the fakes read its fields freely
  readonly body: any;
}

/** A JSON answer of the fake api. */
export const jsonAnswer = (status: number, value: unknown): Response => new Response(JSON.stringify(value), { status });

/** A German RootStore over a fake api that records every call in `calls` and answers it with `answer`. */
export function rootOverFakeApi(answer: (call: ApiCall) => Response): { root: RootStore; calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
    const call: ApiCall = { method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    return answer(call);
  }) as typeof globalThis.fetch;
  const i18n = createI18n('de');
  const root: RootStore = new RootStore({ i18n, api: createApi({ config: readConfig({}), fetch, culture: () => 'de', onError: (e) => root.notifications.error(e) }) });
  return { root, calls };
}
