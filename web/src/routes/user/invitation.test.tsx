/** The invitation screens over a stubbed api (decision 0070): the e-mail link's page, the notice in the app, the owner's open invitations. */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { createTestRouter } from '../../router/createAppRouter.ts';
import { renderWithStore, signedIn, SIGNED_OUT, testStore, type StubAnswer } from '../../test/render.tsx';

async function visit(path: string, answers: Record<string, StubAnswer>, language: 'de' | 'en' = 'de') {
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const store = testStore(answers, language);
  const router = createTestRouter(store, [path]);
  renderWithStore(<RouterProvider router={router} />, store);
  await waitFor(() => expect(router.state.initialized).toBe(true));
  return { router, store };
}

const INVITATION = {
  id: 'i1',
  organization: { id: 'o1', name: 'Planungsbüro Regen' },
  invitedBy: { name: 'Olga Owner', email: 'olga@example.com' },
  createdAt: '2026-11-20T10:00:00Z',
  expiresAt: '2026-12-04T10:00:00Z',
};

describe('invitation page (the e-mail link)', () => {
  it('sends a signed-out visitor to the login and back', async () => {
    const { router } = await visit('/user/invitations/i1', SIGNED_OUT);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe(`?requestedLocation=${encodeURIComponent('/user/invitations/i1')}`);
  });

  it('shows who invites into which organization and accepts', async () => {
    const answers: Record<string, StubAnswer> = {
      ...signedIn(),
      'GET /api/User/invitations': { body: [INVITATION] },
      'POST /api/User/invitations/i1/accept': { body: { type: 'MESSAGE', message: 'ok' } },
    };
    const { router } = await visit('/user/invitations/i1', answers);
    await screen.findByRole('heading', { level: 2, name: 'Organisation „Planungsbüro Regen“' });
    screen.getByText('Olga Owner (olga@example.com) lädt Sie in die Organisation „Planungsbüro Regen“ ein.');
    screen.getByText(/Solange Sie nicht annehmen, wird nichts geteilt/);
    screen.getByText('Die Einladung gilt bis zum 4.12.2026.');
    // No notice about the invitation on its own page.
    expect(screen.queryByText('Einladung ansehen')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Einladung annehmen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/account'), { timeout: 5000 });
    await screen.findByText('Sie sind jetzt Mitglied der Organisation „Planungsbüro Regen“.');
  });

  it('explains an invitation that is no longer open, in English too', async () => {
    await visit('/user/invitations/gone', { ...signedIn(), 'GET /api/User/invitations': { body: [INVITATION] } }, 'en');
    await screen.findByText(/This invitation is no longer open: it was answered, withdrawn or has expired, or it is addressed to another account than yours \(erika@example.com\)/);
    screen.getByRole('link', { name: 'To your projects' });
  });

  it('cannot accept while in another organization and says what to do', async () => {
    await visit('/user/invitations/i1', {
      ...signedIn({ organization: { id: 'o2', name: 'Anderes Büro', owner: { id: 'x', name: 'X', email: 'x@example.com' } } }),
      'GET /api/User/invitations': { body: [INVITATION] },
    });
    await screen.findByText(/Sie gehören bereits zur Organisation „Anderes Büro“/);
    expect((screen.getByRole('button', { name: 'Einladung annehmen' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Ablehnen' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a failed load with a way forward', async () => {
    await visit('/user/invitations/i1', { ...signedIn(), 'GET /api/User/invitations': { status: 500, body: { type: 'ERROR', code: 1, message: 'x' } } });
    await screen.findByText('Ihre Einladungen konnten nicht geladen werden.');
    screen.getByRole('button', { name: 'Erneut versuchen' });
  });
});

describe('the notice in the app', () => {
  it('tells a signed-in user about an open invitation and links to it', async () => {
    await visit('/user/account', { ...signedIn(), 'GET /api/User/invitations': { body: [INVITATION] } });
    await screen.findByText('Sie wurden in die Organisation „Planungsbüro Regen“ eingeladen.');
    expect(screen.getByRole('link', { name: 'Einladung ansehen' }).getAttribute('href')).toBe('/user/invitations/i1');
  });

  it('is not there without invitations', async () => {
    await visit('/user/account', { ...signedIn(), 'GET /api/User/invitations': { body: [] } });
    await screen.findByText(/Sie gehören zu keiner Organisation/);
    expect(screen.queryByText('Einladung ansehen')).toBeNull();
  });
});

describe('open invitations on the organization page', () => {
  it('lists them for the owner and withdraws one after the withdraw confirmation', async () => {
    const owner = { organization: { id: 'o1', name: 'Büro', owner: { id: 'u1', name: 'Erika Muster', email: 'erika@example.com' } } };
    let open = [{ id: 'i9', email: 'ivo@example.com', createdAt: '2026-11-20T10:00:00Z', expiresAt: '2026-12-04T10:00:00Z' }];
    const answers: Record<string, StubAnswer> = {
      ...signedIn(owner),
      'GET /api/Organization/o1': {
        body: { id: 'o1', name: 'Büro', owner: { id: 'u1', name: 'Erika Muster', email: 'erika@example.com' }, creationDate: '2026-01-01T00:00:00Z', memberCount: 1, members: [{ id: 'u1', name: 'Erika Muster', email: 'erika@example.com' }] },
      },
      'DELETE /api/Organization/o1/invitations/i9': { body: { type: 'MESSAGE', message: 'ok' } },
    };
    Object.defineProperty(answers, 'GET /api/Organization/o1/invitations', { enumerable: true, get: () => ({ body: open }) });
    await visit('/user/organization', answers);
    await screen.findByRole('heading', { level: 2, name: 'Offene Einladungen' });
    await screen.findByText('ivo@example.com');
    // withdrawing asks first (the withdraw confirmation); cancelling keeps the invitation
    fireEvent.click(screen.getByRole('button', { name: 'Einladung von ivo@example.com zurückziehen' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Zurückziehen bestätigen' });
    expect(dialog.textContent).toContain('Soll die Einladung von ivo@example.com wirklich zurückgezogen werden?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('ivo@example.com')).toBeTruthy();
    open = [];
    fireEvent.click(screen.getByRole('button', { name: 'Einladung von ivo@example.com zurückziehen' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Zurückziehen bestätigen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));
    await screen.findByText('Keine offenen Einladungen.');
    await screen.findByText('Die Einladung wurde zurückgezogen.');
  });
});
