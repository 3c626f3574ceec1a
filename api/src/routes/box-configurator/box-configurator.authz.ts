/**
 * Who may call the BoxConfigurator configuration routes (authorization table, testing/authz.ts):
 * the project's rights (projects/access.ts, decision 0050) — the organization owner's project is
 * read and edited by its owner, the organization's members and administrators; users outside it
 * and internal staff (no open support request) are refused. The import stays in project.authz.ts.
 */
import { ownerConfiguration, SIGNED_IN, type AuthzRow, type AuthzWorld, type Persona } from '../../testing/authz.ts';

const READERS: readonly Persona[] = ['member', 'owner', 'admin'];

const at = (suffix = '') => async (w: AuthzWorld) => ({ url: `/api/BoxConfigurator/${await ownerConfiguration(w)}${suffix}` });

export const AUTHZ_ROWS: AuthzRow[] = [
  { method: 'GET', route: '/api/BoxConfigurator/itemTypes', allowed: SIGNED_IN },
  { method: 'GET', route: '/api/BoxConfigurator/propertySets', allowed: SIGNED_IN },
  { method: 'GET', route: '/api/BoxConfigurator/plants', allowed: SIGNED_IN },
  {
    method: 'POST',
    route: '/api/BoxConfigurator',
    allowed: READERS,
    request: (w) => ({ body: { projectId: w.projects.owner, measureId: null, name: 'Neu' } }),
  },
  {
    method: 'GET',
    route: '/api/BoxConfigurator/configurations/:projectId',
    allowed: READERS,
    request: (w) => ({ url: `/api/BoxConfigurator/configurations/${w.projects.owner}` }),
  },
  { method: 'GET', route: '/api/BoxConfigurator/:boxConfiguratorProjectId', allowed: READERS, request: at() },
  {
    method: 'PATCH',
    route: '/api/BoxConfigurator/:boxConfiguratorProjectId',
    allowed: READERS,
    request: async (w) => ({ ...(await at()(w)), body: { version: 1, name: 'Umbenannt' } }),
  },
  { method: 'DELETE', route: '/api/BoxConfigurator/:boxConfiguratorProjectId', allowed: READERS, request: at() },
  { method: 'GET', route: '/api/BoxConfigurator/:boxConfiguratorProjectId/boxItems', allowed: READERS, request: at('/boxItems') },
  {
    method: 'PUT',
    route: '/api/BoxConfigurator/:boxConfiguratorProjectId/boxItems',
    allowed: READERS,
    request: async (w) => ({
      ...(await at('/boxItems')(w)),
      body: { version: 1, boxItems: [{ boxId: null, boxTypeId: 'BOX_FULL', x: 0, y: 0, z: 0, rotation: 'North', options: [] }] },
    }),
  },
  { method: 'GET', route: '/api/BoxConfigurator/:boxConfiguratorProjectId/additionalProducts', allowed: READERS, request: at('/additionalProducts') },
  {
    method: 'PUT',
    route: '/api/BoxConfigurator/:boxConfiguratorProjectId/additionalProducts',
    allowed: READERS,
    request: async (w) => ({ ...(await at('/additionalProducts')(w)), body: [{ materialNumber: '100100', quantity: 4 }] }),
  },
];

