/**
 * Imports DWD's KOSTRA files from a directory (and its subdirectories) into the database, as
 * POST /Raindata/import does:
 *   npm run rain:import -- <dir> [--file-type KOSTRA-DWD-2020|KOSTRA-DWD-2010R]
 * A relative <dir> is taken from where npm was started. Uses the server's configuration
 * (DATA_DIR, DATABASE_URL); with the embedded PGlite database, stop the server first.
 * Exit codes: 0 imported (or nothing changed), 1 unusable files, 2 usage or configuration error,
 * 3 the PGlite database is in use by another process, the server (nothing changed; decision 0073).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { importRainFiles, parseFileType, RainImportError, type RainFile } from '../rain/import.ts';
import { commandConfig, databaseLabel, withDatabase } from './command-support.ts';

const USAGE = 'usage: npm run rain:import -- <directory with DWD files> [--file-type KOSTRA-DWD-2020|KOSTRA-DWD-2010R]';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const typeAt = args.indexOf('--file-type');
const fileTypeText = typeAt >= 0 ? args[typeAt + 1] : undefined;
const rest = typeAt < 0 ? args : args.filter((_, i) => i !== typeAt && i !== typeAt + 1);
const fileType = parseFileType(fileTypeText);
if (rest.length !== 1 || (fileTypeText !== undefined && fileType === undefined)) {
  console.error(USAGE);
  process.exit(2);
}
const dir = path.resolve(process.env['INIT_CWD'] ?? process.cwd(), rest[0] ?? '.');

async function collect(folder: string): Promise<RainFile[]> {
  const files: RainFile[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) files.push(...(await collect(full)));
    else if (entry.isFile()) files.push({ name: entry.name, bytes: await readFile(full) });
  }
  return files;
}

if (!(await stat(dir).catch(() => undefined))?.isDirectory()) {
  console.error(`rainplan: ${dir} is not a directory`);
  process.exit(2);
}

const config = commandConfig();

const started = performance.now();
const files = await collect(dir);
try {
  const result = await withDatabase(config, (em) => importRainFiles(em, files, fileType));
  const where = databaseLabel(config);
  console.log(
    `Imported ${dir} into ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${result.newLocations} new locations, ${result.newRainDatasets} new or changed series` +
      (result.ignoredFiles.length === 0 ? '.' : `; ignored: ${result.ignoredFiles.join(', ')}.`),
  );
} catch (error) {
  if (!(error instanceof RainImportError)) throw error;
  console.error(`rainplan: ${error.message}`);
  process.exitCode = 1;
}
