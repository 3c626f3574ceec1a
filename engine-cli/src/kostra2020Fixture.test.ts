import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { kostra2020GisFiles, kostra2020ParameterCsv, readReferenceCsv } from './testing/kostra2020Fixture.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const reference = path.resolve(repo, '../shared/data/kostra-dwd-2020-reference');
const gisDir = path.join(repo, 'fixtures/rain/kostra-dwd-2020-gis');
const parameterDir = path.join(repo, 'fixtures/rain/kostra-dwd-2020-parameters');
const update = process.env['UPDATE_FIXTURES'] === '1';

describe('fixtures/rain KOSTRA-DWD-2020 test directories', () => {
  it('the parameter table is what the generator writes', () => {
    const file = path.join(parameterDir, 'Parameter_KOSTRA-DWD-2020.csv');
    if (update) {
      mkdirSync(parameterDir, { recursive: true });
      writeFileSync(file, kostra2020ParameterCsv());
    }
    expect(readFileSync(file, 'utf8')).toBe(kostra2020ParameterCsv());
  });

  // The GIS tables are made from the shared reference cell; without it, check that they exist.
  it('the GIS tables are what the generator writes from the reference cell 49125', () => {
    if (!existsSync(reference)) {
      if (process.env['CI'] === 'true') throw new Error(`${reference} is missing (CI must have ../shared/data)`);
      expect(existsSync(path.join(gisDir, 'StatRR_KOSTRA-DWD-2020_D00005.dbf'))).toBe(true);
      return;
    }
    const files = kostra2020GisFiles(
      readReferenceCsv(readFileSync(path.join(reference, 'cell_49125_HN_mm.csv'), 'utf8')),
      readReferenceCsv(readFileSync(path.join(reference, 'cell_49125_UC_pct.csv'), 'utf8')),
    );
    expect(files.size).toBe(22);
    for (const [name, bytes] of files) {
      const file = path.join(gisDir, name);
      if (update) {
        mkdirSync(gisDir, { recursive: true });
        writeFileSync(file, bytes);
      }
      expect(new Uint8Array(readFileSync(file)), name).toEqual(bytes);
    }
  });
});
