/**
 * Shapes of the share-link calls (docs/api.md, "Share links"), generated from the route schemas
 * into types.generated.ts (`npm run -w @rainplan/api web-types`).
 */
export type { CreatedShareLink, SharedProject, ShareLink, ShareLinkCreation, ShareLinkState } from './types.generated.ts';
