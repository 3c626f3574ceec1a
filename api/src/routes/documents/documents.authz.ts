/**
 * Who may call the Documents data routes: whoever may read the project (projects/access.ts,
 * decision 0050) — on the organization owner's project its owner, the members and administrators.
 */
import { randomUUID } from 'node:crypto';
import { WaterflowNode } from '../../db/entities/waterflow-node.ts';
import { ownerConfiguration, type AuthzRow, type AuthzWorld, type Persona } from '../../testing/authz.ts';

const READERS: readonly Persona[] = ['member', 'owner', 'admin'];

async function measure(world: AuthzWorld): Promise<string> {
  const id = randomUUID();
  await world.em().insert(WaterflowNode, { project: world.projects.owner, id, kind: 'measure', position: 0, data: { id, name: 'Rigole', parentId: null, sealedSurfaces: [], data: {} }, version: 1, updatedAt: new Date() });
  return id;
}

export const AUTHZ_ROWS: AuthzRow[] = [
  {
    method: 'GET',
    route: '/api/Documents/:projectId/projectFile',
    allowed: READERS,
    request: (w) => ({ url: `/api/Documents/${w.projects.owner}/projectFile` }),
  },
  {
    method: 'GET',
    route: '/api/Documents/:projectId/masslist/data',
    allowed: READERS,
    request: (w) => ({ url: `/api/Documents/${w.projects.owner}/masslist/data`, query: { groupBy: 'measure', languageCode: 'en' } }),
  },
  {
    method: 'GET',
    route: '/api/Documents/:projectId/measure/:measureId/masslist/data',
    allowed: READERS,
    request: async (w) => ({ url: `/api/Documents/${w.projects.owner}/measure/${await measure(w)}/masslist/data` }),
  },
  {
    method: 'GET',
    route: '/api/Documents/:projectId/boxConfigurator/:boxConfiguratorId/masslist/data',
    allowed: READERS,
    request: async (w) => ({ url: `/api/Documents/${w.projects.owner}/boxConfigurator/${await ownerConfiguration(w)}/masslist/data` }),
  },
  {
    method: 'GET',
    route: '/api/Documents/images/:boxConfiguratorProjectId',
    allowed: READERS,
    request: async (w) => ({ url: `/api/Documents/images/${await ownerConfiguration(w)}` }),
  },
  {
    method: 'GET',
    route: '/api/Documents/:projectId/serviceCatalogue',
    allowed: READERS,
    request: (w) => ({ url: `/api/Documents/${w.projects.owner}/serviceCatalogue`, query: { gaebFileType: 'GaebX82', languageCode: 'en' } }),
  },
];
