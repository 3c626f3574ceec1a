/**
 * The admin user detail transfers one of the user's projects to another user (POST
 * /Admin/{userId}/transferProjects) and deletes any project (DELETE /Project/{id}) with a
 * confirmation, outside the account deletion (platform spec section 6).
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

const ADMIN = signedIn({ id: 'a1', name: 'Ada Admin', isAdmin: true, roles: ['Administrator'] })['/api/User'].body;
const USER = { ...ADMIN.user, id: 'u2', name: 'Paula Planerin', email: 'paula@example.com', isAdmin: false, roles: [] };
const OTHER = { ...USER, id: 'u3', name: 'Otto Other', email: 'otto@example.com' };
const PROJECT = { projectId: 'p1', name: 'Hof Nord', creationDate: '2026-01-02T10:00:00Z', creator: { id: 'u2', name: 'Paula Planerin' }, owner: { id: 'u2', name: 'Paula Planerin' }, address: 'Weg 1', comment: null, isUserProject: true, state: 'CLOSED' };

function recordingStore(transferStatus = 200) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let projects = [PROJECT];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status });
    if (url.pathname === '/api/User') return json(ADMIN);
    if (url.pathname === '/api/Admin/u2') return json(USER);
    if (url.pathname === '/api/Admin/u2/projects') return json({ entries: projects, totalCount: projects.length });
    if (url.pathname === '/api/Admin/users') return json({ entries: [ADMIN.user, USER, OTHER], totalCount: 3 });
    if (url.pathname === '/api/Admin/u2/transferProjects') {
      if (transferStatus !== 200) return json({ type: 'ERROR', code: 1, message: 'An error has occurred' }, transferStatus);
      projects = [];
      return json({ type: 'MESSAGE', code: 0, message: 'ok' });
    }
    if (method === 'DELETE' && url.pathname === '/api/Project/p1') {
      projects = [];
      return json({ type: 'MESSAGE', code: 0, message: 'ok' });
    }
    return json({ type: 'ERROR', code: 11, message: 'not found' }, 404);
  }) as typeof globalThis.fetch;
  const i18n = createI18n('de');
  const store: RootStore = new RootStore({ i18n, api: createApi({ config: readConfig({}), fetch, culture: () => i18n.language, onError: (error) => store.notifications.error(error) }) });
  return { store, calls };
}

async function open(transferStatus?: number) {
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const { store, calls } = recordingStore(transferStatus);
  const router = createTestRouter(store, ['/admin/users/u2']);
  renderWithStore(<RouterProvider router={router} />, store);
  await screen.findByRole('heading', { level: 1, name: 'Benutzer Paula Planerin' });
  await screen.findByText('Hof Nord');
  return { store, calls };
}

describe('admin user detail: the user\'s projects', () => {
  it('transfers a project to another user', async () => {
    const { calls } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Hof Nord übertragen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Projekt übertragen' });
    const submit = within(dialog).getByRole('button', { name: 'Übertragen' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const select = await waitFor(() => {
      const found = Array.from(dialog.querySelectorAll('select')).find((s) => Array.from(s.options).some((o) => o.value === 'u3'));
      if (found === undefined) throw new Error('no owner select yet');
      return found;
    });
    // the user whose projects these are is no candidate
    expect(Array.from(select.options).some((o) => o.value === 'u2')).toBe(false);
    fireEvent.change(select, { target: { value: 'u3' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Projekt übertragen' })).toBeNull());
    expect(calls.find((c) => c.path === '/api/Admin/u2/transferProjects')).toMatchObject({ method: 'POST', body: [{ projectId: 'p1', userId: 'u3' }] });
    await screen.findByText('Das Projekt wurde übertragen.');
    await waitFor(() => expect(screen.queryByText('Hof Nord')).toBeNull());
  });

  it('keeps the dialog open when the transfer fails', async () => {
    await open(500);
    fireEvent.click(screen.getByRole('button', { name: 'Hof Nord übertragen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Projekt übertragen' });
    const select = await waitFor(() => {
      const found = Array.from(dialog.querySelectorAll('select')).find((s) => Array.from(s.options).some((o) => o.value === 'u3'));
      if (found === undefined) throw new Error('no owner select yet');
      return found;
    });
    fireEvent.change(select, { target: { value: 'u3' } });
    const submit = within(dialog).getByRole('button', { name: 'Übertragen' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await screen.findByText('Es ist ein Fehler aufgetreten.', { exact: false });
    expect(screen.getByRole('dialog', { name: 'Projekt übertragen' })).toBeTruthy();
    expect(screen.getByText('Hof Nord')).toBeTruthy();
  });

  it('deletes any project after a confirmation', async () => {
    const { calls } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Hof Nord löschen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/Project/p1')).toBe(true));
    await screen.findByText('Das Projekt wurde gelöscht.');
    await waitFor(() => expect(screen.queryByText('Hof Nord')).toBeNull());
  });
});
