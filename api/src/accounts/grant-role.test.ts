import { describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../config.ts';
import type { EntityManager } from '../db/orm.ts';
import { PASSWORD, registerConfirmed } from '../testing/accounts.ts';
import { fileTestApp } from '../testing/test-app.ts';
import { grantRole } from './grant-role.ts';

const testApp = fileTestApp();

describe('grantRole (admin:grant)', () => {
  it('makes a user an administrator, effective in their running session', async () => {
    // The command runs in a process of its own: the api sees its change once what it cached of the
    // user is older than ACCOUNT_CACHE_TTL (decision 0045); the test moves the clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = testApp().client();
    const email = await registerConfirmed(testApp(), client);
    await client.signIn(email, PASSWORD);
    const em = () => testApp().app.orm.em.fork() as EntityManager;

    expect(await grantRole(em(), email.toUpperCase(), 'Administrator')).toBe('granted');
    expect(await grantRole(em(), email, 'Administrator')).toBe('already');
    expect(await grantRole(em(), 'nobody@example.com', 'Administrator')).toBe('no-such-user');

    vi.setSystemTime(Date.now() + DEFAULTS.accountCacheTtl);
    try {
      const { user } = (await client.get('/api/User')).json() as { user: { roles: string[]; isAdmin: boolean } };
      expect(user).toMatchObject({ roles: ['Administrator'], isAdmin: true });
      expect((await client.get('/api/Admin/users?page=1&pageSize=1')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});
