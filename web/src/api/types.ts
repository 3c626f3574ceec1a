/**
 * Shapes of the API (docs/api.md). The API's own shapes are written from its route schemas into
 * types.generated.ts (api/src/contract/web-types.ts); this module adds the one shape of a service
 * outside the API.
 */
export type * from './types.generated.ts';

/** Nominatim-compatible search answer entry (the geocoding service, not the API). */
export interface GeocodingResult {
  readonly display_name: string;
  readonly lat: string;
  readonly lon: string;
}
