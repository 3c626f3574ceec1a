/**
 * `npm start` at the repository root: builds the web app (and the engine it needs) with turbo, then
 * runs the api server (`src/server.ts`) as a child of this process, so that a Ctrl+C or a SIGTERM /
 * SIGHUP to `npm start` stops every process it started (decision 0077):
 *
 * - the signal is passed on to the server, which closes and exits; this process then exits with
 *   the server's code (130 / 143 for a signal, as a shell reports it);
 * - the server keeps an IPC channel to this process; when this process dies without a chance to
 *   pass a signal on (SIGKILL), the channel closes and the server shuts down too, so the port is
 *   never left taken by an orphan.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const api = fileURLToPath(new URL('../', import.meta.url));

// `npm start -- --no-build` skips the build (the web app in web/dist is served as it is).
const skipBuild = process.argv.slice(2).includes('--no-build');
const build = skipBuild ? { status: 0, signal: null } : spawnSync(process.execPath, [path.join(repo, 'node_modules/turbo/bin/turbo'), 'run', 'build', '--filter=@rainplan/web'], {
  cwd: repo,
  stdio: 'inherit',
});
if (build.status !== 0) {
  console.error(`rainplan: the build failed (${build.status ?? build.signal ?? 'unknown'}); not starting the server.`);
  process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [...process.execArgv, 'src/server.ts'], { cwd: api, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const exitCodeOf = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
for (const signal of SIGNALS) {
  process.on(signal, () => {
    // A Ctrl+C reaches the server directly too (same process group); passing it on is harmless.
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
// `npm start` runs this file through a shell, which does not pass signals on: when npm got the
// signal and the shell died, this process is orphaned — stop the server as for a signal.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
}, 500).unref();
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal === null ? 1 : (exitCodeOf[signal as keyof typeof exitCodeOf] ?? 1)));
});
server.on('error', (error) => {
  console.error('rainplan: cannot start the server:', error);
  process.exit(1);
});
