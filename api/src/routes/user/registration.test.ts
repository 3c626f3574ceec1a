import { describe, expect, it } from 'vitest';
import { OneTimeCode } from '../../db/entities/one-time-code.ts';
import { User } from '../../db/entities/user.ts';
import { linkQuery, PASSWORD, registerConfirmed, registration } from '../../testing/accounts.ts';
import { fileTestApp } from '../../testing/test-app.ts';

const testApp = fileTestApp();

describe('register → mail → confirm → login → GET /User → logout', () => {
  it('follows the links of the mails received over SMTP', async () => {
    const client = testApp().client();
    const body = registration({ email: `Erika.Flow.${Date.now()}@Example.COM` });
    const email = String(body['email']).toLowerCase();

    const register = await client.post('/api/User/register', body);
    expect(register.statusCode, register.body).toBe(200);
    expect(register.json()).toMatchObject({ type: 'MESSAGE', code: 0 });
    expect(client.cookies.size).toBe(0); // no session before login

    const mail = await testApp().smtp.nextMail(email);
    expect(mail.subject).toBe('rainplan: Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.text).toContain('Guten Tag Erika Mustermann');
    expect(mail.links).toHaveLength(1);
    const link = new URL(mail.links[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://rainplan.test/authentication/confirmemail');
    expect([...link.searchParams.keys()].sort()).toEqual(['code', 'userId']);

    // Before confirmation the account cannot sign in.
    const early = await client.post('/api/User/login', { email, password: PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ type: 'ERROR', code: 13 });

    // The confirmation page calls the api with the link's query.
    const confirm = await client.get('/api/User/confirmEmail', linkQuery(link.href));
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({ type: 'MESSAGE', code: 0 });

    const login = await client.post('/api/User/login', { email: email.toUpperCase(), password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = login.cookies.find((c) => c.name === 'rainplan.sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    expect(cookie?.secure).toBeFalsy();

    const session = await client.get('/api/User');
    expect(session.statusCode, session.body).toBe(200);
    const { user, token } = session.json() as { user: Record<string, unknown>; token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(user).toEqual({
      id: link.searchParams.get('userId'),
      formOfAddress: 'FEMALE',
      name: 'Erika Mustermann',
      email,
      company: 'Mustermann Planung GmbH',
      zipCode: '10115',
      city: 'Berlin',
      street: 'Regenweg',
      houseNumber: '12a',
      phoneNumber: '+49 30 1234567',
      organization: null,
      roles: [],
      isAdmin: false,
      isInternal: false,
      status: 'ACTIVE',
      lastLogin: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(JSON.stringify(user)).not.toMatch(/password/i);

    client.token = token;
    const logout = await client.post('/api/User/logout');
    expect(logout.statusCode, logout.body).toBe(200);
    expect(client.cookies.has('rainplan.sid')).toBe(false);
    expect((await client.get('/api/User')).json()).toMatchObject({ type: 'ERROR', code: 9 });
  });

  it('writes the mails in English when the call asks for it', async () => {
    const client = testApp().client();
    const body = registration();
    const register = await client.call({ method: 'POST', url: '/api/User/register', query: { uiCulture: 'en-GB' }, body });
    expect(register.statusCode).toBe(200);
    const mail = await testApp().smtp.nextMail(String(body['email']));
    expect(mail.subject).toBe('rainplan: please confirm your e-mail address');
    expect(mail.text).toContain('Hello Erika Mustermann');
  });
});

describe('POST /User/register', () => {
  it.each([
    ['a short password', { password: 'Rain-Wat2!', passwordRepeat: 'Rain-Wat2!' }, /password: at least 12 characters/],
    ['no upper case', { password: 'rain-water-2025!', passwordRepeat: 'rain-water-2025!' }, /password: at least 12/],
    ['no lower case', { password: 'RAIN-WATER-2025!', passwordRepeat: 'RAIN-WATER-2025!' }, /password: at least 12/],
    ['no digit', { password: 'Rain-Water-Two!', passwordRepeat: 'Rain-Water-Two!' }, /password: at least 12/],
    ['no special character', { password: 'RainWater2025x', passwordRepeat: 'RainWater2025x' }, /password: at least 12/],
    ['a different repeat', { passwordRepeat: 'Rain-Water-2026!' }, /passwordRepeat: passwordNotMatching/],
    ['an invalid e-mail', { email: 'erika@' }, /email: must be an e-mail address/],
    ['an invalid phone number', { phoneNumber: 'call me' }, /phoneNumber/],
    ['a blank name', { name: '   ' }, /name: must not be empty or only white space/],
    ['a blank city', { city: '\t' }, /city: must not be empty/],
    ['no street', { street: undefined }, /street is required/],
    ['no house number', { houseNumber: undefined }, /houseNumber is required/],
    ['no zip code', { zipCode: undefined }, /zipCode is required/],
    ['no e-mail', { email: undefined }, /email is required/],
    ['no name', { name: undefined }, /name is required/],
    ['no consent', { gdprConsent: false }, /gdprConsent/],
    ['an unknown form of address', { formOfAddress: 'SIR' }, /formOfAddress/],
  ])('refuses %s with code 2', async (_name, change, expected) => {
    const response = await testApp().client().post('/api/User/register', registration(change));
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { type: string; code: number; message: string };
    expect(body).toMatchObject({ type: 'ERROR', code: 2 });
    expect(body.message).toMatch(expected);
  });

  it('accepts optional fields as null or empty and stores them as null', async () => {
    const client = testApp().client();
    const email = await registerConfirmed(testApp(), client, { company: null, phoneNumber: '', formOfAddress: undefined });
    const session = await client.signIn(email, PASSWORD);
    expect((session.json() as { user: unknown }).user).toMatchObject({ company: null, phoneNumber: null, formOfAddress: 'NONE' });
  });

  it('answers the same for an address that has an account, and mails its owner instead', async () => {
    const client = testApp().client();
    const email = await registerConfirmed(testApp(), client);
    const again = await client.post('/api/User/register', registration({ email, name: 'Mallory' }));
    expect(again.statusCode).toBe(200);
    const first = await client.post('/api/User/register', registration());
    expect(again.json()).toEqual(first.json());

    const mail = await testApp().smtp.nextMail(email);
    expect(mail.subject).toBe('rainplan: Sie sind bereits registriert');
    expect(mail.links).toEqual(['http://rainplan.test/authentication/forgotpassword']);
    // The existing account is unchanged: same name, password still valid.
    const session = await client.signIn(email, PASSWORD);
    expect((session.json() as { user: { name: string } }).user.name).toBe('Erika Mustermann');
  });
});

describe('GET /User/confirmEmail', () => {
  it('accepts a code once, and refuses wrong and expired ones with code 14', async () => {
    const client = testApp().client();
    const body = registration();
    const email = String(body['email']);
    await client.post('/api/User/register', body);
    const query = linkQuery((await testApp().smtp.nextMail(email)).links[0] ?? '');

    const wrong = await client.get('/api/User/confirmEmail', { ...query, code: 'not-the-code' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ type: 'ERROR', code: 14 });
    const garbageUser = await client.get('/api/User/confirmEmail', { ...query, userId: 'not-a-uuid' });
    expect(garbageUser.json()).toMatchObject({ type: 'ERROR', code: 14 });

    expect((await client.get('/api/User/confirmEmail', query)).statusCode).toBe(200);
    const twice = await client.get('/api/User/confirmEmail', query);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ type: 'ERROR', code: 14 });

    // Codes are stored hashed, never as sent.
    const em = testApp().app.orm.em.fork();
    const stored = await em.find(OneTimeCode, {});
    expect(stored.every((row) => row.codeHash !== query['code'] && /^[0-9a-f]{64}$/.test(row.codeHash))).toBe(true);
  });

  it('refuses an expired code', async () => {
    const client = testApp().client();
    const body = registration();
    const email = String(body['email']);
    await client.post('/api/User/register', body);
    const query = linkQuery((await testApp().smtp.nextMail(email)).links[0] ?? '');
    await testApp().app.orm.em.fork().nativeUpdate(OneTimeCode, { user: query['userId'] ?? '' }, { expiresAt: new Date(Date.now() - 1000) });
    const expired = await client.get('/api/User/confirmEmail', query);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ type: 'ERROR', code: 14 });
    const user = await testApp().app.orm.em.fork().findOneOrFail(User, { email });
    expect(user.status).toBe('UNCONFIRMED');
  });
});

describe('POST /User/resendConfirmationEmail', () => {
  it('sends a new link only to unconfirmed accounts, with the same answer for every address', async () => {
    const client = testApp().client();
    const body = registration();
    const email = String(body['email']);
    await client.post('/api/User/register', body);
    const firstLink = (await testApp().smtp.nextMail(email)).links[0] ?? '';

    const resend = await client.post('/api/User/resendConfirmationEmail', { email });
    const unknown = await client.post('/api/User/resendConfirmationEmail', { email: `nobody.${Date.now()}@example.com` });
    expect(resend.statusCode).toBe(200);
    expect(unknown.json()).toEqual(resend.json());

    const secondLink = (await testApp().smtp.nextMail(email)).links[0] ?? '';
    expect(secondLink).not.toBe(firstLink);
    // The new code replaces the old one.
    expect((await client.get('/api/User/confirmEmail', linkQuery(firstLink))).statusCode).toBe(400);
    expect((await client.get('/api/User/confirmEmail', linkQuery(secondLink))).statusCode).toBe(200);

    const confirmed = await client.post('/api/User/resendConfirmationEmail', { email });
    expect(confirmed.json()).toEqual(resend.json());
    await testApp().app.mailer.idle();
    expect(testApp().smtp.pending(email)).toEqual([]);
  });
});

describe('GET /User/roles', () => {
  it('lists the roles of the spec to signed-in users', async () => {
    const client = testApp().client();
    expect((await client.get('/api/User/roles')).statusCode).toBe(401);
    await client.signIn(await registerConfirmed(testApp(), client), PASSWORD);
    const roles = await client.get('/api/User/roles');
    expect(roles.json()).toEqual(['Administrator', 'analyst', 'internal']);
  });
});
