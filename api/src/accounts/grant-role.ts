import type { EntityManager } from '../db/orm.ts';
import { User, type Role } from '../db/entities/user.ts';
import { normalizeEmail } from './user-dto.ts';

export type GrantResult = 'granted' | 'already' | 'no-such-user';

/** Gives the user with this e-mail address a role (no-op when they have it). */
export async function grantRole(em: EntityManager, email: string, role: Role): Promise<GrantResult> {
  const user = await em.findOne(User, { email: normalizeEmail(email) });
  if (user === null) return 'no-such-user';
  if (user.roles.includes(role)) return 'already';
  user.roles = [...user.roles, role];
  await em.flush();
  return 'granted';
}
