/**
 * Migrations of project files from older schema versions to SCHEMA_VERSION, one pure step per
 * version (docs/project-file.md, "Versioning and migrations").
 */
export type Migration = (file: Record<string, unknown>) => Record<string, unknown>;

/**
 * Version 1 → 2 (engine 0.3.0). Version 2 adds the product lists (`measureProducts`,
 * `boxConfigurations[].additionalProducts`) and bounds strings and lists; it renames and retypes
 * nothing, so a version-1 file is a version-2 file without product lists. The step copies the
 * file and states the empty product lists explicitly, so that a migrated file and a file written
 * by this engine look alike.
 */
function v1ToV2(file: Record<string, unknown>): Record<string, unknown> {
  const configurations = file['boxConfigurations'];
  return {
    ...file,
    ...(Array.isArray(configurations)
      ? {
          boxConfigurations: configurations.map((c: unknown) =>
            c !== null && typeof c === 'object' && !Array.isArray(c) && !('additionalProducts' in c) ? { ...c, additionalProducts: [] } : c,
          ),
        }
      : {}),
    measureProducts: [],
  };
}

/**
 * Version 2 → 3 (engine 0.5.0). Version 3 adds the variants of a measure (`variants`, the
 * alternatives not chosen, and `variantName`, the chosen one's name; decision 0140); both are
 * optional and nothing is renamed, so a version-2 file is a version-3 file whose measures have
 * no variants. The step copies the file (the version number is set by `migrateProject`).
 */
function v2ToV3(file: Record<string, unknown>): Record<string, unknown> {
  return { ...file };
}

/**
 * Version 3 → 4 (engine 0.6.0). Version 4 adds the groundwater clearance of a measure (decisions
 * 0173–0174): the inputs `groundLevel`, `meanHighestGroundwaterLevel`, `baseLevel`, `coverDepth`
 * and the computed `seepageZoneBaseLevel`, `seepageZoneThickness`, `groundwaterClearance`, all
 * optional. A version-3 measure has no MHGW, so its check is "incomplete" (not checked) until the
 * planner enters one; nothing is guessed. The step copies the file (the version number is set by
 * `migrateProject`).
 */
function v3ToV4(file: Record<string, unknown>): Record<string, unknown> {
  return { ...file };
}

/** MIGRATIONS[v] turns a version-v file into a version v+1 file. */
export const MIGRATIONS: Readonly<Record<number, Migration>> = { 1: v1ToV2, 2: v2ToV3, 3: v3ToV4 };

export function migrateProject(file: Record<string, unknown>, fromVersion: number): Record<string, unknown> {
  let current = file;
  for (let v = fromVersion; MIGRATIONS[v] !== undefined; v++) {
    current = { ...MIGRATIONS[v]!(current), schemaVersion: v + 1 };
  }
  return current;
}
