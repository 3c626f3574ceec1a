import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENGINE_VERSION } from '@rainplan/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentType, createHandler } from './app.ts';

interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A raw request: node:http sends the path as given (fetch would normalise `/../x` to `/x`). */
function get(server: Server, rawPath: string, method = 'GET'): Promise<Reply> {
  const { port } = server.address() as AddressInfo;
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

async function listen(webRoot: string): Promise<Server> {
  const server = createServer(createHandler({ webRoot, logError: () => undefined }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function close(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
}

const INDEX_HTML = '<!doctype html><html lang="de"><title>rainplan</title><div id="root"></div></html>';

let tempDir: string;
let webRoot: string;
let server: Server;

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), 'rainplan-api-'));
  // webRoot sits one level down, next to a file a traversal would try to reach.
  webRoot = path.join(tempDir, 'dist');
  await mkdir(path.join(webRoot, 'assets'), { recursive: true });
  await writeFile(path.join(webRoot, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log("rainplan");\n');
  await writeFile(path.join(webRoot, 'assets', 'index-abc123.css'), 'body { margin: 0 }\n');
  await writeFile(path.join(tempDir, 'package.json'), '{"secret":true}\n');
  server = await listen(webRoot);
});

afterAll(async () => {
  await close(server);
  await rm(tempDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers ok with the engine version', async () => {
    const reply = await get(server, '/api/health');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(reply.body)).toEqual({ status: 'ok', engineVersion: ENGINE_VERSION });
  });

  it('refuses other methods', async () => {
    const reply = await get(server, '/api/health', 'POST');
    expect(reply.status).toBe(405);
    expect(reply.headers['allow']).toBe('GET, HEAD');
  });

  it('answers unknown api routes with a JSON 404, not the web app', async () => {
    const reply = await get(server, '/api/projects');
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.body)).toMatchObject({ type: 'ERROR', code: 1 });
  });
});

describe('web app', () => {
  it('serves index.html at /', async () => {
    const reply = await get(server, '/');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.body).toBe(INDEX_HTML);
  });

  it('serves assets with their content type', async () => {
    const js = await get(server, '/assets/index-abc123.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toContain('immutable');
    expect(js.body).toContain('rainplan');
    const css = await get(server, '/assets/index-abc123.css?v=1');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers HEAD without a body', async () => {
    const reply = await get(server, '/assets/index-abc123.js', 'HEAD');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-length']).toBe(String('console.log("rainplan");\n'.length));
    expect(reply.body).toBe('');
  });

  it('falls back to index.html for client routes', async () => {
    for (const route of ['/projects/projects', '/project/42/dimensioning/measures/7?tab=1', '/assets']) {
      const reply = await get(server, route);
      expect(reply.status, route).toBe(200);
      expect(reply.body, route).toBe(INDEX_HTML);
    }
  });

  it('answers 404 for missing files', async () => {
    const reply = await get(server, '/assets/missing-123.js');
    expect(reply.status).toBe(404);
  });

  it.each(['/../package.json', '/assets/../../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json', '/..%5cpackage.json', '/%00', '/%E0%A4%A'])(
    'refuses the traversal attempt %s',
    async (rawPath) => {
      const reply = await get(server, rawPath);
      expect(reply.status).toBe(404);
      expect(reply.body).not.toContain('secret');
    },
  );
});

describe('without a web build', () => {
  let bare: Server | undefined;

  afterAll(() => close(bare));

  it('answers 503 with a clear message, while the api still works', async () => {
    bare = await listen(path.join(tempDir, 'not-built'));
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
