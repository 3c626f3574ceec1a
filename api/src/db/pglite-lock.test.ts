/**
 * One process per PGlite directory (issue 13, item 6; decision 0073): the lock file, stale locks,
 * and the commands (admin:grant, accounts:purge-inactive, rain:import) refusing with exit 3 while
 * the server holds the directory, without writing anything.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from './entities/user.ts';
import { openDatabase } from './orm.ts';
import { DatabaseInUseError, lockFileOf, lockPgliteDirectory } from './pglite-lock.ts';

const API_DIR = path.resolve(import.meta.dirname, '..', '..');
let dataDir: string;
let sleeper: ChildProcess;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rainplan-lock-'));
  // A process that runs for the whole test: stands for "another process holds the lock".
  sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], { stdio: 'ignore' });
});

afterAll(async () => {
  sleeper?.kill();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the PGlite directory lock', () => {
  it('is taken with the pid, refused to a second opener in this process, and released', () => {
    const dir = path.join(dataDir, 'a', 'pglite');
    const release = lockPgliteDirectory(dir, 'server');
    expect(JSON.parse(readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: process.pid, role: 'server' });
    expect(() => lockPgliteDirectory(dir, 'admin:grant')).toThrow(DatabaseInUseError);
    release();
    expect(existsSync(lockFileOf(dir))).toBe(false);
    lockPgliteDirectory(dir, 'server')();
  });

  it('is refused while another live process holds it, and taken over from a dead one', () => {
    const dir = path.join(dataDir, 'b', 'pglite');
    mkdirSync(path.dirname(dir), { recursive: true });
    writeFileSync(lockFileOf(dir), JSON.stringify({ pid: sleeper.pid, role: 'server', host: 'x', since: '' }));
    let refusal: unknown;
    try {
      lockPgliteDirectory(dir, 'admin:grant');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DatabaseInUseError);
    expect((refusal as Error).message).toContain(`in use by another process (server, pid ${sleeper.pid})`);
    expect(JSON.parse(readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: sleeper.pid });

    // A pid that no longer runs: the lock is stale and taken over.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(lockFileOf(dir), JSON.stringify({ pid: Number(dead.stdout), role: 'server', host: 'x', since: '' }));
    const release = lockPgliteDirectory(dir, 'server');
    expect(JSON.parse(readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    // An unreadable lock file (a crash while writing it) is stale too.
    writeFileSync(lockFileOf(dir), '{"pi');
    lockPgliteDirectory(dir, 'server')();
  });
});

describe('the commands while the server holds the database', () => {
  it('refuse with exit 3 and a clear message, and change nothing', async () => {
    const env = { ...process.env, DATA_DIR: path.join(dataDir, 'served'), DATABASE_URL: '', LOG_LEVEL: 'silent' };
    const dir = path.join(env.DATA_DIR, 'pglite');
    // The "server": a database with a user, then the lock held by another live process.
    const orm = await openDatabase({ kind: 'pglite', dataDir: dir });
    // Held by openDatabase until the database is closed.
    await expect(openDatabase({ kind: 'pglite', dataDir: dir }, { role: 'rain:import' })).rejects.toThrow(DatabaseInUseError);
    const em = orm.em.fork();
    em.create(User, {
      email: 'erika@example.com', passwordHash: 'x', formOfAddress: 'NONE', name: 'Erika', street: 's', houseNumber: '1', zipCode: '1', city: 'c', gdprConsentAt: new Date(),
    });
    await em.flush();
    await orm.close();
    expect(existsSync(lockFileOf(dir))).toBe(false);
    writeFileSync(lockFileOf(dir), JSON.stringify({ pid: sleeper.pid, role: 'server', host: 'x', since: '' }));

    for (const [script, args] of [
      ['src/scripts/admin-grant.ts', ['erika@example.com']],
      ['src/scripts/purge-inactive.ts', ['--apply']],
      ['src/scripts/rain-import.ts', [mkdirSync(path.join(dataDir, 'rain'), { recursive: true }) ?? path.join(dataDir, 'rain')]],
    ] as const) {
      // The engine from its sources (no build needed), as vitest resolves it.
      const run = spawnSync(process.execPath, ['--conditions=@rainplan/source', script, ...args], { cwd: API_DIR, env, encoding: 'utf8', timeout: 60_000 });
      expect(run.status, `${script}: ${run.stderr}`).toBe(3);
      expect(run.stderr).toContain(`is in use by another process (server, pid ${sleeper.pid})`);
      expect(run.stdout).not.toContain('is now an administrator');
    }
    writeFileSync(lockFileOf(dir), '');
    const reopened = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      expect((await reopened.em.fork().findOneOrFail(User, { email: 'erika@example.com' })).roles).toEqual([]);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
