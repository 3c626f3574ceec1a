/**
 * Starts the rainplan api: the only file that listens. Configuration from the environment (PORT,
 * HOST, DATA_DIR, DATABASE_URL, SMTP_URL, SESSION_SECRET, PUBLIC_URL, TRUST_PROXY, MAX_CONNECTIONS, …; see
 * docs/api.md). Run with `npm start` at the repository root (builds the web app first) or
 * `npm run start -w @rainplan/api`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { kostraAttributionLine } from '@rainplan/engine/rain';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type ServerConfig } from './config.ts';
import { applyConnectionLimits } from './connection-limits.ts';
import { loadShippedRainData } from './rain/shipped.ts';
import { DatabaseInUseError } from './db/pglite-lock.ts';

// The parent at start (before the slow parts): if it dies while the server starts, it still stops.
const parent = process.ppid;

let config: ServerConfig;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`rainplan: ${error.message}`);
  process.exit(1);
}

if (!existsSync(path.join(config.webRoot, 'index.html'))) {
  console.warn(`rainplan: no web build in ${config.webRoot}; pages answer 503 until \`npm run build -w @rainplan/web\` has run.`);
}

const where =
  config.database.kind === 'pglite' ? `PGlite in ${config.database.dataDir}` : `PostgreSQL at ${new URL(config.database.url).host}`;
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config);
} catch (error) {
  if (error instanceof DatabaseInUseError) console.error(`rainplan: cannot start: ${error.message}`);
  else console.error(`rainplan: cannot start (database: ${where}):`, error);
  process.exit(1);
}

// A fresh install gets the shipped KOSTRA-DWD-2010R data, so projects can be sized at once
// (decision 0076); an imported KOSTRA-DWD-2020 still wins where it has data.
try {
  const cells = await loadShippedRainData(app.orm.em);
  if (cells > 0) console.log(`rainplan: loaded the shipped rain data: KOSTRA-DWD-2010R, ${cells} cells (${kostraAttributionLine('KOSTRA-DWD-2010R')})`);
} catch (error) {
  console.error('rainplan: cannot load the shipped rain data; import DWD files with `npm run rain:import` to size projects:', error);
}

// Stop signals are handled before the port opens: a launcher that stops the api right after it
// reports "listening" gets a clean close, not a killed process (seen in the browser-test harness).
let closing = false;
function shutdown(why: string): void {
  if (closing) return;
  closing = true;
  if (why !== 'SIGINT' && why !== 'SIGTERM') console.log(`rainplan: stopping (${why})`);
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(signal));

applyConnectionLimits(app.server, config.connections);
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(`rainplan: cannot listen on ${config.host}:${config.port}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  await app.close();
  process.exit(1);
}
const address = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : config.port;
const urlHost = config.host.includes(':') ? `[${config.host}]` : config.host;
console.log(
  `rainplan api listening on http://${urlHost}:${port}/ (web app from ${config.webRoot}; database: ${where}; ` +
    `mail: ${config.mail.smtpUrl === undefined ? `outbox ${config.mail.outboxDir}` : 'SMTP'}; OpenAPI at /docs)`,
);

// Started by `npm start` (src/start.ts) with an IPC channel: stop when the launcher is gone, even if
// it was killed without passing a signal on (decision 0077). Otherwise: stop when this process is
// orphaned (its parent, e.g. the shell of `npm run start`, died), so the port is never left taken.
if (process.send !== undefined) process.on('disconnect', () => shutdown('the launcher exited'));
setInterval(() => {
  if (process.ppid !== parent) shutdown('the parent process exited');
}, 1000).unref();
