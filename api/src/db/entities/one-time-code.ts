import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './user.ts';

/** What a code sent by e-mail allows. */
export const CODE_PURPOSES = ['CONFIRM_EMAIL', 'CHANGE_EMAIL', 'RESET_PASSWORD'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/**
 * A single-use code sent by e-mail (e-mail confirmation, e-mail change, password reset). Only the
 * SHA-256 of the code is stored; the row is deleted when the code is used or superseded.
 */
export const OneTimeCode = defineEntity({
  name: 'OneTimeCode',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    purpose: p.enum(CODE_PURPOSES),
    codeHash: p.string().length(64).unique(),
    /** The address being confirmed by a CHANGE_EMAIL code. */
    newEmail: p.string().length(320).nullable(),
    expiresAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type OneTimeCode = InferEntity<typeof OneTimeCode>;
