/**
 * The new-project form keeps what the user typed while the page's parts still load (issue 28):
 * every call after the session (invitations, address search, reverse geocoding, rain data) is
 * held until the test releases it, so the fields are filled in every order before anything
 * answers; the app's StrictMode is on. Then every held answer arrives, and the name, the address
 * and the air-pollution category must still be there at "Projekt bemessen".
 */
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createApi } from '../../api/index.ts';
import { readConfig } from '../../config.ts';
import { createI18n } from '../../i18n/index.ts';
import { createTestRouter } from '../../router/createAppRouter.ts';
import { createRoutes } from '../../router/routes.tsx';
import { RootStore } from '../../stores/RootStore.ts';
import { renderWithStore, signedIn, testStore } from '../../test/render.tsx';

const RAIN = {
  source: { edition: 'KOSTRA-DWD-2010R', cell: '93049' },
  kostraCell: null,
  raindataSeries: [1, 2, 5, 10, 20, 30, 50, 100].map((annuality) => ({ annuality, valuesForDurations: [5, 10, 15].map((duration) => ({ duration, value: 100 + annuality - duration })) })),
};
const MARIENPLATZ = { lat: '48.1374', lon: '11.5755', display_name: 'Marienplatz, München' };

/** A fetch whose answers wait until the test releases them (all held calls, in the order given). */
function heldFetch() {
  const held: { path: string; release: () => void }[] = [];
  const answer = (path: string): unknown => {
    if (path === '/api/User') return signedIn()['/api/User'].body;
    if (path.endsWith('/search')) return [MARIENPLATZ];
    if (path.endsWith('/reverse')) return { display_name: 'Somewhere else' };
    if (path === '/api/Raindata') return RAIN;
    return [];
  };
  const heldFetchFn = ((input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    return new Promise<Response>((resolve) => {
      held.push({ path: url.pathname, release: () => resolve(new Response(JSON.stringify(answer(url.pathname)), { status: 200 })) });
    });
  }) as typeof globalThis.fetch;
  return { fetch: heldFetchFn, held };
}

