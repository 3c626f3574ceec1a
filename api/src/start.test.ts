/**
 * The real server process as `npm start` runs it (src/start.ts → src/server.ts), on a fresh data
 * directory: the first start loads the shipped rain data, so a Munich project can be sized without
 * any import; and stopping `npm start` stops every process it started, however it is stopped
 * (decisions 0076, 0077). `npm start` runs the launcher through a shell, as `sh -c '…; true'` here
 * (the shell stays the launcher's parent, as under npm). The web build is not needed (--no-build).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluate, parseProject, type Project, type RainData } from '@rainplan/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const api = fileURLToPath(new URL('../', import.meta.url));
const repo = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT = 180_000;

interface Started {
  readonly shell: ChildProcess;
  readonly port: number;
  readonly output: () => string;
}

// PGlite in the data directory, whatever the test run's environment says
const { DATABASE_URL: _ignored, ...environment } = process.env;

/** Starts `sh -c 'node src/start.ts --no-build; true'` in its own process group; resolves when the server listens. */
function start(dataDir: string): Promise<Started> {
  const shell = spawn('sh', ['-c', `"${process.execPath}" src/start.ts --no-build; true`], {
    cwd: api,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...environment, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_ROOT: dataDir },
  });
  let text = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in time:\n${text}`)), START_TIMEOUT - 10_000);
    const read = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(text);
      if (m !== null) {
        clearTimeout(timer);
        resolve({ shell, port: Number(m[1]), output: () => text });
      }
    };
    shell.stdout.on('data', read);
    shell.stderr.on('data', read);
    shell.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`the server exited before listening:\n${text}`));
    });
  });
}

/** The pids of the process group's members still alive (launcher, server). */
function alive(pids: readonly number[]): number[] {
  return pids.filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
}

async function childPids(pid: number): Promise<number[]> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const direct = text.trim() === '' ? [] : text.trim().split(/\s+/).map(Number);
  return [...direct, ...(await Promise.all(direct.map(childPids))).flat()];
}

async function waitUntil(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return check();
}

const portFree = async (port: number) => fetch(`http://127.0.0.1:${port}/api/health`).then(
  () => false,
  () => true,
);

// One process-level run is enough: vitest.config.ts runs this file in the pglite project only.
describe('the server process of `npm start`', () => {
  let dataDir: string;
  const started: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'rainplan-first-run-'));
  });
  afterAll(async () => {
    for (const shell of started) {
      try {
        if (shell.pid !== undefined) process.kill(-shell.pid, 'SIGKILL'); // the group this test started
      } catch {
        // already gone
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('first start on a fresh data directory: a Munich project is sized without any import; SIGTERM to the shell stops launcher and server', { timeout: START_TIMEOUT + 60_000 }, async () => {
    const run = await start(dataDir);
    started.push(run.shell);
    expect(run.output()).toContain('loaded the shipped rain data: KOSTRA-DWD-2010R, 5405 cells');
    expect(run.output()).toContain('Datenbasis: Deutscher Wetterdienst, eigene Bearbeitung');

    // the trial mode's lookup (no account) answers the rain data of Munich …
    const answer = await fetch(`http://127.0.0.1:${run.port}/api/Raindata/trial?latitude=48.137&longitude=11.575`);
    expect(answer.status).toBe(200);
    const dto = (await answer.json()) as { source: RainData['source']; kostraCell: RainData['kostraCell']; raindataSeries: RainData['raindataSeries'] };
    expect(dto.source).toEqual({ edition: 'KOSTRA-DWD-2010R', cell: '93049' });
    // … with which the engine sizes a measure (the trial mode sizes in the browser with it)
    const parsed = parseProject(await readFile(path.join(repo, 'fixtures/projects/minimal.project.json'), 'utf8'));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const project: Project = { ...parsed.project, project: { ...parsed.project.project, location: { latitude: 48.137, longitude: 11.575 } }, rainData: { source: dto.source, raindataSeries: dto.raindataSeries } as RainData };
    const evaluation = evaluate(project);
    expect(evaluation.rainDataset).toEqual({ edition: 'KOSTRA-DWD-2010R', cell: '93049' });
    expect(evaluation.measures[0]?.requiredVolume).toBeGreaterThan(0);

    const shellPid = run.shell.pid!;
    const family = await childPids(shellPid);
    expect(family.length).toBeGreaterThanOrEqual(2); // launcher and server
    process.kill(shellPid, 'SIGTERM'); // what npm does: it passes the signal to its shell
    expect(await waitUntil(() => alive(family).length === 0, 20_000), `still running: ${alive(family).join(', ')}\n${run.output()}`).toBe(true);
    expect(await portFree(run.port)).toBe(true);
  });

  it('a killed launcher (SIGKILL) takes the server with it; Ctrl+C (SIGINT to the group) stops everything', { timeout: 2 * START_TIMEOUT }, async () => {
    const first = await start(dataDir);
    started.push(first.shell);
    expect(first.output()).not.toContain('loaded the shipped rain data'); // second start: already there
    const [launcher, server] = await childPids(first.shell.pid!);
    process.kill(launcher!, 'SIGKILL');
    expect(await waitUntil(() => alive([server!]).length === 0, 20_000), first.output()).toBe(true);
    expect(await portFree(first.port)).toBe(true);

    const second = await start(dataDir);
    started.push(second.shell);
    const family = [second.shell.pid!, ...(await childPids(second.shell.pid!))];
    process.kill(-second.shell.pid!, 'SIGINT'); // a terminal's Ctrl+C reaches the whole group
    expect(await waitUntil(() => alive(family.slice(1)).length === 0, 20_000), second.output()).toBe(true);
    expect(await portFree(second.port)).toBe(true);
  });
});
