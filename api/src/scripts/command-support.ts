/**
 * What the api's commands (admin:grant, accounts:purge-inactive, rain:import) share: the server's
 * configuration (exit 2 with the message when it is invalid), a database opened for the command's
 * work and closed afterwards, and the name of the database for their messages.
 */
import path from 'node:path';
import { ConfigError, loadConfig, type ApiConfig } from '../config.ts';
import { openDatabase, type EntityManager } from '../db/orm.ts';
import { DatabaseInUseError } from '../db/pglite-lock.ts';

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

/** Exit code of a command that finds the PGlite database held by the running server (decision 0073). */
export const EXIT_DATABASE_IN_USE = 3;

/**
 * Opens the configured database (migrating it), runs `work` with an entity manager, closes it.
 * A PGlite directory held by another process (the running server) ends the command with exit 3
 * and the message: nothing is written.
 */
export async function withDatabase<T>(config: ApiConfig, work: (em: EntityManager) => Promise<T>, role = commandName()): Promise<T> {
  let orm;
  try {
    orm = await openDatabase(config.database, { role });
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(`rainplan ${role}: refused: ${error.message}`);
    process.exit(EXIT_DATABASE_IN_USE);
  }
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

/** The npm script running (admin:grant, …), for messages. */
function commandName(): string {
  return process.env['npm_lifecycle_event'] || path.basename(process.argv[1] ?? 'command', '.ts');
}
