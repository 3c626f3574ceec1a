/**
 * Vitest global setup of the api tests, one per project (vitest.config.ts):
 * - pglite: migrates a PGlite database once and dumps it to a temporary file, from which every
 *   test app starts (loading a dump takes a fraction of PGlite's initdb);
 * - postgresql: checks that the server is reachable (with CI=true or TEST_DATABASE_URL set, a
 *   missing server fails the run), drops test databases left behind by killed runs, and migrates a
 *   template database `rainplan_test_<pid>_template` once, from which every test app's database is
 *   created (`CREATE DATABASE … TEMPLATE …` copies files instead of running every migration again;
 *   decision 0158). The template is dropped at the end (or, after a killed run, by the next one).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/core';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/orm.ts';
import { redactUrl } from '../db/redact-url.ts';
import { openAdminDatabase, postgresTemplateName } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File with a dump of a migrated PGlite database (pglite project). */
    pgliteTemplate: string;
    /** Server URL for creating test databases (postgresql project). */
    postgresUrl: string;
    /** Migrated database every test database is created from (postgresql project). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env['RAINPLAN_TEST_DATABASE'];
  if (kind === 'postgresql') {
    const url = project.config.env['RAINPLAN_TEST_POSTGRES_URL'] ?? '';
    const template = postgresTemplateName(process.pid);
    try {
      const admin = await openAdminDatabase(url);
      try {
        await dropAbandonedDatabases(admin);
        await admin.em.getConnection().execute(`drop database if exists "${template}" with (force)`);
        await admin.em.getConnection().execute(`create database "${template}"`);
      } finally {
        await admin.close(true);
      }
    } catch (error) {
      throw new Error(
        `The PostgreSQL variant of the api tests cannot reach ${redactUrl(url)}: ${(error as Error).message}. ` +
          'Start PostgreSQL or point TEST_DATABASE_URL at one (CI provides postgres://postgres@127.0.0.1:5432/test).',
        { cause: error },
      );
    }
    const dropTemplate = async () => {
      const admin = await openAdminDatabase(url);
      try {
        await admin.em.getConnection().execute(`drop database if exists "${template}" with (force)`);
      } finally {
        await admin.close(true);
      }
    };
    try {
      // Migrated exactly as a test app's `openDatabase` would, then closed: a template must have no
      // open connection while databases are created from it.
      const templateUrl = new URL(url);
      templateUrl.pathname = `/${template}`;
      const orm = await openDatabase({ kind: 'postgresql', url: templateUrl.href });
      await orm.close(true);
    } catch (error) {
      await dropTemplate();
      throw error;
    }
    project.provide('postgresUrl', url);
    project.provide('postgresTemplate', template);
    return dropTemplate;
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'rainplan-pglite-'));
  const file = path.join(dir, 'template.tar');
  const orm = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  try {
    const connection = orm.em.getConnection() as unknown as {
      getNativeClient(): Promise<{ dumpDataDir(compression: 'none'): Promise<Blob> }>;
    };
    const dump = await (await connection.getNativeClient()).dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await orm.close(true);
  }
  project.provide('pgliteTemplate', file);
  return async () => rm(dir, { recursive: true, force: true });
}

/** Test databases of runs that were killed before they could drop them (their process is gone). */
async function dropAbandonedDatabases(admin: MikroORM): Promise<void> {
  const connection = admin.em.getConnection();
  const rows = await connection.execute<Array<{ datname: string }>>(
    "select datname from pg_database where datname like 'rainplan\\_test\\_%'",
  );
  for (const { datname } of rows) {
    const pid = Number(/^rainplan_test_(\d+)_/.exec(datname)?.[1]);
    if (Number.isInteger(pid) && !isRunning(pid)) await connection.execute(`drop database if exists "${datname}" with (force)`);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
