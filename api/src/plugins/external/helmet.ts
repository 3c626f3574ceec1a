/** Security headers (Content-Security-Policy, X-Content-Type-Options, …) on every response. */
import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { DEFAULT_GEOCODER_ORIGINS, DEFAULT_MAP_TILE_ORIGINS } from '../../config.ts';

export default fp(
  async (app) => {
    // The web app's map loads tiles (img-src) and calls a geocoder (connect-src) on other origins:
    // MAP_TILE_ORIGINS / GEOCODER_ORIGINS (config.ts), default the public OpenStreetMap services.
    const origins = app.config.externalOrigins ?? { mapTiles: DEFAULT_MAP_TILE_ORIGINS, geocoder: DEFAULT_GEOCODER_ORIGINS };
    await app.register(fastifyHelmet, {
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
  },
  { name: 'helmet' },
);
