import { describe, expect, it } from 'vitest';
import { Session } from '../../db/entities/session.ts';
import { linkQuery, PASSWORD, registerConfirmed } from '../../testing/accounts.ts';
import { fileTestApp, type Client } from '../../testing/test-app.ts';

const NEW_PASSWORD = 'Storm-Drain-2026?';

const testApp = fileTestApp();

async function signedIn(): Promise<{ client: Client; email: string; userId: string }> {
  const client = testApp().client();
  const email = await registerConfirmed(testApp(), client);
  const session = await client.signIn(email, PASSWORD);
  return { client, email, userId: (session.json() as { user: { id: string } }).user.id };
}

describe('forgot and reset password', () => {
  it('mails a single-use link; the new password works, the old one and every session end', async () => {
    const { client, email, userId } = await signedIn();
    const anonymous = testApp().client();

    const forgot = await anonymous.post('/api/User/forgotPassword', { email: email.toUpperCase(), uiCulture: 'en' });
    const unknown = await anonymous.post('/api/User/forgotPassword', { email: `nobody.${Date.now()}@example.com` });
    expect(forgot.statusCode).toBe(200);
    expect(unknown.json()).toEqual(forgot.json());

    const mail = await testApp().smtp.nextMail(email);
    expect(mail.subject).toBe('rainplan: reset your password');
    const link = new URL(mail.links[0] ?? '');
    expect(link.pathname).toBe('/authentication/resetpassword');
    const { resetCode } = linkQuery(link.href);
    expect(link.searchParams.get('userId')).toBe(userId);

    const weak = await anonymous.post('/api/User/resetPassword', { userId, resetCode, newPassword: 'short' });
    expect(weak.json()).toMatchObject({ type: 'ERROR', code: 2 });

    const reset = await anonymous.post('/api/User/resetPassword', { userId, resetCode, newPassword: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await anonymous.post('/api/User/resetPassword', { userId, resetCode, newPassword: NEW_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ type: 'ERROR', code: 14 });

    expect((await client.get('/api/User')).statusCode).toBe(401); // sessions ended
    expect((await anonymous.post('/api/User/login', { email, password: PASSWORD })).statusCode).toBe(401);
    await anonymous.signIn(email, NEW_PASSWORD);
  });

  it('refuses a reset code of another user, a wrong code and an expired one', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const anonymous = testApp().client();
    await anonymous.post('/api/User/forgotPassword', { email: first.email });
    const { resetCode } = linkQuery((await testApp().smtp.nextMail(first.email)).links[0] ?? '');

    for (const body of [
      { userId: second.userId, resetCode, newPassword: NEW_PASSWORD },
      { userId: first.userId, resetCode: 'guessed', newPassword: NEW_PASSWORD },
      { userId: 'no-uuid', resetCode, newPassword: NEW_PASSWORD },
    ]) {
      const response = await anonymous.post('/api/User/resetPassword', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ type: 'ERROR', code: 14 });
    }
    await anonymous.post('/api/User/forgotPassword', { email: first.email });
    const newer = linkQuery((await testApp().smtp.nextMail(first.email)).links[0] ?? '');
    // Asking again replaced the first code.
    expect((await anonymous.post('/api/User/resetPassword', { userId: first.userId, resetCode, newPassword: NEW_PASSWORD })).statusCode).toBe(400);
    const { OneTimeCode } = await import('../../db/entities/one-time-code.ts');
    await testApp().app.orm.em.fork().nativeUpdate(OneTimeCode, { user: first.userId }, { expiresAt: new Date(Date.now() - 1) });
    const expired = await anonymous.post('/api/User/resetPassword', { userId: first.userId, resetCode: newer['resetCode'], newPassword: NEW_PASSWORD });
    expect(expired.json()).toMatchObject({ type: 'ERROR', code: 14 });
  });
});

describe('POST /User/password', () => {
  it('checks the old password and the repeat, then ends every session of the user', async () => {
    const { client, email, userId } = await signedIn();
    const other = testApp().client();
    await other.signIn(email, PASSWORD);

    const wrongOld = await client.post('/api/User/password', { oldPassword: 'Not-The-Old-1!', newPassword: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json()).toMatchObject({ type: 'ERROR', code: 22 });
    const mismatch = await client.post('/api/User/password', { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, repeatPassword: PASSWORD });
    expect(mismatch.json()).toMatchObject({ type: 'ERROR', code: 2, message: expect.stringContaining('passwordNotMatching') });
    const weak = await client.post('/api/User/password', { oldPassword: PASSWORD, newPassword: 'weakpassword', repeatPassword: 'weakpassword' });
    expect(weak.json()).toMatchObject({ type: 'ERROR', code: 2 });

    const changed = await client.post('/api/User/password', { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(client.cookies.has('rainplan.sid')).toBe(false);
    expect((await other.get('/api/User')).statusCode).toBe(401);
    expect(await testApp().app.orm.em.fork().count(Session, { userId })).toBe(0);

    await client.signIn(email, NEW_PASSWORD);
  });
});

describe('PATCH /User', () => {
  it('saves the personal data and ignores fields that are not editable', async () => {
    const { client } = await signedIn();
    const { user } = (await client.get('/api/User')).json() as { user: Record<string, unknown> };
    const response = await client.patch('/api/User', {
      ...user,
      name: '  Erika Musterfrau ',
      company: '',
      phoneNumber: '030 / 98765-43',
      formOfAddress: 'OTHER',
      roles: ['Administrator'],
      isAdmin: true,
      status: 'ACTIVE',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Erika Musterfrau',
      company: null,
      phoneNumber: '030 / 98765-43',
      formOfAddress: 'OTHER',
      roles: [],
      isAdmin: false,
    });
    const invalid = await client.patch('/api/User', { ...user, zipCode: ' ' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ type: 'ERROR', code: 2 });
  });

  it('changes the e-mail address only after confirmation at the new address', async () => {
    const { client, email } = await signedIn();
    const { user } = (await client.get('/api/User')).json() as { user: Record<string, unknown> };
    const newEmail = `new.${Date.now()}@example.org`;

    const response = await client.call({ method: 'PATCH', url: '/api/User', query: { uiCulture: 'en' }, body: { ...user, email: newEmail } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ email }); // unchanged until confirmed

    const mail = await testApp().smtp.nextMail(newEmail);
    expect(mail.subject).toBe('rainplan: please confirm your new e-mail address');
    const query = linkQuery(mail.links[0] ?? '');
    expect(query['newEmail']).toBe(newEmail);
    expect((await client.get('/api/User/confirmEmail', { ...query, newEmail: 'other@example.org' })).statusCode).toBe(400);

    const confirm = await client.get('/api/User/confirmEmail', query);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(((await client.get('/api/User')).json() as { user: { email: string } }).user.email).toBe(newEmail);
    await testApp().client().signIn(newEmail, PASSWORD);
    expect((await testApp().client().post('/api/User/login', { email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('answers the same when the new address belongs to another account, and tells that account', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const { user } = (await first.client.get('/api/User')).json() as { user: Record<string, unknown> };
    const response = await first.client.patch('/api/User', { ...user, email: second.email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: first.email });
    const notice = await testApp().smtp.nextMail(second.email);
    expect(notice.subject).toBe('rainplan: Ihre E-Mail-Adresse');
    expect(notice.links).toEqual([]);
  });
});
