/** Schemas shared by the routes: the error and message bodies, and reusable field rules. */
import { Type, type Static, type TObject, type TString, type TUnsafe } from 'typebox';

export const ErrorBody = Type.Object(
  {
    type: Type.Literal('ERROR'),
    code: Type.Integer({ description: 'Error code (docs/api.md): 2 validation, 9 not signed in, 30–33 organizations, …' }),
    message: Type.String(),
  },
  { $id: 'ErrorBody', description: 'Every failure answers with this body' },
);

/** A success notice (the spec's notification of type MESSAGE). */
export const MessageBody = Type.Object(
  {
    type: Type.Literal('MESSAGE'),
    code: Type.Literal(0),
    message: Type.String(),
  },
  { description: 'Success notice' },
);
export type MessageBody = Static<typeof MessageBody>;

export function message(text: string): MessageBody {
  return { type: 'MESSAGE', code: 0, message: text };
}

/** The error answers a route may give, for its response schema. */
export function errors(...statuses: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody]));
}

/** Not empty and not only white space (spec section 5: name-like fields). */
export const NonBlank = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', ...(description === undefined ? {} : { description }) });

/** An optional text the client may also send as null or "" for "not set". */
export const OptionalText = (maxLength: number, extra: { pattern?: string; description?: string } = {}) =>
  Type.Optional(Type.Union([Type.String({ maxLength, ...extra }), Type.Null()]));

/**
 * `T | null` for response fields, as one schema with a type list (OpenAPI 3.1) instead of
 * `anyOf`: fast-json-stringify serializes a type list directly, while for `anyOf` it validates the
 * value against each branch with ajv on every response (date-time formats included) — a
 * measurable part of a signed-in call (decision 0063).
 */
export function Nullable<T extends TString | TObject>(schema: T): TUnsafe<Static<T> | null> {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

export const Email = Type.String({ format: 'email', maxLength: 320, description: 'E-mail address' });

export const PASSWORD_MIN_LENGTH = 12;
/** Upper case, lower case, a digit and a special character (spec section 5). */
export const PASSWORD_PATTERN = '^(?=.*\\p{Lu})(?=.*\\p{Ll})(?=.*\\p{Nd})(?=.*[^\\p{L}\\p{Nd}]).*$';
export const NewPassword = Type.String({
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: 256,
  pattern: PASSWORD_PATTERN,
  description: 'At least 12 characters with upper case, lower case, a digit and a special character',
});

/** Language of e-mails: `de` (default) or `en`; regional forms such as `en-GB` are accepted. */
export const UiCulture = Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}([-_][A-Za-z0-9]{2,8})*$', maxLength: 35 }));
export const UiCultureQuery = Type.Object({ uiCulture: UiCulture });
