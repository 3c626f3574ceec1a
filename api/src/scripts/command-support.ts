/**
 * What the api's commands (admin:grant, accounts:purge-inactive, rain:import) share: the server's
 * configuration (exit 2 with the message when it is invalid), a database opened for the command's
 * work and closed afterwards, and the name of the database for their messages.
 */
import { ConfigError, loadConfig, type ApiConfig } from '../config.ts';
import { openDatabase, type EntityManager } from '../db/orm.ts';

/** The server's configuration from the environment; an invalid one ends the command with exit 2. */
export function commandConfig(): ApiConfig {
  try {
    return loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`rainplan: ${error.message}`);
    process.exit(2);
  }
}

/** Opens the configured database (migrating it), runs `work` with an entity manager, closes it. */
export async function withDatabase<T>(config: ApiConfig, work: (em: EntityManager) => Promise<T>): Promise<T> {
  const orm = await openDatabase(config.database);
  try {
    return await work(orm.em.fork() as EntityManager);
  } finally {
    await orm.close();
  }
}

/** The PGlite data directory, or `DATABASE_URL` (never the URL itself: it may hold a password). */
export function databaseLabel(config: ApiConfig): string {
  return config.database.kind === 'pglite' ? config.database.dataDir : 'DATABASE_URL';
}
