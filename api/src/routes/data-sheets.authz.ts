/** Who may open a facility's data sheet (authorization table, see testing/authz.ts): everyone, it is public (decision 0199). */
import { EVERYONE, type AuthzRow } from '../testing/authz.ts';

export const AUTHZ_ROWS: AuthzRow[] = [
  { method: 'GET', route: '/dataSheets/:fileName', allowed: EVERYONE, request: () => ({ url: '/dataSheets/filterschacht.pdf' }) },
  // names longer than the router's parameter limit: 404 with the error body
  { method: 'GET', route: '/dataSheets/*', allowed: EVERYONE, request: () => ({ url: `/dataSheets/${'x'.repeat(120)}.pdf` }) },
];
