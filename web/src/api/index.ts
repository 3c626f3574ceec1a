/**
 * The API client: `createApi()` gives the typed endpoints of both specs (endpoints.ts) over one
 * HttpClient (http.ts), plus the geocoder. Only stores call it (src/stores); components never do.
 */
import { config as appConfig, type AppConfig } from '../config.ts';
import { createEndpoints, type Endpoints } from './endpoints.ts';
import { createGeocoding, type Geocoding } from './geocoding.ts';
import { HttpClient, type ApiError } from './http.ts';

export { ApiError, RequiredError } from './http.ts';
export type * from './types.ts';

export interface Api extends Endpoints {
  readonly http: HttpClient;
  readonly geocoding: Geocoding;
}

export interface CreateApiOptions {
  readonly config?: AppConfig;
  readonly fetch?: typeof fetch;
  /** The current language for uiCulture / languageCode. */
  readonly culture?: () => string;
  readonly onError?: (error: ApiError) => void;
}

export function createApi(options: CreateApiOptions = {}): Api {
  const config = options.config ?? appConfig;
  const http = new HttpClient({ basePath: config.apiBasePath, fetch: options.fetch, onError: options.onError });
  return { http, geocoding: createGeocoding(config, options.fetch ?? ((input, init) => globalThis.fetch(input, init))), ...createEndpoints(http, options.culture ?? (() => 'de')) };
}
