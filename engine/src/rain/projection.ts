/**
 * Map projections with proj4 (pure JavaScript). Geographic input is WGS84 latitude/longitude in
 * degrees; the KOSTRA grids are defined on ETRS89, which differs from WGS84 by well under a
 * metre at the scale of interest (cells of 5 and 8 km), so no datum shift is applied
 * (`+towgs84=0,0,0`).
 */
import proj4 from 'proj4';
import type { Converter } from 'proj4';

/** Converters by target definition (proj string or WKT). Parsing a definition is the slow part. */
const converters = new Map<string, Converter>();

function converterFor(definition: string): Converter {
  let c = converters.get(definition);
  if (c === undefined) {
    c = proj4('WGS84', definition);
    converters.set(definition, c);
  }
  return c;
}

/**
 * Checks that proj4 understands a projection definition (proj string or WKT, e.g. a `.prj`
 * file) and that it projects. Returns `undefined` when it does, else the reason.
 */
export function projectionProblem(definition: string): string | undefined {
  if (typeof definition !== 'string' || definition.trim() === '') return 'empty projection definition';
  try {
    const [x, y] = converterFor(definition).forward([10, 51]);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return 'the projection does not give finite coordinates';
    return undefined;
  } catch (e) {
    converters.delete(definition);
    return `proj4 cannot read the projection: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/**
 * Projects WGS84 latitude/longitude (degrees) to map coordinates (m) of a projection.
 *
 * @returns `{ x, y }` in metres, or `undefined` for non-finite or out-of-range input (|lat| > 90,
 *   |lon| > 180) and when the projection gives no finite result
 */
export function projectWgs84(definition: string, latDeg: number, lonDeg: number): { x: number; y: number } | undefined {
  if (!Number.isFinite(latDeg) || !Number.isFinite(lonDeg) || Math.abs(latDeg) > 90 || Math.abs(lonDeg) > 180) return undefined;
  let p: number[];
  try {
    p = converterFor(definition).forward([lonDeg, latDeg]);
  } catch {
    return undefined;
  }
  const x = p[0];
  const y = p[1];
  return x !== undefined && y !== undefined && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : undefined;
}

/**
 * Inverse of {@link projectWgs84}: map coordinates (m) to WGS84 latitude/longitude (degrees).
 */
export function unprojectToWgs84(definition: string, x: number, y: number): { latDeg: number; lonDeg: number } | undefined {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return undefined;
  let p: number[];
  try {
    p = converterFor(definition).inverse([x, y]);
  } catch {
    return undefined;
  }
  const lon = p[0];
  const lat = p[1];
  return lon !== undefined && lat !== undefined && Number.isFinite(lon) && Number.isFinite(lat) ? { latDeg: lat, lonDeg: lon } : undefined;
}
