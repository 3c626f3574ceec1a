import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Organization } from './organization.ts';

/** The spec's forms of address (section 3). */
export const FORMS_OF_ADDRESS = ['MALE', 'FEMALE', 'NONE', 'COMPANY', 'OTHER'] as const;
export type FormOfAddress = (typeof FORMS_OF_ADDRESS)[number];

/** The spec's roles (section 6), spelled as the spec names them. */
export const ROLES = ['Administrator', 'analyst', 'internal'] as const;
export type Role = (typeof ROLES)[number];

/** UNCONFIRMED until the registration e-mail is confirmed, then ACTIVE. */
export const USER_STATUSES = ['UNCONFIRMED', 'ACTIVE'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Languages of the interface and of e-mails (spec section 9). */
export const CULTURES = ['de', 'en'] as const;
export type Culture = (typeof CULTURES)[number];

export const User = defineEntity({
  name: 'User',
  tableName: 'app_user',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    /** Lower-cased and trimmed; unique. */
    email: p.string().length(320).unique(),
    passwordHash: p.text().hidden().lazy(),
    formOfAddress: p.enum(FORMS_OF_ADDRESS),
    name: p.string(),
    company: p.string().nullable(),
    street: p.string(),
    houseNumber: p.string().length(50),
    zipCode: p.string().length(20),
    city: p.string(),
    phoneNumber: p.string().length(50).nullable(),
    roles: p.array<Role>().default([]),
    status: p.enum(USER_STATUSES).default('UNCONFIRMED'),
    culture: p.enum(CULTURES).default('de'),
    gdprConsentAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastLogin: p.datetime().nullable(),
    organization: () => p.manyToOne(Organization).nullable().deleteRule('set null').index(),
  },
});
export type User = InferEntity<typeof User>;
