/**
 * Who may call the share-link routes (issue 19, part 3; decision 0135): creating, listing and
 * revoking a project's links needs the right to delete the project (its creator, its owner,
 * administrators); the organization's members may edit the project but not share it, internal
 * staff with support access neither (403, code 80: a link would outlast the support request;
 * decision 0186). The public calls under /Share take the token as their only credential:
 * everyone holding it.
 */
import { randomUUID } from 'node:crypto';
import { ShareLink } from '../../db/entities/share-link.ts';
import { newToken } from '../../projects/share-links.ts';
import { EVERYONE, type AuthzRow, type AuthzWorld, type Persona } from '../../testing/authz.ts';

const SHARERS: readonly Persona[] = ['owner', 'admin'];

/** A fresh active link to the owner's project: its id and token. */
async function link(world: AuthzWorld): Promise<{ id: string; token: string }> {
  const { token, hash } = newToken();
  const id = randomUUID();
  await world.em().insert(ShareLink, { id, project: world.projects.owner, tokenHash: hash, label: null, createdBy: null, creationDate: new Date(), expiresAt: null, revokedAt: null, lastAccessAt: null, accessCount: 0 });
  return { id, token };
}

export const AUTHZ_ROWS: AuthzRow[] = [
  {
    method: 'POST',
    route: '/api/Project/:projectId/shareLinks',
    allowed: SHARERS,
    request: (w) => ({ url: `/api/Project/${w.projects.owner}/shareLinks`, body: { label: 'Behörde' } }),
    support: 'cannotTake',
  },
  {
    method: 'GET',
    route: '/api/Project/:projectId/shareLinks',
    allowed: SHARERS,
    request: (w) => ({ url: `/api/Project/${w.projects.owner}/shareLinks` }),
    support: 'cannotTake',
  },
  {
    method: 'DELETE',
    route: '/api/Project/:projectId/shareLinks/:id',
    allowed: SHARERS,
    request: async (w) => ({ url: `/api/Project/${w.projects.owner}/shareLinks/${(await link(w)).id}` }),
    support: 'cannotTake',
  },
  {
    method: 'GET',
    route: '/api/Share/:token',
    allowed: EVERYONE,
    request: async (w) => ({ url: `/api/Share/${(await link(w)).token}` }),
    note: 'public: the token is the credential',
  },
  {
    method: 'GET',
    route: '/api/Share/:token/masslist/data',
    allowed: EVERYONE,
    request: async (w) => ({ url: `/api/Share/${(await link(w)).token}/masslist/data`, query: { groupBy: 'measure', languageCode: 'en' } }),
    note: 'public: the token is the credential',
  },
  {
    method: 'GET',
    route: '/api/Share/:token/serviceCatalogue',
    allowed: EVERYONE,
    request: async (w) => ({ url: `/api/Share/${(await link(w)).token}/serviceCatalogue`, query: { gaebFileType: 'GaebX82', languageCode: 'de' } }),
    note: 'public: the token is the credential',
  },
];
