/**
 * The api's request handler, without listening (server.ts listens). Dependency-free node:http for
 * now; Fastify replaces it with the accounts and persistence work.
 *
 * - `GET /api/health` → `{ "status": "ok", "engineVersion": "…" }`.
 * - Any other `/api/…` → 404 with the spec's error body `{ "type": "ERROR", "code": 1, "message" }`.
 * - Everything else serves the built web app from `webRoot` (web/dist): files with their content
 *   type, `index.html` for client routes (paths whose last segment has no file extension), 404 for
 *   missing files and for any path that tries to leave `webRoot`, 503 while the web app is not built.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ENGINE_VERSION } from '@rainplan/engine';

export interface HandlerOptions {
  /** Directory of the built web app (contains index.html). */
  readonly webRoot: string;
  /** Where unexpected errors are reported; defaults to console.error. */
  readonly logError?: (error: unknown) => void;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Content type of a file name; unknown extensions are served as bytes. */
export function contentType(fileName: string): string {
  return CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

const WEB_NOT_BUILT =
  'rainplan: the web app is not built (index.html is missing in the web root). ' +
  'Run `npm run build -w @rainplan/web`, or start with `npm start`, which builds it first.\n';

export function createHandler(options: HandlerOptions): RequestListener {
  const webRoot = path.resolve(options.webRoot);
  const logError = options.logError ?? ((error: unknown) => console.error(error));

  return (req, res) => {
    handle(webRoot, req, res).catch((error: unknown) => {
      logError(error);
      if (!res.headersSent) {
        sendJson(res, req, 500, { type: 'ERROR', code: 1, message: 'An error has occurred' });
      } else {
        res.destroy();
      }
    });
  };
}

async function handle(webRoot: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // The raw path, not a WHATWG-normalised one: `/../x` must be refused, not quietly read as `/x`.
  const rawPath = (req.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
  const segments = decodeSegments(rawPath);

  if (segments?.[0] === 'api') {
    if (segments.length === 2 && segments[1] === 'health') {
      if (!allowGetOrHead(req, res)) return;
      sendJson(res, req, 200, { status: 'ok', engineVersion: ENGINE_VERSION });
      return;
    }
    sendJson(res, req, 404, { type: 'ERROR', code: 1, message: 'Not found' });
    return;
  }

  if (!allowGetOrHead(req, res)) return;
  if (segments === null) {
    sendText(res, req, 404, 'Not found\n');
    return;
  }

  const indexFile = path.join(webRoot, 'index.html');
  if (!(await isFile(indexFile))) {
    sendText(res, req, 503, WEB_NOT_BUILT);
    return;
  }

  const file = path.join(webRoot, ...segments);
  if (!file.startsWith(webRoot + path.sep) && file !== webRoot) {
    sendText(res, req, 404, 'Not found\n');
    return;
  }
  if (segments.length > 0 && (await isFile(file))) {
    await sendFile(res, req, file, segments[0] === 'assets');
    return;
  }
  const last = segments.at(-1) ?? '';
  if (path.extname(last) !== '') {
    sendText(res, req, 404, 'Not found\n');
    return;
  }
  await sendFile(res, req, indexFile, false); // a client route: the web app's router takes over
}

/**
 * The decoded path segments, or null when the path is not acceptable: undecodable, or a segment
 * that is `.`/`..`, contains a slash, backslash or NUL after decoding (directory traversal).
 */
function decodeSegments(rawPath: string): string[] | null {
  const segments: string[] = [];
  for (const raw of rawPath.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function allowGetOrHead(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  res.setHeader('Allow', 'GET, HEAD');
  sendJson(res, req, 405, { type: 'ERROR', code: 1, message: 'Method not allowed' });
  return false;
}

function sendJson(res: ServerResponse, req: IncomingMessage, status: number, body: unknown): void {
  send(res, req, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

function sendText(res: ServerResponse, req: IncomingMessage, status: number, text: string): void {
  send(res, req, status, 'text/plain; charset=utf-8', text);
}

function send(res: ServerResponse, req: IncomingMessage, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

async function sendFile(res: ServerResponse, req: IncomingMessage, file: string, immutable: boolean): Promise<void> {
  const { size } = await stat(file);
  res.writeHead(200, {
    'Content-Type': contentType(file),
    'Content-Length': size,
    // Vite fingerprints everything under assets/; index.html must always be revalidated.
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  try {
    await pipeline(createReadStream(file), res);
  } catch (error) {
    if (res.destroyed && (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return; // client went away
    throw error;
  }
}
