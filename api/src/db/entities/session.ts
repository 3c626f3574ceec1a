import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A browser session (@fastify/session), kept in the database so that several API processes can
 * serve one user. `userId` is a copy of the signed-in user's id, so that all sessions of a user
 * can be ended at once (password change and reset).
 */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'http_session',
  properties: {
    id: p.string().length(128).primary(),
    userId: p.uuid().nullable().index(),
    data: p.json<Record<string, unknown>>(),
    expiresAt: p.datetime().index(),
  },
});
export type Session = InferEntity<typeof Session>;
