/**
 * Who may call the Project, Raindata and product routes (authorization table, see
 * testing/authz.ts; rules in projects/access.ts and decision 0050). The project rows call on the
 * organization owner's project: its owner, the other members of the organization and
 * administrators may read and edit it; users outside it and internal staff (no open support
 * request) may not. The support rows use `supportOpen` (owned by `user`, support requested).
 */
import { randomUUID } from 'node:crypto';
import { WaterflowNode } from '../../db/entities/waterflow-node.ts';
import { ADMINS, EVERYONE, SIGNED_IN, type AuthzRow, type AuthzWorld, type Persona } from '../../testing/authz.ts';

const READERS: readonly Persona[] = ['member', 'owner', 'admin'];
const DELETERS: readonly Persona[] = ['owner', 'admin'];
const SUPPORT_OPEN: readonly Persona[] = ['user', 'internal', 'admin'];
const INTERNAL: readonly Persona[] = ['internal', 'admin'];

type Kind = 'surface' | 'purification' | 'measure';

/** A fresh node of `kind` in the owner's project (rows that address a node). */
async function node(world: AuthzWorld, kind: Kind): Promise<{ projectId: string; id: string; body: Record<string, unknown> }> {
  const projectId = world.projects.owner;
  const id = randomUUID();
  const data: Record<string, unknown> =
    kind === 'surface'
      ? { id, name: 'Dach', parentId: null, data: {} }
      : { id, name: kind === 'measure' ? 'Mulde' : 'Schacht', parentId: null, sealedSurfaces: [], data: {} };
  const em = world.em();
  await em.insert(WaterflowNode, { project: projectId, id, kind, position: 0, data, version: 1, updatedAt: new Date() });
  return { projectId, id, body: { ...data, version: 1 } };
}

const nodeRows = (kind: Kind): AuthzRow[] => [
  {
    method: 'POST',
    route: `/api/Project/:projectId/${kind}`,
    allowed: READERS,
    request: (w) => ({ url: `/api/Project/${w.projects.owner}/${kind}`, body: { name: 'Neu' } }),
  },
  {
    method: 'GET',
    route: `/api/Project/:projectId/${kind}/:id`,
    allowed: READERS,
    request: async (w) => {
      const n = await node(w, kind);
      return { url: `/api/Project/${n.projectId}/${kind}/${n.id}` };
    },
  },
  {
    method: 'PUT',
    route: `/api/Project/:projectId/${kind}/:id`,
    allowed: READERS,
    request: async (w) => {
      const n = await node(w, kind);
      return { url: `/api/Project/${n.projectId}/${kind}/${n.id}`, body: n.body };
    },
  },
  {
    method: 'DELETE',
    route: `/api/Project/:projectId/${kind}/:id`,
    allowed: READERS,
    request: async (w) => {
      const n = await node(w, kind);
      return { url: `/api/Project/${n.projectId}/${kind}/${n.id}` };
    },
    note: 'the last surface of a project answers 409 (code 58), not a refusal',
  },
  {
    method: 'DELETE',
    route: `/api/Project/${kind}/:id`,
    allowed: SIGNED_IN,
    request: () => ({ url: `/api/Project/${kind}/${randomUUID()}` }),
    note: 'a delete without project id answers 400 "No project id specified."',
  },
];

async function measure(world: AuthzWorld): Promise<string> {
  return (await node(world, 'measure')).id;
}

/** A fresh measure (version 1) with one variant `v1` in the owner's project: the variant rows' url. */
async function measureWithVariant(world: AuthzWorld): Promise<string> {
  const projectId = world.projects.owner;
  const id = randomUUID();
  const data = { id, name: 'Mulde', parentId: null, sealedSurfaces: [], data: {}, variants: [{ id: 'v1', name: 'Rigole', data: {} }] };
  await world.em().insert(WaterflowNode, { project: projectId, id, kind: 'measure', position: 0, data, version: 1, updatedAt: new Date() });
  return `/api/Project/${projectId}/measure/${id}/variants`;
}

/** The variant calls of a measure (routes/project/variants.ts): readers compare, and change with the edit right. */
const variantRows: AuthzRow[] = [
  {
    method: 'GET',
    route: '/api/Project/:projectId/measure/:measureId/variants',
    allowed: READERS,
    request: async (w) => ({ url: await measureWithVariant(w), query: { languageCode: 'en' } }),
  },
  {
    method: 'POST',
    route: '/api/Project/:projectId/measure/:measureId/variants',
    allowed: READERS,
    request: async (w) => ({ url: await measureWithVariant(w), body: { name: 'Kasten', version: 1 } }),
  },
  {
    method: 'GET',
    route: '/api/Project/:projectId/measure/:measureId/variants/:variantId',
    allowed: READERS,
    request: async (w) => ({ url: `${await measureWithVariant(w)}/v1` }),
  },
  {
    method: 'PATCH',
    route: '/api/Project/:projectId/measure/:measureId/variants/:variantId',
    allowed: READERS,
    request: async (w) => ({ url: `${await measureWithVariant(w)}/v1`, body: { name: 'Rigole lang', version: 1 } }),
  },
  {
    method: 'DELETE',
    route: '/api/Project/:projectId/measure/:measureId/variants/:variantId',
    allowed: READERS,
    request: async (w) => ({ url: `${await measureWithVariant(w)}/v1`, query: { version: '1' } }),
  },
  {
    method: 'POST',
    route: '/api/Project/:projectId/measure/:measureId/variants/:variantId/choose',
    allowed: READERS,
    request: async (w) => ({ url: `${await measureWithVariant(w)}/v1/choose`, body: { version: 1 } }),
  },
];

