/**
 * Starts the rainplan api: the only file that listens. Configuration from the environment (PORT,
 * HOST, DATA_DIR, DATABASE_URL, SMTP_URL, SESSION_SECRET, PUBLIC_URL, TRUST_PROXY, …; see
 * docs/api.md). Run with `npm start` at the repository root (builds the web app first) or
 * `npm run start -w @rainplan/api`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type ServerConfig } from './config.ts';
import { DatabaseInUseError } from './db/pglite-lock.ts';

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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
