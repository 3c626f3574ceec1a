/**
 * Rain data in the database: look up the KOSTRA cell of a position and its series, and the rain
 * data a project's calculations use (its custom rain data, else the cell of its location).
 *
 * Cells hold DWD's rain heights hN (mm, 22 durations × 9 annualities, duration-major) and, for
 * KOSTRA-DWD-2020, DWD's uncertainties UC (± %, same layout); the series r = hN · 10000 / (60 · D)
 * is built with the engine and carries the UC, so the engine's rain uncertainty band is computed
 * for projects on 2020 data (decisions 0130, 0159). KOSTRA-DWD-2020 cells are found with the
 * grid formula (EPSG:3035, 5 km), KOSTRA-DWD-2010R cells by their polygon (a box query, then
 * point in polygon, in the projection of the dataset's `.prj`). When both editions are imported,
 * the current one (2020) is used where it has data (decision 0052).
 *
 * Where no edition has data, `locateRainData` says whether the position lies in a cell of an
 * imported edition's grid that has none (the cell named; 2020 by the grid formula, 2010R by the
 * engine's formula of DWD's regular 2010R grid, since only cells with data are stored) or outside
 * every grid (decision 0177).
 */
import type { RainData } from '@rainplan/engine';
import {
  createRainSeries,
  kostra2010RCellFromMap,
  kostra2020CellAt,
  parseIndexRc,
  projectWgs84,
  rainSeriesToRainData,
  rainYieldFromHeight,
  type KostraCellRef,
} from '@rainplan/engine/rain';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '@rainplan/engine/tables';
import type { Project } from '../db/entities/project.ts';
import { RainCell, RainDataset, type RainEdition } from '../db/entities/rain.ts';
import type { EntityManager } from '../db/orm.ts';

const NT = ANNUALITIES_A.length;

/** The editions in the order they are consulted. */
export const LOOKUP_ORDER: readonly RainEdition[] = ['KOSTRA-DWD-2020', 'KOSTRA-DWD-2010R'];

export interface FoundRain {
  readonly edition: RainEdition;
  readonly cell: KostraCellRef;
  readonly rainData: RainData;
}

/** The wire rain data of a stored cell (with its uncertainties where the cell has them). */
export function rainDataOfCell(edition: RainEdition, cell: Pick<RainCell, 'indexRc' | 'heightsMm'> & { readonly uncertaintyPct?: readonly number[] | null | undefined }): RainData {
  const ref = parseIndexRc(cell.indexRc);
  const heights = cell.heightsMm;
  const uncertainty = cell.uncertaintyPct;
  const at = (D: (typeof RAIN_DURATIONS_MIN)[number], T: (typeof ANNUALITIES_A)[number]) => RAIN_DURATIONS_MIN.indexOf(D) * NT + ANNUALITIES_A.indexOf(T);
  const series = createRainSeries(
    ref === undefined ? { edition } : { edition, cell: ref.id },
    (D, T) => {
      const h = heights[at(D, T)] ?? 0;
      return h > 0 ? rainYieldFromHeight(h, D) : 0;
    },
    {
      ...(ref === undefined ? {} : { kostraCell: { row: ref.row, column: ref.column } }),
      ...(uncertainty == null ? {} : { uncertaintyPct: (D, T) => ((heights[at(D, T)] ?? 0) > 0 ? (uncertainty[at(D, T)] ?? 0) : 0) }),
    },
  );
  return rainSeriesToRainData(series);
}

