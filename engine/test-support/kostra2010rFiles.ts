/**
 * DWD's KOSTRA-DWD-2010R files in ../shared/data/kostra-dwd-2010r, read with node:fs for the
 * real-data tests and the benchmark (the engine itself takes bytes).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Kostra2010RFiles } from '../src/rain/kostra2010rIndex.ts';
import { kostraDurationFromFileName } from '../src/rain/kostraDbf.ts';
import { sharedDataPresent, sharedDataUrl } from './sharedData.ts';

export const KOSTRA_2010R_FOLDER = 'kostra-dwd-2010r';
const SHP = 'StatRR_KOSTRA-DWD-2010R_grid.shp';

/** Whether the folder holds DWD's grid (the real-data suites skip or fail without it). */
export const kostra2010RFilesPresent = (): boolean => sharedDataPresent(KOSTRA_2010R_FOLDER, SHP);

/** The shp, prj (and with `shx: true` the shx) and the 18 dbf files, one per duration. */
export function readKostra2010RFiles({ shx = false }: { readonly shx?: boolean } = {}): Kostra2010RFiles {
  const dir = sharedDataUrl(KOSTRA_2010R_FOLDER);
  return {
    shp: readFileSync(new URL(SHP, dir)),
    ...(shx ? { shx: readFileSync(new URL('StatRR_KOSTRA-DWD-2010R_grid.shx', dir)) } : {}),
    prj: readFileSync(new URL('StatRR_KOSTRA-DWD-2010R_grid.prj', dir), 'latin1'),
    dbf: readdirSync(dir)
      .filter((n) => n.endsWith('.dbf'))
      .map((n) => {
        const durationMin = kostraDurationFromFileName(n);
        if (durationMin === undefined) throw new Error(`no duration in ${n}`);
        return { durationMin, bytes: readFileSync(new URL(n, dir)) };
      }),
  };
}
