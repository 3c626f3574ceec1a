import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '../db/orm.ts';
import { PASSWORD, registerConfirmed } from '../testing/accounts.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { grantRole } from './grant-role.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
}, 30_000);

afterAll(async () => {
  await testApp?.close();
});

describe('grantRole (admin:grant)', () => {
  it('makes a user an administrator, effective in their running session', async () => {
    const client = testApp.client();
    const email = await registerConfirmed(testApp, client);
    await client.signIn(email, PASSWORD);
    const em = () => testApp.app.orm.em.fork() as EntityManager;

    expect(await grantRole(em(), email.toUpperCase(), 'Administrator')).toBe('granted');
    expect(await grantRole(em(), email, 'Administrator')).toBe('already');
    expect(await grantRole(em(), 'nobody@example.com', 'Administrator')).toBe('no-such-user');

    const { user } = (await client.get('/api/User')).json() as { user: { roles: string[]; isAdmin: boolean } };
    expect(user).toMatchObject({ roles: ['Administrator'], isAdmin: true });
  });
});
