/** Component tests of the account forms: registration (submit rules, repeat re-validation), login navigation. */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { createTestRouter } from '../../router/createAppRouter.ts';
import { renderWithStore, signedIn, SIGNED_OUT, testStore, type StubAnswer } from '../../test/render.tsx';

async function visit(path: string, answers: Record<string, StubAnswer> = SIGNED_OUT) {
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const store = testStore(answers);
  const router = createTestRouter(store, [path]);
  renderWithStore(<RouterProvider router={router} />, store);
  await waitFor(() => expect(router.state.initialized).toBe(true));
  await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 }).length).toBeGreaterThan(0));
  return { router, store };
}

function type(label: string | RegExp, value: string) {
  const input = screen.getByLabelText(label, { selector: 'input, textarea' });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('registration form', () => {
  it('keeps submit disabled until the form is valid and the repeat password was touched; re-validates the repeat on a new password', async () => {
    await visit('/authentication/registration');
    const submit = () => screen.getByRole('button', { name: 'Registrieren' }) as HTMLButtonElement;
    expect(submit().disabled).toBe(true);
    type(/^Name/, 'Erika Muster');
    type(/^E-Mail-Adresse/, 'erika@example');
    expect(screen.getByText('Bitte eine gültige E-Mail-Adresse eingeben.')).toBeTruthy();
    type(/^E-Mail-Adresse/, 'erika@example.com');
    type(/^Straße/, 'Musterweg');
    type(/^Hausnummer/, '1');
    type(/^Postleitzahl/, '80331');
    type(/^Ort/, 'München');
    type(/^Telefonnummer/, 'abc');
    expect(screen.getByText(/Bitte eine gültige Telefonnummer/)).toBeTruthy();
    type(/^Telefonnummer/, '+49 89 123456');
    type(/^Passwort$/, 'kurz');
    expect(screen.getByText(/Mindestens 12 Zeichen mit Groß- und Kleinbuchstaben/)).toBeTruthy();
    type(/^Passwort$/, 'Regen-Wasser-2025!');
    fireEvent.click(screen.getByRole('checkbox'));
    expect(submit().disabled).toBe(true); // repeat not touched yet
    type(/^Passwort wiederholen/, 'Regen-Wasser-2025!');
    expect(submit().disabled).toBe(false);
    type(/^Passwort$/, 'Regen-Wasser-2026!');
    expect(screen.getByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();
    expect(submit().disabled).toBe(true);
  });

  it('registers and goes to the check-e-mail screen with the address', async () => {
    const { router } = await visit('/authentication/registration', { ...SIGNED_OUT, 'POST /api/User/register': { body: { type: 'MESSAGE', code: 0, message: 'ok' } } });
    type(/^Name/, 'Erika Muster');
    type(/^E-Mail-Adresse/, 'erika@example.com');
    type(/^Straße/, 'Musterweg');
    type(/^Hausnummer/, '1');
    type(/^Postleitzahl/, '80331');
    type(/^Ort/, 'München');
    type(/^Passwort$/, 'Regen-Wasser-2025!');
    type(/^Passwort wiederholen/, 'Regen-Wasser-2025!');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Registrieren' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/checkemail'));
    await screen.findByText(/erika@example.com/);
  });
});

describe('login form', () => {
  it('shows a wrong-credentials message (code 12) without a generic notice', async () => {
    await visit('/', { ...SIGNED_OUT, 'POST /api/User/login': { status: 401, body: { type: 'ERROR', code: 12, message: 'wrong' } } });
    type(/^E-Mail-Adresse/, 'erika@example.com');
    type(/^Passwort/, 'falsch');
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('E-Mail-Adresse oder Passwort ist falsch.');
  });

  it('goes to requestedLocation after the login', async () => {
    let signedInNow = false;
    const answers: Record<string, StubAnswer> = {
      'POST /api/User/login': { body: { type: 'MESSAGE', code: 0, message: 'ok' } },
    };
    Object.defineProperty(answers, '/api/User', { enumerable: true, get: () => (signedInNow ? signedIn()['/api/User'] : SIGNED_OUT['/api/User']) });
    const { router } = await visit('/?requestedLocation=%2Fuser%2Faccount', answers);
    type(/^E-Mail-Adresse/, 'erika@example.com');
    type(/^Passwort/, 'Regen-Wasser-2025!');
    signedInNow = true;
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/account'));
  });

  it('goes to /error when the user info cannot be loaded after the login', async () => {
    const { router } = await visit('/', { ...SIGNED_OUT, 'POST /api/User/login': { body: { type: 'MESSAGE', code: 0, message: 'ok' } } });
    type(/^E-Mail-Adresse/, 'erika@example.com');
    type(/^Passwort/, 'Regen-Wasser-2025!');
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
  });
});

describe('password reset', () => {
  it("shows the server's answer message as success (in the UI language when known), with the hint", async () => {
    const answer = { type: 'MESSAGE', code: 0, message: 'If an account is linked to this address, a link to reset the password is on its way.' };
    await visit('/authentication/forgotpassword', { ...SIGNED_OUT, 'POST /api/User/forgotPassword': { body: answer } });
    type(/^E-Mail-Adresse/, 'erika@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Link anfordern' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Falls ein Konto mit dieser Adresse verknüpft ist, ist ein Link zum Zurücksetzen des Passworts unterwegs.');
    expect(document.body.textContent).toContain('Falls zu erika@example.com ein Konto besteht');
  });

  it('shows an answer text it does not know as the server wrote it', async () => {
    await visit('/authentication/forgotpassword', { ...SIGNED_OUT, 'POST /api/User/forgotPassword': { body: { type: 'MESSAGE', code: 0, message: 'Reset link sent.' } } });
    type(/^E-Mail-Adresse/, 'erika@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect((await screen.findByRole('status')).textContent).toBe('Reset link sent.');
  });

  it('stays on the form when the request fails', async () => {
    await visit('/authentication/forgotpassword', { ...SIGNED_OUT, 'POST /api/User/forgotPassword': { status: 429, body: { type: 'ERROR', code: 1, message: 'too many' } } });
    type(/^E-Mail-Adresse/, 'erika@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Link anfordern' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Link anfordern' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText(/ein Link zum Zurücksetzen des Passworts unterwegs/)).toBeNull();
  });

  it('the success view links to the login and takes the user there after a few seconds', async () => {
    const { router } = await visit('/authentication/resetpassword?userId=u1&resetCode=c1', { ...SIGNED_OUT, 'POST /api/User/resetPassword': { body: { type: 'MESSAGE', code: 0, message: 'ok' } } });
    type(/^Neues Passwort/, 'Regen-Wasser-2026!');
    type(/^Passwort wiederholen/, 'Regen-Wasser-2026!');
    fireEvent.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    await screen.findByRole('heading', { level: 1, name: 'Passwort geändert' });
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' }).getAttribute('href')).toBe('/');
    expect(document.body.textContent).toContain('Sie werden in 5 Sekunden zur Anmeldung weitergeleitet.');
    expect(router.state.location.pathname).toBe('/authentication/resetpassword');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 8000 });
  }, 15_000);
});
