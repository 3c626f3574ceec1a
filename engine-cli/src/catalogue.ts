/**
 * The catalogue of `rainplan boxes`, `masslist` and the bills of `verify`: the two files
 * products.json and boxes.json of a directory (`--catalogue <dir>`), by default the demo
 * catalogue of this repository (fixtures/catalogue, invented prices).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCatalogue, type Catalogue } from '@rainplan/engine/catalogue';
import { UserError, describeFsError } from './io.ts';

/** The repository's demo catalogue (seen from engine-cli/src and engine-cli/dist alike). */
export const DEMO_CATALOGUE_DIR = fileURLToPath(new URL('../../fixtures/catalogue/', import.meta.url));

const loaded = new Map<string, Promise<Catalogue>>();

/** Reads and checks the catalogue of `dir` (cwd-relative); unreadable or invalid files are a usage error (exit 2). */
export function loadCatalogue(dir: string | undefined, cwd: string, command: string): Promise<Catalogue> {
  const full = dir === undefined ? DEMO_CATALOGUE_DIR : path.resolve(cwd, dir);
  let promise = loaded.get(full);
  if (promise === undefined) {
    promise = read(full, dir ?? 'the demo catalogue', command);
    loaded.set(full, promise);
    promise.catch(() => loaded.delete(full));
  }
  return promise;
}

async function read(full: string, shown: string, command: string): Promise<Catalogue> {
  const text = async (file: string) => {
    try {
      return await readFile(path.join(full, file), 'utf8');
    } catch (e) {
      throw new UserError(`${command}: cannot read ${file} of ${shown} (${full}): ${describeFsError(e)}`);
    }
  };
  const result = parseCatalogue(await text('products.json'), await text('boxes.json'));
  if (!result.ok) {
    const first = result.errors.slice(0, 5).map((e) => `${e.file}.json ${e.path}: ${e.message}`);
    throw new UserError(`${command}: invalid catalogue ${shown}: ${first.join('; ')}${result.errors.length > 5 ? ` (and ${result.errors.length - 5} more)` : ''}`);
  }
  return result.catalogue;
}
