/**
 * Single-use codes sent by e-mail (confirmation, e-mail change, password reset). The code itself
 * goes only into the mail; the database keeps its SHA-256. Issuing a code replaces the user's
 * earlier codes of the same purpose; using one deletes it, and an expired code is refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '../db/orm.ts';
import { OneTimeCode, type CodePurpose } from '../db/entities/one-time-code.ts';
import type { User } from '../db/entities/user.ts';

const hashCode = (code: string): string => createHash('sha256').update(code).digest('hex');

export async function issueCode(
  em: EntityManager,
  user: User,
  purpose: CodePurpose,
  lifetime: number,
  newEmail: string | null = null,
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await em.nativeDelete(OneTimeCode, { user: user.id, purpose });
  em.create(OneTimeCode, { user, purpose, codeHash: hashCode(code), newEmail, expiresAt: new Date(Date.now() + lifetime) });
  await em.flush();
  return code;
}

/**
 * Uses a code: returns it (with its user) when it is valid for this user and purpose, else null.
 * The delete is the check against using a code twice: of two concurrent uses only one deletes.
 */
export async function consumeCode(
  em: EntityManager,
  userId: string,
  purpose: CodePurpose,
  code: string,
  /** For CHANGE_EMAIL: the address the code was issued for (a code tried with another is kept). */
  newEmail?: string,
): Promise<OneTimeCode | null> {
  const where = { codeHash: hashCode(code), purpose, user: userId, ...(newEmail === undefined ? {} : { newEmail }) };
  const row = await em.findOne(OneTimeCode, where, { populate: ['user'] });
  if (row === null) return null;
  const deleted = await em.nativeDelete(OneTimeCode, { id: row.id });
  if (deleted !== 1 || row.expiresAt.getTime() <= Date.now()) return null;
  return row;
}
