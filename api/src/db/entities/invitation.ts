import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Organization } from './organization.ts';
import { User } from './user.ts';

/**
 * A pending invitation of a user into an organization (issue 13, item 3; decision 0070). Adding a
 * member is only ever an invitation: the user joins when they accept it (signed in, from the
 * e-mail link or the notice in the app); until then nothing is shared. At most one per user and
 * organization; accepting, declining, withdrawing or the expiry ends it.
 */
export const OrganizationInvitation = defineEntity({
  name: 'OrganizationInvitation',
  tableName: 'organization_invitation',
  uniques: [{ properties: ['organization', 'user'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).deleteRule('cascade').index(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    /** Who invited (null once that account is deleted). */
    invitedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
  },
});
export type OrganizationInvitation = InferEntity<typeof OrganizationInvitation>;
