/**
 * Opens the database: PGlite (embedded PostgreSQL, a data directory or `memory://`) by default,
 * PostgreSQL when a connection URL is given. Both use the same entities and the same committed
 * migrations (./migrations), which `openDatabase` applies before it returns. Both drivers send
 * values as bind parameters (./bound-parameters.ts, decision 0064).
 */
import { MikroORM, type Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { BasePostgreSqlEntityManager, AbstractSqlDriver } from '@mikro-orm/sql';
import { BoundPgliteDriver, BoundPostgreSqlDriver } from './bound-parameters.ts';
import { ENTITIES } from './entities/index.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { lockPgliteDirectory } from './pglite-lock.ts';

export type DatabaseConfig =
  | {
      readonly kind: 'pglite';
      /** A directory, or `memory://` for a throw-away database. */
      readonly dataDir: string;
      /** A PGlite data directory dump (`dumpDataDir`) to start from; tests use a migrated one. */
      readonly template?: Blob;
    }
  | { readonly kind: 'postgresql'; readonly url: string };

/** The entity manager type used throughout the api (both drivers are PostgreSQL). */
export type EntityManager = BasePostgreSqlEntityManager<AbstractSqlDriver>;
export type Orm = MikroORM<AbstractSqlDriver, EntityManager>;

export interface OpenDatabaseOptions {
  /** Apply pending migrations (default true). */
  readonly migrate?: boolean;
  /** Log every query (development only). */
  readonly debug?: boolean;
  /** Who opens it, named to another process that finds a PGlite directory locked (default "server"). */
  readonly role?: string;
}

export function ormOptions(database: DatabaseConfig, debug = false): Partial<Options> {
  const common = {
    entities: ENTITIES,
    extensions: [Migrator],
    migrations: {
      migrationsList: MIGRATIONS,
      path: new URL('./migrations', import.meta.url).pathname,
      snapshot: false,
      silent: true,
    },
    debug,
    // A request that touches an entity outside its forked entity manager is a bug: fail loudly.
    allowGlobalContext: false,
    ensureDatabase: false,
  } satisfies Partial<Options>;
  if (database.kind === 'pglite') {
    return {
      ...common,
      driver: BoundPgliteDriver,
      dbName: database.dataDir,
      // A function, because MikroORM deep-copies option objects, which would break the Blob.
      ...(database.template === undefined ? {} : { driverOptions: () => ({ loadDataDir: database.template }) }),
    };
  }
  return { ...common, driver: BoundPostgreSqlDriver, clientUrl: database.url };
}

export async function openDatabase(database: DatabaseConfig, options: OpenDatabaseOptions = {}): Promise<Orm> {
  // A PGlite directory serves one process: lock it first (db/pglite-lock.ts), release it on close.
  const release =
    database.kind === 'pglite' && !database.dataDir.startsWith('memory://') ? lockPgliteDirectory(database.dataDir, options.role ?? 'server') : () => {};
  let orm: Orm;
  try {
    orm = (await MikroORM.init(ormOptions(database, options.debug))) as unknown as Orm;
  } catch (error) {
    release();
    throw error;
  }
  const close = orm.close.bind(orm);
  orm.close = async (force?: boolean) => {
    try {
      await close(force);
    } finally {
      release();
    }
  };
  try {
    if (options.migrate !== false) await orm.migrator.up();
  } catch (error) {
    await orm.close(true);
    throw error;
  }
  return orm;
}
