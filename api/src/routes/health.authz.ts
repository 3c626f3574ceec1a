/** Who may call the system routes (authorization table, see testing/authz.ts). */
import { EVERYONE, type AuthzRow } from '../testing/authz.ts';

export const AUTHZ_ROWS: AuthzRow[] = [{ method: 'GET', route: '/api/health', allowed: EVERYONE }];
