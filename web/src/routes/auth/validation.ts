/**
 * Client validation of the account forms (platform spec section 5). Each rule returns the
 * message key (namespace `auth`, under `validation.`) of the first failure, or undefined.
 * The server checks the same rules (api/src/schemas/user.ts); these are for the user's benefit.
 */
import type { FormOfAddress } from '../../api/index.ts';

export const PASSWORD_MIN_LENGTH = 12;
/** Same as the api's PHONE_PATTERN: digits with an optional leading +, spaces and ()/.- separators; 5 to 20 digits. */
export const PHONE_PATTERN = /^$|^\+?(?:[ ()/.-]*[0-9]){5,20}[ ()/.-]*$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ValidationKey =
  | 'validation.required'
  | 'validation.email'
  | 'validation.phone'
  | 'validation.passwordPolicy'
  | 'validation.passwordNotMatching'
  | 'validation.consent';

export type Errors<F extends string> = Partial<Record<F, ValidationKey>>;

export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

export function requiredText(value: string | null | undefined): ValidationKey | undefined {
  return isBlank(value) ? 'validation.required' : undefined;
}

export function email(value: string): ValidationKey | undefined {
  if (isBlank(value)) return 'validation.required';
  return EMAIL_PATTERN.test(value.trim()) ? undefined : 'validation.email';
}

/** Optional phone number: empty passes. */
export function phone(value: string | null | undefined): ValidationKey | undefined {
  return PHONE_PATTERN.test((value ?? '').trim()) ? undefined : 'validation.phone';
}

/** At least 12 characters with upper case, lower case, a digit and a special character. */
export function newPassword(value: string): ValidationKey | undefined {
  if (value === '') return 'validation.required';
  const ok =
    [...value].length >= PASSWORD_MIN_LENGTH && /\p{Lu}/u.test(value) && /\p{Ll}/u.test(value) && /\p{Nd}/u.test(value) && /[^\p{L}\p{Nd}]/u.test(value);
  return ok ? undefined : 'validation.passwordPolicy';
}

/** Repeat password must equal the new password (re-validated whenever either changes). */
export function repeatPassword(repeat: string, password: string): ValidationKey | undefined {
  return repeat === password ? undefined : 'validation.passwordNotMatching';
}

export interface PersonalData {
  formOfAddress: FormOfAddress;
  name: string;
  email: string;
  company: string;
  street: string;
  houseNumber: string;
  zipCode: string;
  city: string;
  phoneNumber: string;
}

export type PersonalField = keyof PersonalData;

export const EMPTY_PERSONAL_DATA: PersonalData = {
  formOfAddress: 'NONE', name: '', email: '', company: '', street: '', houseNumber: '', zipCode: '', city: '', phoneNumber: '',
};

/** Name, e-mail, street, house number, zip code and city required; company optional; phone format. */
export function validatePersonalData(data: PersonalData): Errors<PersonalField> {
  const errors: Errors<PersonalField> = {};
  const set = (field: PersonalField, key: ValidationKey | undefined) => {
    if (key !== undefined) errors[field] = key;
  };
  set('name', requiredText(data.name));
  set('email', email(data.email));
  set('street', requiredText(data.street));
  set('houseNumber', requiredText(data.houseNumber));
  set('zipCode', requiredText(data.zipCode));
  set('city', requiredText(data.city));
  set('phoneNumber', phone(data.phoneNumber));
  return errors;
}

export interface RegistrationData extends PersonalData {
  password: string;
  passwordRepeat: string;
  gdprConsent: boolean;
}

export type RegistrationField = keyof RegistrationData;

export function validateRegistration(data: RegistrationData): Errors<RegistrationField> {
  const errors: Errors<RegistrationField> = { ...validatePersonalData(data) };
  const pw = newPassword(data.password);
  if (pw !== undefined) errors.password = pw;
  const repeat = repeatPassword(data.passwordRepeat, data.password);
  if (repeat !== undefined) errors.passwordRepeat = repeat;
  if (!data.gdprConsent) errors.gdprConsent = 'validation.consent';
  return errors;
}

export interface PasswordChangeData {
  oldPassword: string;
  newPassword: string;
  repeatPassword: string;
}

/** Old password required when changing one's own password. */
export function validatePasswordChange(data: PasswordChangeData, requireOld = true): Errors<keyof PasswordChangeData> {
  const errors: Errors<keyof PasswordChangeData> = {};
  if (requireOld && data.oldPassword === '') errors.oldPassword = 'validation.required';
  const pw = newPassword(data.newPassword);
  if (pw !== undefined) errors.newPassword = pw;
  const repeat = repeatPassword(data.repeatPassword, data.newPassword);
  if (repeat !== undefined) errors.repeatPassword = repeat;
  return errors;
}

export function hasErrors(errors: Readonly<Record<string, unknown>>): boolean {
  return Object.values(errors).some((value) => value !== undefined);
}

/** Personal data of a user as form values (null → ''). */
export function personalDataOf(user: {
  formOfAddress: FormOfAddress; name: string; email: string; company: string | null; street: string; houseNumber: string; zipCode: string; city: string; phoneNumber: string | null;
}): PersonalData {
  return {
    formOfAddress: user.formOfAddress,
    name: user.name,
    email: user.email,
    company: user.company ?? '',
    street: user.street ?? '',
    houseNumber: user.houseNumber ?? '',
    zipCode: user.zipCode ?? '',
    city: user.city ?? '',
    phoneNumber: user.phoneNumber ?? '',
  };
}

/** What PATCH /User (and PATCH /Admin/{id}/edit) receives: trimmed, empty optional fields as null. */
export function toUserUpdate(data: PersonalData) {
  const optional = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    formOfAddress: data.formOfAddress,
    name: data.name.trim(),
    email: data.email.trim(),
    company: optional(data.company),
    street: data.street.trim(),
    houseNumber: data.houseNumber.trim(),
    zipCode: data.zipCode.trim(),
    city: data.city.trim(),
    phoneNumber: optional(data.phoneNumber),
  };
}

export function samePersonalData(a: PersonalData, b: PersonalData): boolean {
  return (Object.keys(a) as PersonalField[]).every((key) => a[key].trim() === b[key].trim());
}
