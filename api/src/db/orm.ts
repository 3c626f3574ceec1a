/**
 * Opens the database: PGlite (embedded PostgreSQL, a data directory or `memory://`) by default,
 * PostgreSQL when a connection URL is given. Both use the same entities and the same committed
 * migrations (./migrations), which `openDatabase` applies before it returns.
 */
import { MikroORM, type Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PgliteDriver } from '@mikro-orm/pglite';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { BasePostgreSqlEntityManager, AbstractSqlDriver } from '@mikro-orm/sql';
import { ENTITIES } from './entities/index.ts';
import { MIGRATIONS } from './migrations/index.ts';

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
      driver: PgliteDriver,
      dbName: database.dataDir,
      // A function, because MikroORM deep-copies option objects, which would break the Blob.
      ...(database.template === undefined ? {} : { driverOptions: () => ({ loadDataDir: database.template }) }),
    };
  }
  return { ...common, driver: PostgreSqlDriver, clientUrl: database.url };
}

export async function openDatabase(database: DatabaseConfig, options: OpenDatabaseOptions = {}): Promise<Orm> {
  const orm = (await MikroORM.init(ormOptions(database, options.debug))) as unknown as Orm;
  try {
    if (options.migrate !== false) await orm.migrator.up();
  } catch (error) {
    await orm.close(true);
    throw error;
  }
  return orm;
}