export const AUTHZ_ROWS: AuthzRow[] = [
  {
    method: 'POST',
    route: '/api/Project',
    allowed: SIGNED_IN,
    request: () => ({ body: { project: { name: 'Neu', airPollutionType: 'L1' }, location: { latitude: 52.5, longitude: 13.4, address: 'Berlin' } } }),
  },
  { method: 'GET', route: '/api/Project/userProjects', allowed: SIGNED_IN },
  { method: 'GET', route: '/api/Project/supportProjects', allowed: INTERNAL },
  { method: 'GET', route: '/api/Project/purificationFacilities', allowed: SIGNED_IN },
  { method: 'GET', route: '/api/Project/products', allowed: SIGNED_IN, request: () => ({ query: { languageCode: 'en' } }) },
  { method: 'GET', route: '/api/Project/:id', allowed: READERS, request: (w) => ({ url: `/api/Project/${w.projects.owner}` }) },
  {
    method: 'PATCH',
    route: '/api/Project/:id',
    allowed: READERS,
    request: (w) => ({ url: `/api/Project/${w.projects.owner}`, body: { project: { comment: 'geändert' } } }),
  },
  {
    method: 'DELETE',
    route: '/api/Project/:id',
    allowed: DELETERS,
    changesWorld: true,
    request: (w) => ({ url: `/api/Project/${w.projects.owner}` }),
    note: 'creator, owner and administrators only (spec section 6); members may edit but not delete',
  },
  {
    method: 'PUT',
    route: '/api/Project/:id/supportState',
    allowed: SUPPORT_OPEN,
    request: (w) => ({ url: `/api/Project/${w.projects.supportOpen}/supportState`, body: { state: 'OPEN' } }),
    note: 'creator, owner, administrators; internal staff while support is open (they close it)',
  },
  {
    method: 'POST',
    route: '/api/Project/:id/clone',
    allowed: READERS,
    request: (w) => ({ url: `/api/Project/${w.projects.owner}/clone` }),
    support: 'cannotTake',
    note: 'not through support access: the copy would outlast the support request (403, code 80; decision 0186)',
  },
  {
    method: 'GET',
    route: '/api/Project/:projectId/waterflow',
    allowed: READERS,
    request: (w) => ({ url: `/api/Project/${w.projects.owner}/waterflow` }),
  },
  ...nodeRows('surface'),
  ...nodeRows('purification'),
  ...nodeRows('measure'),
  {
    method: 'GET',
    route: '/api/Project/:id/raindata',
    allowed: SUPPORT_OPEN,
    request: (w) => ({ url: `/api/Project/${w.projects.supportOpen}/raindata` }),
    note: 'without imported data the answer is 404, code 57, not a refusal',
  },
  {
    method: 'PUT',
    route: '/api/Project/:id/customRaindata',
    allowed: READERS,
    request: (w) => ({
      url: `/api/Project/${w.projects.owner}/customRaindata`,
      body: { raindataSeries: [{ annuality: 1, valuesForDurations: [{ duration: 5, value: 250 }] }] },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/Project/:id/customRaindata',
    allowed: READERS,
    request: (w) => ({ url: `/api/Project/${w.projects.owner}/customRaindata` }),
  },
  {
    method: 'GET',
    route: '/api/Project/:projectId/measure/:measureId/additionalProducts',
    allowed: READERS,
    request: async (w) => ({ url: `/api/Project/${w.projects.owner}/measure/${await measure(w)}/additionalProducts` }),
  },
  {
    method: 'PUT',
    route: '/api/Project/:projectId/measure/:measureId/additionalProducts',
    allowed: READERS,
    request: async (w) => ({
      url: `/api/Project/${w.projects.owner}/measure/${await measure(w)}/additionalProducts`,
      body: [{ materialNumber: '100100', quantity: 4 }],
    }),
  },
  ...variantRows,
  { method: 'GET', route: '/api/Raindata', allowed: SIGNED_IN, request: () => ({ query: { latitude: '48.137', longitude: '11.575' } }) },
  {
    method: 'GET',
    route: '/api/Raindata/trial',
    allowed: EVERYONE,
    request: () => ({ query: { latitude: '48.137', longitude: '11.575' } }),
    note: 'public for the trial mode (rate-limited per client address); the same answer as GET /api/Raindata',
  },
  {
    method: 'POST',
    route: '/api/Raindata/import',
    allowed: ADMINS,
    request: () => ({ query: { fileType: 'KOSTRA-DWD-2010R' } }),
    note: 'without a multipart body an administrator gets 415; the import itself is tested in routes/raindata',
  },
  {
    method: 'POST',
    route: '/api/BoxConfigurator/importProducts',
    allowed: ADMINS,
    note: 'without a multipart body an administrator gets 415; the import itself is tested in routes/box-configurator',
  },
];
