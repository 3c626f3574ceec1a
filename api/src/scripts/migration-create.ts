/**
 * Writes a new migration for the difference between the entities and the migrations so far:
 * `npm run -w @rainplan/api migration:create [-- name]`. It runs the existing migrations on a
 * throw-away PGlite database first, so no server is needed. Add the new file to
 * src/db/migrations/index.ts afterwards.
 */
import { openDatabase } from '../db/orm.ts';

const name = process.argv[2];
const orm = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
try {
  const result = await orm.migrator.create(undefined, false, false, name);
  if (result.fileName === '') {
    console.log('No changes: the migrations already match the entities.');
  } else {
    console.log(`Wrote src/db/migrations/${result.fileName}; add it to src/db/migrations/index.ts.`);
  }
} finally {
  await orm.close();
}
