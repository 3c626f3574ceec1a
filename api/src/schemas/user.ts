/** Schemas of the User calls (spec sections 3 and 7). Field names exactly as the spec. */
import { Type, type Static } from 'typebox';
import { FORMS_OF_ADDRESS, ROLES, USER_STATUSES } from '../db/entities/user.ts';
import { Email, NewPassword, NonBlank, Nullable, OptionalText } from './common.ts';

export const FormOfAddress = Type.Enum(FORMS_OF_ADDRESS, { description: 'Form of address' });
export const RoleName = Type.Enum(ROLES);

/** Phone numbers: digits with an optional leading +, spaces, ()/.- separators; at least 5 digits. */
export const PHONE_PATTERN = '^$|^\\+?(?:[ ()/.\\-]*[0-9]){5,20}[ ()/.\\-]*$';

/** The personal data a user enters at registration and edits on the account page. */
const personalData = {
  formOfAddress: Type.Optional(FormOfAddress),
  name: NonBlank(200),
  email: Email,
  company: OptionalText(200),
  street: NonBlank(200),
  houseNumber: NonBlank(50),
  zipCode: NonBlank(20),
  city: NonBlank(200),
  phoneNumber: OptionalText(50, { pattern: PHONE_PATTERN, description: 'Phone number' }),
};

/** The personal data alone (the web app's generated types declare it once). */
export const PersonalData = Type.Object(personalData);

export const RegisterBody = Type.Object({
  ...personalData,
  password: NewPassword,
  passwordRepeat: Type.String({ maxLength: 256, description: 'Must equal password' }),
  gdprConsent: Type.Literal(true, { description: 'Consent to the privacy policy and terms of use' }),
  uiCulture: Type.Optional(Type.String({ maxLength: 35 })),
});
export type RegisterBody = Static<typeof RegisterBody>;

/** PATCH /User: the personal data; other fields the client sends along (id, roles, …) are ignored. */
export const UserUpdateBody = Type.Object({ ...personalData, uiCulture: Type.Optional(Type.String({ maxLength: 35 })) });
export type UserUpdateBody = Static<typeof UserUpdateBody>;

export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
});

export const EmailBody = Type.Object({ email: Email, uiCulture: Type.Optional(Type.String({ maxLength: 35 })) });

export const ConfirmEmailQuery = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: 64 }),
  code: Type.String({ minLength: 1, maxLength: 200 }),
  newEmail: Type.Optional(Type.String({ maxLength: 320 })),
  uiCulture: Type.Optional(Type.String({ maxLength: 35 })),
});

export const ResetPasswordBody = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: 64 }),
  resetCode: Type.String({ minLength: 1, maxLength: 200 }),
  newPassword: NewPassword,
});

export const ChangePasswordBody = Type.Object({
  oldPassword: Type.String({ minLength: 1, maxLength: 256 }),
  newPassword: NewPassword,
  repeatPassword: Type.String({ maxLength: 256 }),
});

const UserRef = Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() });

export const UserDto = Type.Object(
  {
    id: Type.String(),
    formOfAddress: FormOfAddress,
    name: Type.String(),
    email: Type.String(),
    company: Nullable(Type.String()),
    zipCode: Type.String(),
    city: Type.String(),
    street: Type.String(),
    houseNumber: Type.String(),
    phoneNumber: Nullable(Type.String()),
    organization: Nullable(Type.Object({ id: Type.String(), name: Type.String(), owner: UserRef })),
    roles: Type.Array(RoleName),
    isAdmin: Type.Boolean(),
    isInternal: Type.Boolean(),
    status: Type.Enum(USER_STATUSES),
    lastLogin: Nullable(Type.String({ format: 'date-time' })),
  },
  { description: 'A user as the spec describes it (section 3)' },
);
export type UserDto = Static<typeof UserDto>;

export const SessionResponse = Type.Object({
  user: UserDto,
  token: Type.String({ description: 'Anti-forgery token: send it as header X-XSRF-TOKEN on every state-changing call' }),
});

export const RolesResponse = Type.Array(RoleName, { description: 'The role names that exist' });
