/** Test data for accounts: a valid registration, and registering plus confirming through the mail. */
import { expect } from 'vitest';
import type { Client, TestApp } from './test-app.ts';

export const PASSWORD = 'Rain-Water-2025!';

let counter = 0;

/** A valid registration body with a unique e-mail address. */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    formOfAddress: 'FEMALE',
    name: 'Erika Mustermann',
    email: `erika.${process.pid}.${counter}.${Date.now()}@example.com`,
    company: 'Mustermann Planung GmbH',
    street: 'Regenweg',
    houseNumber: '12a',
    zipCode: '10115',
    city: 'Berlin',
    phoneNumber: '+49 30 1234567',
    password: PASSWORD,
    passwordRepeat: PASSWORD,
    gdprConsent: true,
    ...overrides,
  };
}

/** The query of a link in a mail, as the web page would read it. */
export function linkQuery(link: string): Record<string, string> {
  return Object.fromEntries(new URL(link).searchParams);
}

/** Registers, follows the confirmation link and returns the e-mail address. */
export async function registerConfirmed(testApp: TestApp, client: Client, overrides: Record<string, unknown> = {}): Promise<string> {
  const body = registration(overrides);
  const email = String(body['email']);
  const register = await client.post('/api/User/register', body);
  expect(register.statusCode, register.body).toBe(200);
  const mail = await testApp.smtp.nextMail(email);
  const [link] = mail.links;
  const confirm = await client.get('/api/User/confirmEmail', linkQuery(link ?? ''));
  expect(confirm.statusCode, confirm.body).toBe(200);
  return email;
}
