/**
 * One process per PGlite data directory (issue 13, item 6; decision 0073). PGlite is an embedded
 * database: two processes opening one directory would each keep their own copy in memory and
 * overwrite each other's writes (a grant by `admin:grant` beside a running server was lost). The
 * opener therefore takes a lock file beside the directory (`<dir>.lock`, in DATA_DIR) holding its
 * pid; another process finds it and refuses with `DatabaseInUseError`. A lock whose pid no longer
 * runs (a crash, kill -9) is stale and taken over; so is one with the opener's own pid (a restarted
 * container often has the same pid), except while this process itself holds the directory open.
 * The pid is checked on this machine: the data directory belongs on a local disk.
 */
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
  readonly dataDir: string;
  readonly pid: number;
  readonly holder: string;

  constructor(dataDir: string, pid: number, holder: string) {
    super(
      `the database in ${dataDir} is in use by another process (${holder}, pid ${pid}); PGlite serves one process at a time. ` +
        'Stop that process first (or use PostgreSQL with DATABASE_URL, which serves several).',
    );
    this.dataDir = dataDir;
    this.pid = pid;
    this.holder = holder;
  }
}

interface LockContent {
  readonly pid: number;
  readonly role: string;
  readonly host: string;
  readonly since: string;
}

/** Directories this process holds open. */
const held = new Set<string>();

export function lockFileOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockContent | null {
  try {
    const content = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof content.pid === 'number' && Number.isInteger(content.pid) && content.pid > 0
      ? { pid: content.pid, role: String(content.role ?? 'unknown'), host: String(content.host ?? ''), since: String(content.since ?? '') }
      : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of PGlite directory `dataDir` for this process (`role` names it in the refusal
 * another process prints: "server", "admin:grant", …); returns the release function.
 */
export function lockPgliteDirectory(dataDir: string, role: string): () => void {
  const file = lockFileOf(dataDir);
  const key = path.resolve(dataDir);
  if (held.has(key)) throw new DatabaseInUseError(key, process.pid, `${role}: this process has it open already`);
  const content: LockContent = { pid: process.pid, role, host: hostname(), since: new Date().toISOString() };
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(content) + '\n');
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      const current = readLock(file);
      // A lock being written right now reads as empty: give its writer a moment.
      if (current === null && attempt === 0) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        continue;
      }
      if (current !== null && current.pid !== process.pid && alive(current.pid)) {
        throw new DatabaseInUseError(key, current.pid, current.role);
      }
      // Stale: moved aside under a unique name (of two takers only one moves it), then retried.
      try {
        const aside = `${file}.stale-${process.pid}-${attempt}`;
        renameSync(file, aside);
        unlinkSync(aside);
      } catch {
        // Another taker moved it first, or the stale copy is gone already.
      }
    }
  }
  held.add(key);
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    held.delete(key);
    process.off('exit', release);
    if (readLock(file)?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // Gone already.
      }
    }
  };
  process.on('exit', release);
  return release;
}
