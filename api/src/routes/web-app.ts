/**
 * Serves the built web app (web/dist) from the same origin as the api:
 * files with their content type (fingerprinted assets/ cached for a year, the rest revalidated),
 * `index.html` for client routes (paths whose last segment has no file extension), 404 for
 * missing files and for any path that tries to leave the web root, and 503 with a clear message
 * while the web app is not built. Other methods than GET and HEAD answer 405 (app.ts).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

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

export const WEB_NOT_BUILT =
  'rainplan: the web app is not built (index.html is missing in the web root). ' +
  'Run `npm run build -w @rainplan/web`, or start with `npm start`, which builds it first.\n';

/**
 * The decoded path segments, or null when the path is not acceptable: undecodable, or a segment
 * that is `.`/`..`, contains a slash, backslash or NUL after decoding (directory traversal).
 */
export function decodeSegments(rawPath: string): string[] | null {
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

async function fileSize(file: string): Promise<number | null> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats.size : null;
  } catch {
    return null;
  }
}

function sendText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(text);
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: string, size: number, immutable: boolean): FastifyReply {
  void reply
    .code(200)
    .type(contentType(file))
    .header('Content-Length', size)
    // Vite fingerprints everything under assets/; index.html must always be revalidated.
    .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  return reply.send(request.method === 'HEAD' ? undefined : createReadStream(file));
}

const webApp: FastifyPluginAsync<{ webRoot: string }> = async (app, options) => {
  const webRoot = path.resolve(options.webRoot);
  const indexFile = path.join(webRoot, 'index.html');

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      // The raw path, not a normalised one: `/../x` must be refused, not quietly read as `/x`.
      const rawPath = request.raw.url?.split(/[?#]/, 1)[0] ?? '/';
      const segments = decodeSegments(rawPath);
      if (segments === null) return sendText(reply, 404, 'Not found\n');

      const indexSize = await fileSize(indexFile);
      if (indexSize === null) return sendText(reply, 503, WEB_NOT_BUILT);

      const file = path.join(webRoot, ...segments);
      if (!file.startsWith(webRoot + path.sep) && file !== webRoot) return sendText(reply, 404, 'Not found\n');
      const size = segments.length > 0 ? await fileSize(file) : null;
      if (size !== null) return sendFile(request, reply, file, size, segments[0] === 'assets');
      if (path.extname(segments.at(-1) ?? '') !== '') return sendText(reply, 404, 'Not found\n');
      return sendFile(request, reply, indexFile, indexSize, false); // a client route: the web app's router takes over
    },
  });
};

export default webApp;
