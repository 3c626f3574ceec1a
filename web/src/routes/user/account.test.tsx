/** Route-level tests of the account and organization screens over a stubbed api. */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { createTestRouter } from '../../router/createAppRouter.ts';
import { renderWithStore, signedIn, testStore, type StubAnswer } from '../../test/render.tsx';

async function visit(path: string, answers: Record<string, StubAnswer>) {
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const store = testStore(answers);
  const router = createTestRouter(store, [path]);
  renderWithStore(<RouterProvider router={router} />, store);
  await waitFor(() => expect(router.state.initialized).toBe(true));
  return { router, store };
}

const owner = { organization: { id: 'o1', name: 'Büro', owner: { id: 'u1', name: 'Erika Muster', email: 'erika@example.com' } } };

describe('account screen', () => {
  it('a failed save keeps the input and says so; save is disabled until a change', async () => {
    await visit('/user/account', { ...signedIn(), 'PATCH /api/User': { status: 500, body: { type: 'ERROR', code: 1, message: 'x' } } });
    const city = (await screen.findByRole('textbox', { name: 'Ort' })) as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(city, { target: { value: 'Ulm' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await screen.findByText(/Die Änderungen wurden nicht gespeichert/);
    expect(city.value).toBe('Ulm');
  });

  it('without an organization explains and offers to create one', async () => {
    await visit('/user/account', signedIn());
    await screen.findByText(/Sie gehören zu keiner Organisation/);
    fireEvent.click(screen.getByRole('button', { name: 'Organisation gründen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Organisation gründen' });
    const save = Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Speichern') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
  });
});

describe('organization page', () => {
  it('goes to /error when the organization cannot be loaded', async () => {
    const { router } = await visit('/user/organization', { ...signedIn(owner), 'GET /api/Organization/o1': { status: 500, body: { type: 'ERROR', code: 1, message: 'x' } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
  });

  it('shows the four blocks and the member table to the owner', async () => {
    await visit('/user/organization', {
      ...signedIn(owner),
      'GET /api/Organization/o1': {
        body: { id: 'o1', name: 'Büro', owner: { id: 'u1', name: 'Erika Muster', email: 'erika@example.com' }, creationDate: '2026-01-01T00:00:00Z', memberCount: 1, members: [{ id: 'u1', name: 'Erika Muster', email: 'erika@example.com' }] },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Organisation Büro' });
    for (const name of ['Mitglieder', 'Mitglieder einladen', 'Organisation umbenennen', 'Verwaltung übertragen', 'Mitgliederliste']) await screen.findByRole('heading', { level: 2, name });
    screen.getByText(/Die Verwaltung kann erst übertragen werden/);
    screen.getByRole('table', { name: 'Mitglieder der Organisation' });
  });
});
