import type { Loaded } from '@mikro-orm/core';
import type { User } from '../db/entities/user.ts';
import type { SignedInUser } from './signed-in-user.ts';
import type { UserDto } from '../schemas/user.ts';

/** Lower-cased and trimmed: the form in which e-mail addresses are stored and compared. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user as the api shows it; `organization.owner` must be loaded. */
export function toUserDto(user: User | Loaded<User, 'organization.owner'> | SignedInUser): UserDto {
  const organization = user.organization;
  return {
    id: user.id,
    formOfAddress: user.formOfAddress,
    name: user.name,
    email: user.email,
    company: user.company ?? null,
    zipCode: user.zipCode,
    city: user.city,
    street: user.street,
    houseNumber: user.houseNumber,
    phoneNumber: user.phoneNumber ?? null,
    organization:
      organization === null || organization === undefined
        ? null
        : {
            id: organization.id,
            name: organization.name,
            owner: { id: organization.owner.id, name: organization.owner.name, email: organization.owner.email },
          },
    roles: [...user.roles],
    isAdmin: user.roles.includes('Administrator'),
    isInternal: user.roles.includes('internal'),
    status: user.status,
    lastLogin: user.lastLogin?.toISOString() ?? null,
  };
}
