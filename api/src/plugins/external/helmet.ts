/**
 * Security headers (Content-Security-Policy, X-Content-Type-Options, …) on every response, from
 * helmet's defaults with the policy below.
 *
 * The headers do not depend on the request (no nonces), so helmet runs once at start-up against a
 * recorder and every response gets the recorded headers: @fastify/helmet would build helmet's
 * middleware — and parse the whole policy — anew for every request, which was a measurable part of
 * a signed-in call's cost (decision 0045).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { DEFAULT_GEOCODER_ORIGINS, DEFAULT_MAP_TILE_ORIGINS } from '../../config.ts';

/** The headers helmet sets with `options`, and the ones it removes, recorded from one run of its middleware. */
export function recordSecurityHeaders(options: HelmetOptions): { readonly set: ReadonlyArray<readonly [string, string]>; readonly removed: readonly string[] } {
  const set: Array<readonly [string, string]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined && failure !== null) throw failure;
  return { set, removed };
}

export default fp(
  async (app) => {
    // The web app's map loads tiles (img-src) and calls a geocoder (connect-src) on other origins:
    // MAP_TILE_ORIGINS / GEOCODER_ORIGINS (config.ts), default the public OpenStreetMap services.
    const origins = app.config.externalOrigins ?? { mapTiles: DEFAULT_MAP_TILE_ORIGINS, geocoder: DEFAULT_GEOCODER_ORIGINS };
    const { set, removed } = recordSecurityHeaders({
      // Swagger UI at /docs brings its own policy (see swagger.ts). No upgrade-insecure-requests:
      // on plain http (a LAN address, no proxy) it would send the browser to https for every file.
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          upgradeInsecureRequests: null,
          imgSrc: ["'self'", 'data:', 'blob:', ...origins.mapTiles],
          connectSrc: ["'self'", ...origins.geocoder, ...origins.mapTiles],
        },
      },
      // Same-origin app; the OpenAPI page and mails link here, nothing embeds it.
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (const name of removed) raw.removeHeader(name);
      for (const [name, value] of set) raw.setHeader(name, value);
      done();
    });
  },
  { name: 'helmet' },
);
