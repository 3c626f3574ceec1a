import type { User } from '../db/entities/user.ts';
import type { UserUpdateBody } from '../schemas/user.ts';

/** Trimmed text, with "" and null both meaning "not set". */
export function optional(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; a link with anything else is refused before it reaches the database. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The personal data of an update body (PATCH /User, PATCH /Admin/{userId}/edit) written into
 * `user`: texts trimmed, empty optional ones unset, a missing form of address kept. The e-mail
 * address is each route's own (confirmed or taking effect at once).
 */
export function applyPersonalData(user: User, body: UserUpdateBody): void {
  user.formOfAddress = body.formOfAddress ?? user.formOfAddress;
  user.name = body.name.trim();
  user.company = optional(body.company);
  user.street = body.street.trim();
  user.houseNumber = body.houseNumber.trim();
  user.zipCode = body.zipCode.trim();
  user.city = body.city.trim();
  user.phoneNumber = optional(body.phoneNumber);
}