async function releaseAll(held: { release: () => void }[]) {
  while (held.length > 0) {
    await act(async () => {
      held.shift()!.release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

async function openNewProject(from = '/project/new') {
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const { fetch, held } = heldFetch();
  const i18n = createI18n('de');
  const store: RootStore = new RootStore({
    i18n,
    api: createApi({ config: readConfig({}), fetch, culture: () => i18n.language, onError: (error) => store.notifications.error(error) }),
  });
  const router = createTestRouter(store, [from]);
  renderWithStore(<StrictMode><RouterProvider router={router} /></StrictMode>, store);
  // only the session answers before the page shows; everything later is held
  await waitFor(() => expect(held.some((call) => call.path === '/api/User')).toBe(true));
  await act(async () => {
    held.splice(held.findIndex((call) => call.path === '/api/User'), 1)[0]!.release();
  });
  if (from !== '/project/new') {
    // the list's calls stay pending while the planner goes on to a new project
    fireEvent.click(await screen.findByRole('button', { name: 'Neues Projekt' }));
  }
  // the first visit loads the route module (slow on a loaded machine)
  await screen.findByRole('heading', { level: 1, name: 'Neues Projekt' }, { timeout: 15_000 });
  return { held, store };
}

const nameField = () => screen.getByRole('textbox', { name: /Projektname/ }) as HTMLInputElement;
const addressField = () => screen.getByRole('textbox', { name: /Projektadresse/ }) as HTMLInputElement;

type Step = 'name' | 'airPollution' | 'address';

const steps: Record<Step, (held: { path: string; release: () => void }[]) => Promise<void>> = {
  name: async () => {
    fireEvent.change(nameField(), { target: { value: 'Neubau Marienplatz' } });
  },
  airPollution: async () => {
    const select = document.querySelector('select[name], .rp-select select') ?? Array.from(document.querySelectorAll('select')).find((s) => Array.from(s.options).some((o) => o.value === 'L2'));
    if (!(select instanceof HTMLSelectElement)) throw new Error('no air-pollution select');
    fireEvent.change(select, { target: { value: 'L2' } });
  },
  address: async (held) => {
    fireEvent.change(screen.getByRole('searchbox', { name: /Adresse suchen/ }), { target: { value: 'Marienplatz München' } });
    // the debounced search goes out; its answer comes late, after the other fields
    await waitFor(() => expect(held.some((call) => call.path.endsWith('/search'))).toBe(true), { timeout: 2000 });
    await act(async () => {
      held.splice(held.findIndex((call) => call.path.endsWith('/search')), 1)[0]!.release();
    });
    fireEvent.click(await screen.findByRole('button', { name: MARIENPLATZ.display_name }));
  },
};

function orders(items: readonly Step[]): Step[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) => orders([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

describe('new project form', () => {
  for (const order of orders(['name', 'airPollution', 'address'])) {
    it(`keeps every typed field while the page's parts load late (${order.join(', ')})`, async () => {
      const { held } = await openNewProject();
      for (const step of order) await steps[step](held);
      // everything still pending answers now (invitations, lazy parts, geocoding)
      await releaseAll(held);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await releaseAll(held);
      expect(nameField().value).toBe('Neubau Marienplatz');
      expect(addressField().value).toBe(MARIENPLATZ.display_name);
      fireEvent.click(screen.getByRole('button', { name: 'Projekt bemessen' }));
      expect(screen.queryByText('Bitte ausfüllen.')).toBeNull();
    });
  }

  it('keeps the typed name through a submit with missing fields and the rain data dialog (its answer late)', async () => {
    const { held } = await openNewProject();
    fireEvent.click(screen.getByRole('button', { name: 'Projekt bemessen' }));
    expect(screen.getAllByText('Bitte ausfüllen.').length).toBeGreaterThan(0);
    await steps.name(held);
    fireEvent.click(screen.getByRole('button', { name: 'Regendaten ansehen' }));
    await steps.address(held);
    await steps.airPollution(held);
    await releaseAll(held);
    const dialog = await screen.findByRole('dialog', { name: 'Regendaten' });
    fireEvent.click(Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Schließen')!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Regendaten' })).toBeNull());
    await releaseAll(held);
    expect(nameField().value).toBe('Neubau Marienplatz');
    fireEvent.click(screen.getByRole('button', { name: 'Projekt bemessen' }));
    expect(screen.queryByText('Bitte ausfüllen.')).toBeNull();
  });

  it('keeps the typed fields when the project list\'s calls answer after the list was left', async () => {
    const { held } = await openNewProject('/projects/projects');
    for (const step of ['name', 'address', 'airPollution'] as const) await steps[step](held);
    await releaseAll(held);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await releaseAll(held);
    expect(nameField().value).toBe('Neubau Marienplatz');
    fireEvent.click(screen.getByRole('button', { name: 'Projekt bemessen' }));
    expect(screen.queryByText('Bitte ausfüllen.')).toBeNull();
  });
});

describe('new project: advanced input', () => {
  it('keeps the client block behind "advanced input"; what is typed there is kept while it is closed', async () => {
    const { held } = await openNewProject();
    const toggle = screen.getByRole('button', { name: 'Erweiterte Eingabe' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    fireEvent.click(toggle);
    const client = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    fireEvent.change(client, { target: { value: 'Stadtwerke München' } });
    fireEvent.click(toggle);
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    fireEvent.click(toggle);
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Stadtwerke München');
    await releaseAll(held);
  });
});

describe('new project: a second mount on the same visit', () => {
  async function mount(store: RootStore, key: string) {
    const router = createMemoryRouter(createRoutes(store), { initialEntries: [{ pathname: '/project/new', key }] });
    const view = renderWithStore(<RouterProvider router={router} />, store);
    await screen.findByRole('heading', { level: 1, name: 'Neues Projekt' }, { timeout: 15_000 });
    return view;
  }

  it('shows what was typed when the page is mounted again on the same visit, and starts empty on a new visit', async () => {
    window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
    const store = testStore(signedIn());
    const first = await mount(store, 'visit-1');
    fireEvent.change(nameField(), { target: { value: 'Neubau Marienplatz' } });
    await waitFor(() => expect(store.ui.draft<{ name: string }>('project/new:visit-1')?.name).toBe('Neubau Marienplatz'));
    first.unmount();

    const again = await mount(store, 'visit-1');
    expect(nameField().value).toBe('Neubau Marienplatz');
    again.unmount();

    await mount(store, 'visit-2');
    expect(nameField().value).toBe('');
  });
});
