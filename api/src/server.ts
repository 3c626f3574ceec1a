/**
 * Starts the rainplan api: the only file that listens. Configuration from the environment:
 * PORT (default 3000), HOST (default 127.0.0.1), WEB_ROOT (default: web/dist of this repository).
 * Run with `npm start` at the repository root (builds the web app first) or `npm run start -w @rainplan/api`.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { createHandler } from './app.ts';

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${value}"`);
  }
  return port;
}

let port: number;
try {
  port = parsePort(process.env['PORT']);
} catch (error) {
  console.error(`rainplan: ${(error as Error).message}`);
  process.exit(1);
}
const host = process.env['HOST'] || '127.0.0.1';
const webRoot = path.resolve(process.env['WEB_ROOT'] || path.join(import.meta.dirname, '..', '..', 'web', 'dist'));

if (!existsSync(path.join(webRoot, 'index.html'))) {
  console.warn(`rainplan: no web build in ${webRoot}; pages answer 503 until \`npm run build -w @rainplan/web\` has run.`);
}

const server = createServer(createHandler({ webRoot }));

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(`rainplan: cannot listen on ${host}:${port}: ${error.code ?? error.message}`);
  process.exit(1);
});

server.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  console.log(`rainplan api listening on http://${urlHost}:${actualPort}/ (web app from ${webRoot})`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
