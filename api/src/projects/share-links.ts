/**
 * Read-only share links (issue 19, part 3; decisions 0135–0137): a project's owner creates a link
 * whose random token opens the project read-only without an account.
 *
 * - The token is 32 bytes from `crypto.randomBytes` (256 bits), base64url (43 characters). It is
 *   shown once, in the answer that creates it; the database keeps only its SHA-256, and a call with
 *   a token looks the link up by that hash (an index look-up: no secret is compared in JS).
 * - A token grants reading exactly its project's shared data; it never creates a session.
 * - Unknown token → 404, code 70; revoked or expired → 410, code 71 (decision 0136).
 * - Calls are limited per client address (before the look-up) and per link (decision 0137), and
 *   logged on the link: the time of the last call and how often the view was opened.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { take, type Limit } from '../accounts/rate-counters.ts';
import { ShareLink } from '../db/entities/share-link.ts';
import type { EntityManager } from '../db/orm.ts';
import { ApiError, ErrorCode } from '../errors.ts';
import { projectFieldsOfRow, type ProjectFields, type ProjectFieldsRow } from './access.ts';

/** Random bytes of a token: 256 bits (the issue asks for at least 128). */
export const TOKEN_BYTES = 32;
/** A token as it appears in a URL: base64url of TOKEN_BYTES bytes. */
export const TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';
/** A project holds at most this many links (revoked and expired ones included, they keep their log). */
export const MAX_LINKS_PER_PROJECT = 100;
/** The latest expiry a link may have: one year (366 days, so "in a year" on a leap day passes). */
export const MAX_LIFETIME_MS = 366 * 24 * 60 * 60 * 1000;

/** Calls of the shared view per client address (decision 0137). */
export const SHARE_ADDRESS_LIMIT: Limit = { max: 300, timeWindow: 10 * 60_000 };
/** Calls per link, from wherever (decision 0137). */
export const SHARE_LINK_LIMIT: Limit = { max: 1000, timeWindow: 60 * 60_000 };

/** A new token and the hash that is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A link's state at `now`. */
export function linkState(link: Pick<ShareLink, 'revokedAt' | 'expiresAt'>, now = new Date()): 'active' | 'revoked' | 'expired' {
  if (link.revokedAt != null) return 'revoked';
  if (link.expiresAt != null && link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** A link as its project's list shows it (never the token). */
export function toShareLinkDto(link: ShareLink, now = new Date()) {
  return {
    id: link.id,
    label: link.label ?? null,
    creationDate: link.creationDate.toISOString(),
    expiresAt: link.expiresAt?.toISOString() ?? null,
    revokedAt: link.revokedAt?.toISOString() ?? null,
    state: linkState(link, now),
    lastAccess: link.lastAccessAt?.toISOString() ?? null,
    accessCount: link.accessCount,
  };
}

export const unknownLink = (): ApiError => new ApiError(404, ErrorCode.SHARE_LINK_UNKNOWN, 'This share link does not exist');
export const endedLink = (): ApiError => new ApiError(410, ErrorCode.SHARE_LINK_ENDED, 'This share link was revoked or has expired');

/** The shared project: the engine's fields plus what the read-only view shows. */
export interface SharedProject extends ProjectFields {
  readonly comment: string | null;
  readonly clientData: Record<string, unknown> | null;
  readonly creationDate: Date;
}

interface SharedProjectRow extends ProjectFieldsRow {
  comment: string | null;
  client_data: unknown;
  creation_date: Date | string;
}

const parsed = (value: unknown): unknown => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

export interface OpenedLink {
  readonly link: { readonly id: string; readonly label: string | null; readonly expiresAt: Date | null };
  /** The name of the account that issued the link (null once it is deleted; decision 0200). */
  readonly planner: string | null;
  readonly project: SharedProject;
}

/**
 * The link of `token` and its project, after the limits: per client address first (so guessing
 * tokens is bounded too), then per link. `view` counts the call as an opening of the shared view;
 * every call sets the time of the last access. Throws 404 / 410 (codes 70 / 71) and 429 (code 15).
 */
export async function openLink(request: FastifyRequest, reply: FastifyReply, token: string, options: { view: boolean }): Promise<OpenedLink> {
  const em = request.em;
  await take(em, `share:ip:${request.ip}`, SHARE_ADDRESS_LIMIT, 1, reply);
  const [row] = await em.execute<Array<{ id: string; project_id: string; label: string | null; expires_at: Date | string | null; revoked_at: Date | string | null; planner: string | null }>>(
    'select l.id, l.project_id, l.label, l.expires_at, l.revoked_at, u.name as planner from share_link l left join app_user u on u.id = l.created_by_id where l.token_hash = ?',
    [hashToken(token)],
  );
  if (row === undefined) throw unknownLink();
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  const expiresAt = date(row.expires_at);
  if (linkState({ revokedAt: date(row.revoked_at), expiresAt }) !== 'active') throw endedLink();
  await take(em, `share:link:${row.id}`, SHARE_LINK_LIMIT, 1, reply);
  const [project] = await em.execute<SharedProjectRow[]>(
    'select id, name, comment, latitude, longitude, address, air_pollution, rule_edition, custom_rain_data, client_data, creation_date from project where id = ?',
    [row.project_id],
  );
  // the foreign key deletes links with their project; a link without one is unknown all the same
  if (project === undefined) throw unknownLink();
  await em.execute(
    options.view ? 'update share_link set last_access_at = ?, access_count = access_count + 1 where id = ?' : 'update share_link set last_access_at = ? where id = ?',
    [new Date().toISOString(), row.id],
  );
  return {
    link: { id: row.id, label: row.label, expiresAt },
    planner: row.planner,
    project: {
      ...projectFieldsOfRow(project),
      comment: project.comment,
      clientData: (parsed(project.client_data) ?? null) as Record<string, unknown> | null,
      creationDate: new Date(project.creation_date),
    },
  };
}

/** How many links `projectId` holds. */
export async function linkCount(em: EntityManager, projectId: string): Promise<number> {
  return em.count(ShareLink, { project: projectId });
}
