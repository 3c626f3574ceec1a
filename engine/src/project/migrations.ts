/**
 * Migrations of project files from older schema versions to SCHEMA_VERSION. Version 1 is the
 * first published format, so the table is empty; each future version adds one pure step here
 * (docs/project-file.md, "Versioning").
 */
export type Migration = (file: Record<string, unknown>) => Record<string, unknown>;

/** MIGRATIONS[v] turns a version-v file into a version v+1 file. */
export const MIGRATIONS: Readonly<Record<number, Migration>> = {};

export function migrateProject(file: Record<string, unknown>, fromVersion: number): Record<string, unknown> {
  let current = file;
  for (let v = fromVersion; MIGRATIONS[v] !== undefined; v++) {
    current = { ...MIGRATIONS[v]!(current), schemaVersion: v + 1 };
  }
  return current;
}
