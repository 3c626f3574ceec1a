import { describe, expect, it } from 'vitest';
import {
  EMPTY_PERSONAL_DATA,
  email,
  newPassword,
  phone,
  repeatPassword,
  requiredText,
  samePersonalData,
  toUserUpdate,
  validatePasswordChange,
  validatePersonalData,
  validateRegistration,
  type PersonalData,
} from './validation.ts';

const person: PersonalData = {
  formOfAddress: 'FEMALE', name: 'Erika Muster', email: 'erika@example.com', company: '', street: 'Musterweg', houseNumber: '1',
  zipCode: '80331', city: 'München', phoneNumber: '+49 89 123456',
};

describe('validation rules (platform spec section 5)', () => {
  it('password: at least 12 characters with upper, lower, digit and special character', () => {
    expect(newPassword('')).toBe('validation.required');
    expect(newPassword('Kurz-1a')).toBe('validation.passwordPolicy');
    expect(newPassword('regen-wasser-2025!')).toBe('validation.passwordPolicy'); // no upper case
    expect(newPassword('REGEN-WASSER-2025!')).toBe('validation.passwordPolicy'); // no lower case
    expect(newPassword('Regen-Wasser-abc!')).toBe('validation.passwordPolicy'); // no digit
    expect(newPassword('RegenWasser2025')).toBe('validation.passwordPolicy'); // no special character
    expect(newPassword('Regen-Wasser-2025!')).toBeUndefined();
    expect(newPassword('Ölwanne-Über1')).toBeUndefined(); // umlauts count as letters
  });

  it('repeat password must equal the new password (passwordNotMatching)', () => {
    expect(repeatPassword('a', 'b')).toBe('validation.passwordNotMatching');
    expect(repeatPassword('Regen-Wasser-2025!', 'Regen-Wasser-2025!')).toBeUndefined();
  });

  it('e-mail and phone formats; name-like fields not blank', () => {
    expect(email('erika@example.com')).toBeUndefined();
    expect(email(' erika@example.com ')).toBeUndefined();
    expect(email('erika@example')).toBe('validation.email');
    expect(email('erika example.com')).toBe('validation.email');
    expect(email('')).toBe('validation.required');
    expect(phone('')).toBeUndefined();
    expect(phone('+49 (89) 123-456')).toBeUndefined();
    expect(phone('089/1234')).toBeUndefined();
    expect(phone('1234')).toBe('validation.phone'); // fewer than 5 digits
    expect(phone('089 1234 ext')).toBe('validation.phone');
  });

  it('personal data: name, e-mail, street, house number, zip code, city required; company optional', () => {
    expect(validatePersonalData(person)).toEqual({});
    expect(validatePersonalData({ ...person, name: '   ', street: '', houseNumber: ' ', zipCode: '', city: '\t', company: '' })).toEqual({
      name: 'validation.required', street: 'validation.required', houseNumber: 'validation.required', zipCode: 'validation.required', city: 'validation.required',
    });
    expect(validatePersonalData({ ...person, phoneNumber: 'call me' })).toEqual({ phoneNumber: 'validation.phone' });
    expect(requiredText(null)).toBe('validation.required');
  });

  it('registration adds password, repeat and consent', () => {
    const data = { ...person, password: 'Regen-Wasser-2025!', passwordRepeat: 'Regen-Wasser-2025!', gdprConsent: true };
    expect(validateRegistration(data)).toEqual({});
    expect(validateRegistration({ ...data, passwordRepeat: 'other', gdprConsent: false })).toEqual({ passwordRepeat: 'validation.passwordNotMatching', gdprConsent: 'validation.consent' });
    // a change of the new password re-validates the repeat field
    expect(validateRegistration({ ...data, password: 'Regen-Wasser-2026!' }).passwordRepeat).toBe('validation.passwordNotMatching');
    expect(Object.keys(validateRegistration({ ...EMPTY_PERSONAL_DATA, password: '', passwordRepeat: '', gdprConsent: false })).sort()).toEqual(
      ['city', 'email', 'gdprConsent', 'houseNumber', 'name', 'password', 'street', 'zipCode'].sort(),
    );
  });

  it('password change: old password required for one’s own, new and repeat as at registration', () => {
    expect(validatePasswordChange({ oldPassword: '', newPassword: 'Regen-Wasser-2025!', repeatPassword: 'Regen-Wasser-2025!' })).toEqual({ oldPassword: 'validation.required' });
    expect(validatePasswordChange({ oldPassword: '', newPassword: 'Regen-Wasser-2025!', repeatPassword: 'Regen-Wasser-2025!' }, false)).toEqual({});
    expect(validatePasswordChange({ oldPassword: 'x', newPassword: 'short', repeatPassword: 'shorter' })).toEqual({ newPassword: 'validation.passwordPolicy', repeatPassword: 'validation.passwordNotMatching' });
  });

  it('compares and converts personal data for PATCH /User', () => {
    expect(samePersonalData(person, { ...person, name: ' Erika Muster ' })).toBe(true);
    expect(samePersonalData(person, { ...person, city: 'Ulm' })).toBe(false);
    expect(toUserUpdate({ ...person, company: '  ', phoneNumber: '' })).toMatchObject({ company: null, phoneNumber: null, name: 'Erika Muster' });
  });
});