/** Even–odd point in polygon over every ring (`[x0, y0, x1, y1, …]`). */
export function pointInRings(rings: readonly (readonly number[])[], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    const n = ring.length / 2;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const xi = ring[2 * i] ?? 0;
      const yi = ring[2 * i + 1] ?? 0;
      const xj = ring[2 * j] ?? 0;
      const yj = ring[2 * j + 1] ?? 0;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/**
 * The imported datasets (edition and projection), kept by each process for 30 s: an import by
 * this process clears it at once (`forgetRainDatasets`), one by another process is seen within
 * 30 s. The key is the ORM's metadata (one entry per database).
 */
const DATASET_CACHE_MS = 30_000;
const datasetCache = new WeakMap<object, { readonly at: number; readonly datasets: Map<RainEdition, { projection: string | null }> }>();

export function forgetRainDatasets(em: EntityManager): void {
  datasetCache.delete(em.getMetadata());
}

async function importedDatasets(em: EntityManager): Promise<Map<RainEdition, { projection: string | null }>> {
  const key = em.getMetadata();
  const cached = datasetCache.get(key);
  if (cached !== undefined && performance.now() - cached.at < DATASET_CACHE_MS) return cached.datasets;
  const rows = await em.find(RainDataset, {}, { fields: ['edition', 'projection'], disableIdentityMap: true });
  const datasets = new Map(rows.map((d) => [d.edition, { projection: d.projection ?? null }]));
  datasetCache.set(key, { at: performance.now(), datasets });
  return datasets;
}

/**
 * Why no imported data covers a position: `cellWithoutData` names the first cell (in
 * `LOOKUP_ORDER`) of an imported edition's grid that contains the position but holds no data;
 * without it the position lies outside the grid of every imported edition, or none is imported.
 */
export interface RainMiss {
  readonly found: false;
  readonly cellWithoutData?: { readonly edition: RainEdition; readonly cell: KostraCellRef };
  /** Whether any KOSTRA dataset is imported at all. */
  readonly anyImported: boolean;
}

/** The rain data of the imported dataset at a WGS84 position, or why none covers it. */
export async function locateRainData(em: EntityManager, latitude: number, longitude: number): Promise<({ readonly found: true } & FoundRain) | RainMiss> {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return { found: false, anyImported: false };
  const datasets = await importedDatasets(em);
  let cellWithoutData: RainMiss['cellWithoutData'];
  for (const edition of LOOKUP_ORDER) {
    const dataset = datasets.get(edition);
    if (dataset === undefined) continue;
    const result = edition === 'KOSTRA-DWD-2020' ? await lookup2020(em, latitude, longitude) : await lookup2010R(em, dataset.projection ?? '', latitude, longitude);
    if ('cell' in result) return { found: true, edition, cell: result.ref, rainData: rainDataOfCell(edition, result.cell) };
    if (result.ref !== undefined) cellWithoutData ??= { edition, cell: result.ref };
  }
  return { found: false, anyImported: datasets.size > 0, ...(cellWithoutData === undefined ? {} : { cellWithoutData }) };
}

/** The rain data of the imported dataset at a WGS84 position, or undefined where none covers it. */
export async function rainDataAt(em: EntityManager, latitude: number, longitude: number): Promise<FoundRain | undefined> {
  const result = await locateRainData(em, latitude, longitude);
  return result.found ? { edition: result.edition, cell: result.cell, rainData: result.rainData } : undefined;
}

type StoredCell = Pick<RainCell, 'indexRc' | 'heightsMm'> & { readonly uncertaintyPct?: readonly number[] | null | undefined };

/** A cell with data (`cell`), or the grid cell of the position without data (`ref` only), or neither: outside the grid. */
type EditionLookup = { readonly ref: KostraCellRef; readonly cell: StoredCell } | { readonly ref?: KostraCellRef };

async function lookup2020(em: EntityManager, latitude: number, longitude: number): Promise<EditionLookup> {
  const ref = kostra2020CellAt(latitude, longitude);
  if (ref === undefined) return {};
  const cell = await em.findOne(RainCell, { edition: 'KOSTRA-DWD-2020', indexRc: ref.indexRc }, { fields: ['indexRc', 'heightsMm', 'uncertaintyPct'], disableIdentityMap: true });
  return cell === null ? { ref } : { ref, cell };
}

async function lookup2010R(em: EntityManager, projection: string, latitude: number, longitude: number): Promise<EditionLookup> {
  const point = projectWgs84(projection, latitude, longitude);
  if (point === undefined) return {};
  const { x, y } = point;
  const candidates = await em.find(
    RainCell,
    { edition: 'KOSTRA-DWD-2010R', minX: { $lte: x }, maxX: { $gte: x }, minY: { $lte: y }, maxY: { $gte: y } },
    { fields: ['indexRc', 'heightsMm', 'rings'], disableIdentityMap: true },
  );
  for (const cell of candidates) {
    if (cell.rings == null || !pointInRings(cell.rings, x, y)) continue;
    const ref = parseIndexRc(cell.indexRc);
    if (ref !== undefined) return { ref, cell };
  }
  // No stored polygon (the api keeps the cells with data only): DWD's regular grid names the cell.
  const ref = kostra2010RCellFromMap(x, y);
  if (ref === undefined) return {};
  // A point on a polygon's edge that the even-odd test gave to no stored cell: the grid's cell, if it has data.
  const cell = candidates.find((c) => c.indexRc === ref.indexRc);
  return cell === undefined ? { ref } : { ref, cell };
}

/** What a project's calculations use: its custom rain data, else the imported data at its location. */
export async function projectRainData(em: EntityManager, project: Pick<Project, 'customRainData' | 'latitude' | 'longitude'>): Promise<RainData | undefined> {
  if (project.customRainData != null) return project.customRainData as unknown as RainData;
  if (project.latitude == null || project.longitude == null) return undefined;
  return (await rainDataAt(em, Number(project.latitude), Number(project.longitude)))?.rainData;
}
