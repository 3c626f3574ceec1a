/**
 * Writes the rain data shipped with rainplan (decision 0076) from DWD's KOSTRA-DWD-2010R GIS files:
 *   npm run rain:compact -w @rainplan/api -- [<dir with the DWD files>] [--out <file>]
 * <dir> defaults to ../shared/data/kostra-dwd-2010r beside the repository; <file> to
 * api/rain-data/kostra-dwd-2010r.json.gz (committed; `src/rain/shipped.test.ts` checks that it
 * equals what this script writes). Exit codes: 0 written, 1 unusable files, 2 usage error.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RainImportError } from '../rain/import.ts';
import { compactRainDataFromDirectory, encodeCompactRainData, SHIPPED_RAIN_FILE } from '../rain/shipped.ts';

const USAGE = 'usage: npm run rain:compact -w @rainplan/api -- [<directory with the KOSTRA-DWD-2010R files>] [--out <file>]';
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const outAt = args.indexOf('--out');
const outArg = outAt >= 0 ? args[outAt + 1] : undefined;
const rest = outAt < 0 ? args : args.filter((_, i) => i !== outAt && i !== outAt + 1);
if (rest.length > 1 || (outAt >= 0 && outArg === undefined)) {
  console.error(USAGE);
  process.exit(2);
}
const base = process.env['INIT_CWD'] ?? process.cwd();
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const dir = rest[0] === undefined ? path.join(repo, '..', 'shared', 'data', 'kostra-dwd-2010r') : path.resolve(base, rest[0]);
const out = outArg === undefined ? SHIPPED_RAIN_FILE : path.resolve(base, outArg);

if (!(await stat(dir).catch(() => undefined))?.isDirectory()) {
  console.error(`rainplan: ${dir} is not a directory`);
  process.exit(2);
}
try {
  const data = await compactRainDataFromDirectory(dir);
  const bytes = encodeCompactRainData(data);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, bytes);
  console.log(`Wrote ${out}: ${data.cells.length} cells of ${data.edition}, ${(bytes.length / 1e6).toFixed(2)} MB.`);
} catch (error) {
  if (!(error instanceof RainImportError)) throw error;
  console.error(`rainplan: ${error.message}`);
  process.exitCode = 1;
}
