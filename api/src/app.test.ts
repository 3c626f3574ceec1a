import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENGINE_VERSION } from '@rainplan/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentType } from './routes/web-app.ts';
import { startTestApp, type TestApp } from './testing/test-app.ts';

interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A raw request: node:http sends the path as given (fetch would normalise `/../x` to `/x`). */
function get(testApp: TestApp, rawPath: string, method = 'GET'): Promise<Reply> {
  const { port } = testApp.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: rawPath, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const INDEX_HTML = '<!doctype html><html lang="de"><title>rainplan</title><div id="root"></div></html>';

let tempDir: string;
let testApp: TestApp;
let bare: TestApp;

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), 'rainplan-web-'));
  // The web root sits one level down, next to a file a traversal would try to reach.
  const webRoot = path.join(tempDir, 'dist');
  await mkdir(path.join(webRoot, 'assets'), { recursive: true });
  await writeFile(path.join(webRoot, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log("rainplan");\n');
  await writeFile(path.join(webRoot, 'assets', 'index-abc123.css'), 'body { margin: 0 }\n');
  await writeFile(path.join(tempDir, 'package.json'), '{"secret":true}\n');
  [testApp, bare] = await Promise.all([startTestApp({ webRoot }), startTestApp()]);
  await Promise.all([testApp.app.listen({ port: 0, host: '127.0.0.1' }), bare.app.listen({ port: 0, host: '127.0.0.1' })]);
}, 30_000);

afterAll(async () => {
  await Promise.all([testApp?.close(), bare?.close()]);
  await rm(tempDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers ok with the engine version', async () => {
    const reply = await get(testApp, '/api/health');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(reply.body)).toEqual({ status: 'ok', engineVersion: ENGINE_VERSION });
  });

  it('refuses other methods with 405 and the allowed ones', async () => {
    const reply = await get(testApp, '/api/health', 'POST');
    expect(reply.status).toBe(405);
    expect(reply.headers['allow']).toBe('GET, HEAD');
    expect(JSON.parse(reply.body)).toMatchObject({ type: 'ERROR', code: 23 });
  });

  it('answers unknown api routes with a JSON 404, not the web app', async () => {
    for (const [method, url] of [['GET', '/api/projects'], ['POST', '/api/User/nothing'], ['DELETE', '/api/']] as const) {
      const reply = await get(testApp, url, method);
      expect(reply.status, url).toBe(404);
      expect(JSON.parse(reply.body), url).toMatchObject({ type: 'ERROR', code: 11 });
    }
  });
});

describe('errors', () => {
  it('answers malformed JSON with code 2', async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/api/User/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ type: 'ERROR', code: 2 });
  });

  it('refuses bodies that are not JSON (cross-site forms)', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const reply = await testApp.app.inject({
        method: 'POST',
        url: '/api/User/login',
        headers: { 'content-type': contentType },
        payload: 'email=a@b.de&password=x',
      });
      expect(reply.statusCode, contentType).toBe(415);
      expect(reply.json(), contentType).toMatchObject({ type: 'ERROR', code: 23 });
    }
  });

  it('hides the details of unexpected failures', async () => {
    testApp.app.log.level = 'silent';
    const orm = testApp.app.orm;
    const original = orm.em.fork;
    // A database that fails: the answer is a generic 500 without the driver's message.
    orm.em.fork = () => {
      throw new Error('connection to 10.0.0.1 refused: password authentication failed for user "secret"');
    };
    try {
      const reply = await testApp.app.inject({ method: 'POST', url: '/api/User/login', payload: { email: 'a@b.de', password: 'x' } });
      expect(reply.statusCode).toBe(500);
      expect(reply.json()).toEqual({ type: 'ERROR', code: 1, message: 'An error has occurred' });
      expect(reply.body).not.toContain('secret');
    } finally {
      orm.em.fork = original;
    }
  });
});

