import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('runtime configuration', () => {
  it('defaults to /api and the public OpenStreetMap services', () => {
    const config = readConfig({});
    expect(config.apiBasePath).toBe('/api');
    expect(config.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.geocodingSearchUrl).toBe('https://nominatim.openstreetmap.org/search');
    expect(config.geocodingReverseUrl).toBe('https://nominatim.openstreetmap.org/reverse');
  });

  it('takes VITE_* overrides (tests point them at local servers)', () => {
    const config = readConfig({ VITE_API_BASE_PATH: '/x/api/', VITE_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png', VITE_GEOCODING_SEARCH_URL: 'http://127.0.0.1:8/search', VITE_LINK_IMPRINT: 'https://example.org/imprint', VITE_GEOCODING_CONTACT: ' ' });
    expect(config.apiBasePath).toBe('/x/api');
    expect(config.tileUrl).toBe('http://127.0.0.1:9/{z}/{x}/{y}.png');
    expect(config.geocodingSearchUrl).toBe('http://127.0.0.1:8/search');
    expect(config.providerLinks.imprint).toBe('https://example.org/imprint');
    expect(config.geocodingContact).toBe('info@rainplan.invalid');
  });
});
