/**
 * Address search and reverse geocoding against a Nominatim-compatible service (platform spec
 * section 7, "Location services"). URLs and the contact parameter come from src/config.ts.
 * Errors are only logged by the callers (spec section 8); these functions reject.
 */
import type { AppConfig } from '../config.ts';
import type { GeocodingResult } from './types.ts';

type GeocodingConfig = Pick<AppConfig, 'geocodingSearchUrl' | 'geocodingReverseUrl' | 'geocodingContact'>;

async function getJson<T>(url: string, fetchImpl: typeof fetch, signal?: AbortSignal): Promise<T> {
  const init: RequestInit = { headers: { Accept: 'application/json' } };
  if (signal !== undefined) init.signal = signal;
  const response = await fetchImpl(url, init);
  if (!response.ok) throw new Error(`geocoding: HTTP ${response.status}`);
  return (await response.json()) as T;
}

export function createGeocoding(config: GeocodingConfig, fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)) {
  return {
    /** Search by free text; resolves to [] for blank input without a request. */
    search: async (q: string, language: string, signal?: AbortSignal): Promise<GeocodingResult[]> => {
      if (q.trim() === '') return [];
      const params = new URLSearchParams({ q, format: 'json', addressdetails: '1', 'accept-language': language, email: config.geocodingContact });
      return getJson<GeocodingResult[]>(`${config.geocodingSearchUrl}?${params}`, fetchImpl, signal);
    },
    /** The display name of a position. */
    reverse: async (lat: number, lon: number, language: string, signal?: AbortSignal): Promise<{ display_name: string }> => {
      const params = new URLSearchParams({
        lat: String(lat),
        lon: String(lon),
        zoom: '18',
        format: 'json',
        addressdetails: '1',
        'accept-language': language,
        email: config.geocodingContact,
      });
      return getJson<{ display_name: string }>(`${config.geocodingReverseUrl}?${params}`, fetchImpl, signal);
    },
  };
}

export type Geocoding = ReturnType<typeof createGeocoding>;
