import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Project } from './project.ts';
import { User } from './user.ts';

/**
 * A read-only share link of a project (issue 19, part 3; decision 0135). The token itself is
 * never stored: only its SHA-256 (hex), looked up by an index, so a copy of the database opens no
 * project. Revoking sets `revokedAt` (the row stays, with its access log); deleting the project
 * deletes its links.
 */
export const ShareLink = defineEntity({
  name: 'ShareLink',
  tableName: 'share_link',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    project: () => p.manyToOne(Project).deleteRule('cascade').index(),
    /** SHA-256 of the token, 64 lower-case hex digits. */
    tokenHash: p.string().length(64).unique(),
    label: p.string().length(200).nullable(),
    /** Who created it (null once that account is deleted). */
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    creationDate: p.datetime().onCreate(() => new Date()),
    /** null = does not expire. */
    expiresAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    /** The last time the shared view or one of its documents was read. */
    lastAccessAt: p.datetime().nullable(),
    /** How often the shared view was opened. */
    accessCount: p.integer().default(0),
  },
});
export type ShareLink = InferEntity<typeof ShareLink>;