describe('OpenAPI', () => {
  it('describes every call at /docs/json, and serves Swagger UI at /docs', async () => {
    const json = await testApp.app.inject({ url: '/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    const calls = Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
    );
    expect(calls).toEqual(
      expect.arrayContaining([
        'POST /api/User/register',
        'GET /api/User/confirmEmail',
        'POST /api/User/login',
        'GET /api/User',
        'POST /api/User/logout',
        'POST /api/User/forgotPassword',
        'POST /api/User/resendConfirmationEmail',
        'POST /api/User/resetPassword',
        'POST /api/User/password',
        'PATCH /api/User',
        'GET /api/User/roles',
        'DELETE /api/User/leaveOrganization',
        'POST /api/Organization',
        'GET /api/Organization/{id}',
        'PATCH /api/Organization/{id}',
        'DELETE /api/Organization/{id}',
        'GET /api/Organization/{id}/members',
        'PUT /api/Organization/{id}/members',
        'PUT /api/Organization/{id}/owner/{newOwnerId}',
        'DELETE /api/Organization/{id}/member/{userId}',
        'GET /api/health',
      ]),
    );
    const ui = await testApp.app.inject({ url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    expect(ui.headers['content-security-policy']).toContain("script-src 'self'");
    expect(ui.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('web app', () => {
  it('serves index.html at /', async () => {
    const reply = await get(testApp, '/');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
    // Plain http on a LAN address must keep working: no upgrade to https.
    expect(reply.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(reply.body).toBe(INDEX_HTML);
  });

  it('serves assets with their content type', async () => {
    const js = await get(testApp, '/assets/index-abc123.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toContain('immutable');
    expect(js.body).toContain('rainplan');
    const css = await get(testApp, '/assets/index-abc123.css?v=1');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers HEAD without a body', async () => {
    const reply = await get(testApp, '/assets/index-abc123.js', 'HEAD');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-length']).toBe(String('console.log("rainplan");\n'.length));
    expect(reply.body).toBe('');
  });

  it('falls back to index.html for client routes', async () => {
    for (const route of ['/projects/projects', '/project/42/dimensioning/measures/7?tab=1', '/assets', '/authentication/confirmemail?userId=1&code=2']) {
      const reply = await get(testApp, route);
      expect(reply.status, route).toBe(200);
      expect(reply.body, route).toBe(INDEX_HTML);
    }
  });

  it('answers 404 for missing files', async () => {
    const reply = await get(testApp, '/assets/missing-123.js');
    expect(reply.status).toBe(404);
  });

  it('refuses other methods than GET and HEAD', async () => {
    const reply = await get(testApp, '/projects/projects', 'POST');
    expect(reply.status).toBe(405);
    expect(reply.headers['allow']).toBe('GET, HEAD');
  });

  it.each(['/../package.json', '/assets/../../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json', '/..%5cpackage.json', '/%00', '/%E0%A4%A'])(
    'refuses the traversal attempt %s',
    async (rawPath) => {
      const reply = await get(testApp, rawPath);
      expect(reply.status).toBe(404);
      expect(reply.body).not.toContain('secret');
    },
  );
});

describe('without a web build', () => {
  it('answers 503 with a clear message, while the api still works', async () => {
    const page = await get(bare, '/');
    expect(page.status).toBe(503);
    expect(page.body).toContain('web app is not built');
    expect(page.body).toContain('npm run build -w @rainplan/web');
    expect((await get(bare, '/projects/projects')).status).toBe(503);
    expect((await get(bare, '/api/health')).status).toBe(200);
  });
});

describe('contentType', () => {
  it('knows the usual web types and falls back to bytes', () => {
    expect(contentType('index.html')).toBe('text/html; charset=utf-8');
    expect(contentType('a.SVG')).toBe('image/svg+xml');
    expect(contentType('font.woff2')).toBe('font/woff2');
    expect(contentType('data.bin')).toBe('application/octet-stream');
  });
});
