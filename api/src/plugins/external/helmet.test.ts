import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import type { ApiConfig } from '../../config.ts';
import securityHeaders, { recordSecurityHeaders } from './helmet.ts';

const OPTIONS = { contentSecurityPolicy: { useDefaults: true, directives: { upgradeInsecureRequests: null, imgSrc: ["'self'", 'https://tiles.example.org'] } }, crossOriginEmbedderPolicy: false } as const;

/** The headers helmet's own middleware puts on a real response. */
async function helmetOnARealResponse(): Promise<Record<string, string>> {
  const middleware = helmet(OPTIONS);
  const server = createServer((request, response) => middleware(request, response, () => response.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) headers[name] = value;
    });
    return headers;
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it('are exactly the ones helmet sets, recorded once', async () => {
    const recorded = recordSecurityHeaders(OPTIONS);
    const expected = await helmetOnARealResponse();
    expect(Object.fromEntries(recorded.set.map(([name, value]) => [name.toLowerCase(), value]))).toEqual(expected);
    expect(expected['content-security-policy']).toContain('img-src');
    expect(expected['x-content-type-options']).toBe('nosniff');
  });

  it('are on every response, an error answer too', async () => {
    const app = Fastify();
    app.decorate('config', { externalOrigins: { mapTiles: [], geocoder: [] } } as unknown as ApiConfig);
    await app.register(securityHeaders);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    try {
      for (const url of ['/ok', '/fails', '/missing']) {
        const reply = await app.inject({ url });
        expect(reply.headers['x-content-type-options'], url).toBe('nosniff');
        expect(reply.headers['content-security-policy'], url).toContain("default-src 'self'");
        expect(reply.headers['strict-transport-security'], url).toBeDefined();
        expect(reply.headers['x-powered-by'], url).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });
});
