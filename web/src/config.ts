/**
 * Runtime configuration of the web app, read once from `import.meta.env` (Vite: variables
 * prefixed `VITE_`, set at build time, e.g. `VITE_TILE_URL=http://127.0.0.1:9999/{z}/{x}/{y}.png
 * npx vite build`). Production defaults use the public OpenStreetMap services. Tests point these
 * at local servers (see src/e2e/harness.ts) so that no test needs the network.
 */
export interface ProviderLinks {
  readonly imprint: string;
  readonly privacy: string;
  readonly website: string;
  readonly contact: string;
}

export interface AppConfig {
  /** Base path of the API (same origin). */
  readonly apiBasePath: string;
  /** XYZ tile URL template for OpenLayers (`{z}`, `{x}`, `{y}`). */
  readonly tileUrl: string;
  /** Attribution shown on the map. */
  readonly tileAttribution: string;
  /** Nominatim-compatible search endpoint (query q, format, addressdetails, accept-language, email). */
  readonly geocodingSearchUrl: string;
  /** Nominatim-compatible reverse endpoint (lat, lon, zoom 18, format, accept-language, email). */
  readonly geocodingReverseUrl: string;
  /** Contact parameter sent to the geocoder (Nominatim's usage policy asks for `email`). */
  readonly geocodingContact: string;
  /** Static images and 3D assets of the product. */
  readonly staticPath: string;
  /** Spreadsheet templates (surface template v1.1, rain data template v1.0). */
  readonly fileTemplatesPath: string;
  /** Facility data sheets: `${dataSheetsPath}/${fileName}`. */
  readonly dataSheetsPath: string;
  /** Links of the provider in the footer. */
  readonly providerLinks: ProviderLinks;
}

type Env = Readonly<Record<string, string | boolean | undefined>>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

/** Builds the configuration from an environment object (exported for tests). */
export function readConfig(env: Env): AppConfig {
  return {
    apiBasePath: text(env, 'VITE_API_BASE_PATH', '/api').replace(/\/+$/, ''),
    tileUrl: text(env, 'VITE_TILE_URL', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    tileAttribution: text(env, 'VITE_TILE_ATTRIBUTION', '© OpenStreetMap contributors'),
    geocodingSearchUrl: text(env, 'VITE_GEOCODING_SEARCH_URL', 'https://nominatim.openstreetmap.org/search'),
    geocodingReverseUrl: text(env, 'VITE_GEOCODING_REVERSE_URL', 'https://nominatim.openstreetmap.org/reverse'),
    geocodingContact: text(env, 'VITE_GEOCODING_CONTACT', 'info@rainplan.invalid'),
    staticPath: text(env, 'VITE_STATIC_PATH', '/static'),
    fileTemplatesPath: text(env, 'VITE_FILE_TEMPLATES_PATH', '/file-templates'),
    dataSheetsPath: text(env, 'VITE_DATA_SHEETS_PATH', '/dataSheets'),
    providerLinks: {
      imprint: text(env, 'VITE_LINK_IMPRINT', 'https://rainplan.invalid/imprint'),
      privacy: text(env, 'VITE_LINK_PRIVACY', 'https://rainplan.invalid/privacy'),
      website: text(env, 'VITE_LINK_WEBSITE', 'https://rainplan.invalid/'),
      contact: text(env, 'VITE_LINK_CONTACT', 'https://rainplan.invalid/contact'),
    },
  };
}

/** The configuration of this build. */
export const config: AppConfig = readConfig(import.meta.env as unknown as Env);
