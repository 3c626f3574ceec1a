/**
 * Who may call the catalogue template and the price-version calls (authorization table,
 * testing/authz.ts; decisions 0099, 0100): the template of the catalogue import is for
 * administrators (as the import itself, whose row is in project.authz.ts); a project's catalogue
 * version is read by its readers and updated by its writers (projects/access.ts, decision 0050).
 */
import { ADMINS, type AuthzRow, type Persona } from '../../testing/authz.ts';

const READERS: readonly Persona[] = ['member', 'owner', 'admin'];

export const AUTHZ_ROWS: AuthzRow[] = [
  { method: 'GET', route: '/api/BoxConfigurator/importProducts/template', allowed: ADMINS },
  {
    method: 'GET',
    route: '/api/Project/:projectId/catalogueVersion',
    allowed: READERS,
    request: (w) => ({ url: `/api/Project/${w.projects.owner}/catalogueVersion` }),
  },
  {
    method: 'POST',
    route: '/api/Project/:projectId/updatePrices',
    allowed: READERS,
    request: (w) => ({ url: `/api/Project/${w.projects.owner}/updatePrices`, body: {} }),
  },
];
