/**
 * A database of its own for each test app: PGlite in memory, started from the migrated template
 * (global-setup.ts), or a fresh PostgreSQL database `rainplan_test_…`, created from the migrated
 * template database of the run (global-setup.ts), that is dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { MikroORM } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { inject } from 'vitest';
import type { DatabaseConfig } from '../db/orm.ts';

export type TestDatabaseKind = 'pglite' | 'postgresql';

export interface TestDatabase {
  readonly kind: TestDatabaseKind;
  readonly config: DatabaseConfig;
  /** Removes the database (PostgreSQL); call after the app using it is closed. */
  drop(): Promise<void>;
}

/** The database kind of the vitest project running this file. */
export function testDatabaseKind(): TestDatabaseKind {
  return process.env['RAINPLAN_TEST_DATABASE'] === 'postgresql' ? 'postgresql' : 'pglite';
}

/** A connection to the server's own database, for creating and dropping test databases. */
export async function openAdminDatabase(url: string): Promise<MikroORM> {
  return MikroORM.init({
    driver: PostgreSqlDriver,
    clientUrl: url,
    entities: [],
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: 1 },
  });
}

/** The run's migrated PostgreSQL template database (named by the vitest main process's pid). */
export function postgresTemplateName(pid: number): string {
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`not a process id: ${pid}`);
  return `rainplan_test_${pid}_template`;
}

let template: Promise<Blob> | undefined;

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    template ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
    return { kind: 'pglite', config: { kind: 'pglite', dataDir: 'memory://', template: await template }, drop: async () => undefined };
  }
  const serverUrl = inject('postgresUrl');
  const source = inject('postgresTemplate');
  // Both names are made here and in global-setup.ts (identifiers cannot be bound parameters).
  if (!/^rainplan_test_\d+_template$/.test(source)) throw new Error(`unexpected template database name ${JSON.stringify(source)}`);
  const name = `rainplan_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await openAdminDatabase(serverUrl);
  try {
    await admin.em.getConnection().execute(`create database "${name}" template "${source}"`);
  } finally {
    await admin.close(true);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgresql',
    config: { kind: 'postgresql', url: url.href },
    drop: async () => {
      const again = await openAdminDatabase(serverUrl);
      try {
        await again.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
      } finally {
        await again.close(true);
      }
    },
  };
}
