/**
 * Account page: the user's roles and the other assignable ones GET /User/roles names, "more options" (closed at first:
 * release notes, delete account); the organization's members table is the server's page
 * (GET /Organization/{id}/members, page 1, page size 10) and pages on. Platform spec sections 2 and 7.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { createApi } from '../../api/index.ts';
import { readConfig } from '../../config.ts';
import { createI18n } from '../../i18n/index.ts';
import { createTestRouter } from '../../router/createAppRouter.ts';
import { RootStore } from '../../stores/RootStore.ts';
import { renderWithStore, signedIn } from '../../test/render.tsx';

const OWNER = { id: 'u1', name: 'Erika Muster', email: 'erika@example.com' };
const MEMBERS = [OWNER, ...Array.from({ length: 11 }, (_, i) => ({ id: `m${i}`, name: `Mitglied ${String(i + 1).padStart(2, '0')}`, email: `m${i}@example.com` }))];

function store(answers: { roles?: unknown; rolesStatus?: number; membersStatus?: number; userRoles?: ('Administrator' | 'analyst' | 'internal')[] } = {}) {
  const calls: string[] = [];
  const session = signedIn({ roles: answers.userRoles ?? [], organization: { id: 'o1', name: 'Büro', owner: OWNER } })['/api/User'].body;
  const fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url.pathname + url.search);
    const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status });
    if (url.pathname === '/api/User') return json(session);
    if (url.pathname === '/api/User/roles') return json(answers.roles ?? ['analyst'], answers.rolesStatus ?? 200);
    if (url.pathname === '/api/Organization/o1') return json({ id: 'o1', name: 'Büro', owner: OWNER, creationDate: '2026-01-01T00:00:00Z', memberCount: MEMBERS.length, members: MEMBERS });
    if (url.pathname === '/api/Organization/o1/members') {
      if (answers.membersStatus !== undefined) return json({ type: 'ERROR', code: 1, message: 'x' }, answers.membersStatus);
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('pageSize'));
      return json({ entries: MEMBERS.slice((page - 1) * size, page * size), totalCount: MEMBERS.length });
    }
    return json({ type: 'ERROR', code: 11, message: 'not found' }, 404);
  }) as typeof globalThis.fetch;
  const i18n = createI18n('de');
  const root: RootStore = new RootStore({ i18n, api: createApi({ config: readConfig({}), fetch, culture: () => i18n.language, onError: (error) => root.notifications.error(error) }) });
  return { root, calls };
}

async function visit(answers?: Parameters<typeof store>[0]) {
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const { root, calls } = store(answers);
  const router = createTestRouter(root, ['/user/account']);
  renderWithStore(<RouterProvider router={router} />, root);
  await screen.findByRole('heading', { level: 1, name: 'Konto' }, { timeout: 15_000 });
  return { root, calls };
}

describe('account page', () => {
  it('shows the user\'s roles and names the other roles GET /User/roles offers', async () => {
    const { calls } = await visit({ roles: ['Administrator', 'analyst', 'internal'] });
    const roles = screen.getByRole('heading', { level: 2, name: 'Rollen' }).closest('section')!;
    expect(roles.textContent).toContain('Sie haben keine besonderen Rollen.');
    await within(roles).findByText('Weitere Rollen, die ein Administrator vergeben kann: Administrator, Datenanalyst, Intern.');
    expect(calls).toContain('/api/User/roles');
  });

  it('names only the roles the user does not hold as others', async () => {
    await visit({ roles: ['Administrator', 'analyst', 'internal'], userRoles: ['analyst'] });
    const roles = screen.getByRole('heading', { level: 2, name: 'Rollen' }).closest('section')!;
    expect(within(within(roles).getByRole('list', { name: 'Ihre Rollen' })).getByText('Datenanalyst')).toBeTruthy();
    await within(roles).findByText('Weitere Rollen, die ein Administrator vergeben kann: Administrator, Intern.');
  });

  it('lists only the held roles when GET /User/roles fails', async () => {
    await visit({ rolesStatus: 500 });
    const roles = screen.getByRole('heading', { level: 2, name: 'Rollen' }).closest('section')!;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(roles.textContent).toContain('Sie haben keine besonderen Rollen.');
    expect(roles.textContent).not.toContain('Weitere Rollen');
  });

  it('keeps release notes and account deletion behind "more options"', async () => {
    const { root } = await visit();
    const toggle = screen.getByRole('button', { name: 'Weitere Optionen' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Konto löschen …' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Neuigkeiten anzeigen' }));
    expect(root.ui.changelogOpen).toBe(true);
    root.ui.closeChangelog(false);
    fireEvent.click(screen.getByRole('button', { name: 'Konto löschen …' }));
    await screen.findByRole('alertdialog', { name: 'Konto endgültig löschen' });
  });

  it("pages the organization's members from GET /Organization/{id}/members (page size 10)", async () => {
    const { calls } = await visit();
    const table = await screen.findByRole('table', { name: 'Mitglieder der Organisation' });
    await waitFor(() => expect(calls).toContain('/api/Organization/o1/members?page=1&pageSize=10'));
    await waitFor(() => expect(within(table).queryByText('Mitglied 09')).not.toBeNull());
    expect(within(table).queryByText('Mitglied 10')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(calls).toContain('/api/Organization/o1/members?page=2&pageSize=10'));
    await waitFor(() => expect(within(table).queryByText('Mitglied 11')).not.toBeNull());
    expect(within(table).queryByText('Mitglied 01')).toBeNull();
  });

  it("shows the organization's own member list when the members call fails", async () => {
    await visit({ membersStatus: 500 });
    const table = await screen.findByRole('table', { name: 'Mitglieder der Organisation' });
    await waitFor(() => expect(within(table).queryByText('Mitglied 01')).not.toBeNull());
  });
});
