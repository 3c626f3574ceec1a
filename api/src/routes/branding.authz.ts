/** Who may read the branding (authorization table, see testing/authz.ts): everyone, it is public. */
import { EVERYONE, type AuthzRow } from '../testing/authz.ts';

export const AUTHZ_ROWS: AuthzRow[] = [{ method: 'GET', route: '/api/Branding', allowed: EVERYONE }];
