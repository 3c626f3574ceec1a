import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** The KOSTRA editions the api imports (DWD's current one and its predecessor). */
export const RAIN_EDITIONS = ['KOSTRA-DWD-2020', 'KOSTRA-DWD-2010R'] as const;
export type RainEdition = (typeof RAIN_EDITIONS)[number];

/**
 * One imported KOSTRA dataset (one row per edition): when it was imported, a hash of the files
 * it came from (an identical import changes nothing) and, for 2010R, the map projection of the
 * cell polygons (the `.prj` WKT).
 */
export const RainDataset = defineEntity({
  name: 'RainDataset',
  properties: {
    edition: p.enum(RAIN_EDITIONS).primary(),
    importedAt: p.datetime(),
    sourceHash: p.string().length(64),
    projection: p.text().nullable(),
    cellCount: p.integer(),
    files: p.json<string[]>(),
  },
});
export type RainDataset = InferEntity<typeof RainDataset>;

/**
 * One KOSTRA cell with data: INDEX_RC (row · 1000 + column), its rain heights hN in mm (22 × 9,
 * duration-major over the rain durations, then annualities; 0 = missing), for 2020 DWD's
 * uncertainties UC in ± percent in the same layout (0 = not given; null when the files carried
 * none, e.g. the parameter table, or the cell was stored before they were kept) and, for 2010R, the
 * cell polygon in the dataset's projection with its bounding box (lookups by position: box
 * query, then point in polygon). KOSTRA-DWD-2020 cells are found with the grid formula.
 */
export const RainCell = defineEntity({
  name: 'RainCell',
  properties: {
    edition: p.enum(RAIN_EDITIONS).primary(),
    indexRc: p.integer().primary(),
    row: p.integer(),
    col: p.integer(),
    heightsMm: p.json<number[]>(),
    /** KOSTRA-DWD-2020 UC (± %), same layout as `heightsMm`; null = not given (decision 0159). */
    uncertaintyPct: p.json<number[]>().nullable(),
    minX: p.double().nullable(),
    minY: p.double().nullable(),
    maxX: p.double().nullable(),
    maxY: p.double().nullable(),
    /** Rings of the polygon: `[[x0, y0, x1, y1, …], …]` (2010R only). */
    rings: p.json<number[][]>().nullable(),
  },
  indexes: [{ properties: ['edition', 'minX', 'maxX'] }],
});
export type RainCell = InferEntity<typeof RainCell>;
