import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../api/index.ts';
import { readConfig } from '../config.ts';
import { SessionStore } from './SessionStore.ts';

const user = { id: 'u1', name: 'Erika', email: 'e@x.de', roles: ['internal'], isAdmin: false, isInternal: true, organization: { id: 'o1', name: 'O', owner: { id: 'u1', name: 'Erika' } } };

function setup(signedIn: { value: boolean }) {
  const calls: { method: string; path: string; token: string | undefined }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://x').pathname;
    const method = init?.method ?? 'GET';
    calls.push({ method, path, token: (init?.headers as Record<string, string>)['X-XSRF-TOKEN'] });
    if (method === 'POST' && path === '/api/User/login') {
      signedIn.value = true;
      return new Response(JSON.stringify({ type: 'MESSAGE', code: 0, message: 'ok' }));
    }
    if (method === 'POST' && path === '/api/User/logout') {
      signedIn.value = false;
      return new Response(JSON.stringify({ type: 'MESSAGE', code: 0, message: 'ok' }));
    }
    if (path === '/api/User')
      return signedIn.value
        ? new Response(JSON.stringify({ user, token: 'tok-1' }))
        : new Response(JSON.stringify({ type: 'ERROR', code: 9, message: 'Not signed in' }), { status: 401 });
    return new Response(null, { status: 404 });
  });
  const onError = vi.fn();
  const api = createApi({ config: readConfig({}), fetch: fetch as typeof globalThis.fetch, onError });
  return { session: new SessionStore(api), calls, onError, api };
}

describe('SessionStore', () => {
  it('is signed out after a 401 probe, without an error notice', async () => {
    const { session, onError } = setup({ value: false });
    expect(session.status).toBe('unknown');
    await session.ensureLoaded();
    expect(session.status).toBe('signedOut');
    expect(session.isSignedIn).toBe(false);
    expect(onError).not.toHaveBeenCalled();
  });

  it('loads user and token once for concurrent guards', async () => {
    const { session, calls } = setup({ value: true });
    await Promise.all([session.ensureLoaded(), session.ensureLoaded(), session.ensureLoaded()]);
    expect(calls.filter((c) => c.path === '/api/User')).toHaveLength(1);
    expect(session.isSignedIn).toBe(true);
    expect(session.isInternal).toBe(true);
    expect(session.isAdmin).toBe(false);
    expect(session.isOrganizationOwner).toBe(true);
  });

  it('logs in, sends the token on state-changing calls, and logs out', async () => {
    const { session, calls, api } = setup({ value: false });
    await session.ensureLoaded();
    expect(await session.login({ email: 'e@x.de', password: 'pw' })).toBe(true);
    expect(session.token).toBe('tok-1');
    expect(api.http.getToken()).toBe('tok-1');
    await session.logout();
    expect(calls.at(-1)).toEqual({ method: 'POST', path: '/api/User/logout', token: 'tok-1' });
    expect(session.status).toBe('signedOut');
    expect(api.http.getToken()).toBeUndefined();
  });
});
