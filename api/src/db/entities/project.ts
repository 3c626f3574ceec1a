import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './user.ts';

/** Air pollution levels of the platform spec (section 3): L1…L4 = low, medium, heavy, strong. */
export const AIR_POLLUTION_TYPES = ['L1', 'L2', 'L3', 'L4'] as const;
export type AirPollutionType = (typeof AIR_POLLUTION_TYPES)[number];

/** Support state of a project (platform spec section 4): OPEN after the owner requests support. */
export const SUPPORT_STATES = ['OPEN', 'CLOSED'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];

/** Rule editions of the sizing (docs/calculation-reference.md §3); the engine's default is DWA-A 138-1:2024. */
export const RULE_EDITIONS = ['DWA-A 138-1:2024', 'DWA-A 138:2005'] as const;
export type RuleEditionName = (typeof RULE_EDITIONS)[number];

/**
 * A planning project. `creator` and `owner` become null when their account is deleted and the
 * project is anonymised; organization visibility follows the owner's organization.
 */
export const Project = defineEntity({
  name: 'Project',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    name: p.string(),
    comment: p.text().nullable(),
    /** WGS84 latitude and longitude in degrees, and the address text the planner chose. */
    latitude: p.double().nullable(),
    longitude: p.double().nullable(),
    address: p.text().nullable(),
    airPollution: p.enum(AIR_POLLUTION_TYPES).nullable(),
    /** The client block (formOfAddress, name, street, streetNo, zipCode, city). */
    clientData: p.json<Record<string, unknown>>().nullable(),
    /** Custom rain data as uploaded (raindataSeries, kostraCell); null = rain data by location. */
    customRainData: p.json<Record<string, unknown>>().nullable(),
    ruleEdition: p.enum(RULE_EDITIONS).default('DWA-A 138-1:2024'),
    creator: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    owner: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    supportState: p.enum(SUPPORT_STATES).default('CLOSED'),
    supportRequestDate: p.datetime().nullable(),
    creationDate: p.datetime().onCreate(() => new Date()).index(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Project = InferEntity<typeof Project>;
