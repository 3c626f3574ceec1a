/**
 * The body of a box configuration as it stands in the soil: the occupied cells, the faces of
 * those cells that touch soil, the inner (re-entrant) edges where the wrapping must be cut and
 * overlapped, and the footprint of the construction pit. One home for these figures: the
 * volumes (`volumes.ts`) and the bill (`bom/configuration.ts`) both call it.
 *
 * Model (decision 0170):
 * - A column (x, z) holds boxes in some layers, or one shaft over its whole depth. Layer y spans
 *   its layer height (the levels rule of `levels.ts`: a layer of half boxes only 360 mm, an empty
 *   layer below an occupied one 660 mm), stacked from the plant bottom; a shaft spans 0 … its
 *   height (the shaft depth rule).
 * - The heights are cut into slices at every layer boundary and every shaft height, so the body is
 *   a set of voxels (column × slice). A voxel face touches soil when the voxel beside it (above,
 *   below or in the four compass directions) is empty: faces between two occupied cells do not
 *   count. Top, bottom and outer vertical faces, shafts included.
 * - An inner edge is an edge of the body where three of the four voxels around it are occupied
 *   (the inside corner of an L, the step where a higher part rises from a lower one, the side of
 *   a shaft above the boxes beside it). The wrapping must be cut and overlapped there; a full
 *   rectangular block has none.
 *
 * Integers in millimetres (mm, mm²) throughout, so the bill can turn them into exact decimals.
 */
import { BOX_GRID } from '../tables/defaults.ts';

/** Width of the overlap strip per metre of inner edge, m (decision 0170). */
export const MATERIAL_OVERLAP_M = 0.5;

/** What the body is made of; both the grid and the bill's wire items can give it. */
export interface CellBodyInput {
  /** Cells along z (the stride of `columns`). */
  readonly sizeZ: number;
  /** Height of each layer from layer 0 up to the highest occupied one, mm (the levels rule). */
  readonly layerHeightsMm: readonly number[];
  /** The occupied columns, `x * sizeZ + z`, each once. */
  readonly columns: readonly number[];
  /** Whether layer `y` of column (x, z) holds a box (never called for a shaft's column). */
  readonly isBox: (x: number, y: number, z: number) => boolean;
  /** Height of the shaft in column (x, z), mm; 0 when the column holds none. */
  readonly shaftHeightMm: (x: number, z: number) => number;
}

/** The soil-touching faces and inner edges of a body. */
export interface BodySurface {
  /** Faces facing up / down / sideways that touch soil, mm². */
  readonly topMm2: number;
  readonly bottomMm2: number;
  readonly sideMm2: number;
  /** top + bottom + side, mm². */
  readonly areaMm2: number;
  /** Total length of the inner (re-entrant) edges, mm. */
  readonly innerEdgeMm: number;
  /** Overlap allowance: inner edges × `MATERIAL_OVERLAP_M`, mm². */
  readonly overlapMm2: number;
}

const CELL = BOX_GRID.cellMm;

/** The soil-touching faces, inner edges and overlap allowance of a body. */
export function bodySurface(input: CellBodyInput): BodySurface {
  const { sizeZ, columns, isBox, shaftHeightMm } = input;
  if (columns.length === 0) return { topMm2: 0, bottomMm2: 0, sideMm2: 0, areaMm2: 0, innerEdgeMm: 0, overlapMm2: 0 };
  // Slice boundaries: every layer top and every shaft height.
  const layerTops: number[] = [];
  let h = 0;
  for (const lh of input.layerHeightsMm) layerTops.push((h += lh));
  const bounds = new Set<number>(layerTops);
  const shaftOf = new Float64Array(columns.length);
  let minX = Infinity;
  let maxX = -Infinity;
  let minZ = Infinity;
  let maxZ = -Infinity;
  columns.forEach((c, k) => {
    const x = Math.floor(c / sizeZ);
    const z = c - x * sizeZ;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
    const sh = shaftHeightMm(x, z);
    shaftOf[k] = sh;
    if (sh > 0) bounds.add(sh);
  });
  const tops = [...bounds].filter((t) => t > 0).sort((a, b) => a - b);
  const S = tops.length;
  const sliceHeight = tops.map((t, s) => t - (s === 0 ? 0 : tops[s - 1]!));
  // the layer a slice lies in (−1 above the stack)
  const sliceLayer = tops.map((t) => layerTops.findIndex((lt) => t <= lt));
  // Voxels over the occupied span only, with a ring of empty cells and an empty slice below and
  // above, so that every neighbour lookup is a plain array read.
  const W = maxX - minX + 3;
  const D = maxZ - minZ + 3;
  const P = S + 2;
  const vox = new Uint8Array(W * D * P);
  const col = new Uint8Array(W * D);
  const at = (lx: number, lz: number) => lx * D + lz;
  const v = (lx: number, lz: number, s: number) => vox[(lx * D + lz) * P + s + 1]!;
  const local: number[] = [];
  columns.forEach((c, k) => {
    const x = Math.floor(c / sizeZ);
    const z = c - x * sizeZ;
    const i = at(x - minX + 1, z - minZ + 1);
    col[i] = 1;
    local.push(i);
    const sh = shaftOf[k]!;
    for (let s = 0; s < S; s++) {
      const layer = sliceLayer[s]!;
      const filled = sh > 0 ? tops[s]! <= sh : layer >= 0 && isBox(x, layer, z);
      if (filled) vox[i * P + s + 1] = 1;
    }
  });
  let top = 0;
  let bottom = 0;
  let side = 0;
  let inner = 0;
  const CELL2 = CELL * CELL;
  for (const i of local) {
    const x = Math.floor(i / D);
    const z = i - x * D;
    for (let s = 0; s < S; s++) {
      if (v(x, z, s) === 0) continue;
      if (v(x, z, s + 1) === 0) top += CELL2;
      if (v(x, z, s - 1) === 0) bottom += CELL2;
      const hs = CELL * sliceHeight[s]!;
      if (v(x - 1, z, s) === 0) side += hs;
      if (v(x + 1, z, s) === 0) side += hs;
      if (v(x, z - 1, s) === 0) side += hs;
      if (v(x, z + 1, s) === 0) side += hs;
    }
    // Vertical inner edges at the column's four corners. The lattice point (a, b) is shared by the
    // columns (a−1, b−1), (a, b−1), (a−1, b), (a, b); the first occupied one counts it.
    for (let da = 0; da <= 1; da++) {
      for (let db = 0; db <= 1; db++) {
        const a = x + da;
        const b = z + db;
        const owner = col[at(a - 1, b - 1)] ? at(a - 1, b - 1) : col[at(a, b - 1)] ? at(a, b - 1) : col[at(a - 1, b)] ? at(a - 1, b) : at(a, b);
        if (owner !== i) continue;
        for (let s = 0; s < S; s++) {
          if (v(a - 1, b - 1, s) + v(a, b - 1, s) + v(a - 1, b, s) + v(a, b, s) === 3) inner += sliceHeight[s]!;
        }
      }
    }
    // Horizontal inner edges along x (at the line z = b) and along z (at x = a), at every slice
    // boundary k. An edge is shared by the two columns on either side; the first occupied counts it.
    for (let db = 0; db <= 1; db++) {
      const b = z + db;
      if (db === 0 && col[at(x, b - 1)]) continue;
      for (let k = 0; k <= S; k++) {
        if (v(x, b - 1, k - 1) + v(x, b, k - 1) + v(x, b - 1, k) + v(x, b, k) === 3) inner += CELL;
      }
    }
    for (let da = 0; da <= 1; da++) {
      const a = x + da;
      if (da === 0 && col[at(a - 1, z)]) continue;
      for (let k = 0; k <= S; k++) {
        if (v(a - 1, z, k - 1) + v(a, z, k - 1) + v(a - 1, z, k) + v(a, z, k) === 3) inner += CELL;
      }
    }
  }
  const area = top + bottom + side;
  return { topMm2: top, bottomMm2: bottom, sideMm2: side, areaMm2: area, innerEdgeMm: inner, overlapMm2: Math.round(inner * MATERIAL_OVERLAP_M * 1000) };
}

/**
 * Area of the footprint (the occupied columns) grown by `offsetM` on every side with square
 * corners, m²: the pit at that offset (decision 0171). Where two parts come closer than twice the
 * offset their grown areas merge (a narrow notch is dug out too). Rows are grown along x, then
 * the rows along z; the area is integrated strip by strip.
 */
export function grownFootprintAreaM2(columns: readonly number[], sizeZ: number, offsetM: number): number {
  if (columns.length === 0) return 0;
  const cell = CELL / 1000;
  const d = Math.max(0, offsetM);
  const byRow = new Map<number, number[]>();
  for (const c of columns) {
    const x = Math.floor(c / sizeZ);
    const z = c - x * sizeZ;
    const row = byRow.get(z);
    if (row === undefined) byRow.set(z, [x]);
    else row.push(x);
  }
  const rows = [...byRow.keys()].sort((a, b) => a - b);
  // per row: the grown x intervals, merged
  const intervals = rows.map((z) => {
    const xs = byRow.get(z)!.sort((a, b) => a - b);
    const out: [number, number][] = [];
    for (const x of xs) {
      const lo = x * cell - d;
      const hi = (x + 1) * cell + d;
      const last = out[out.length - 1];
      if (last !== undefined && lo <= last[1]) last[1] = Math.max(last[1], hi);
      else out.push([lo, hi]);
    }
    return out;
  });
  const events = [...new Set(rows.flatMap((z) => [z * cell - d, (z + 1) * cell + d]))].sort((a, b) => a - b);
  let area = 0;
  let first = 0;
  for (let e = 0; e + 1 < events.length; e++) {
    const lo = events[e]!;
    const hi = events[e + 1]!;
    const mid = (lo + hi) / 2;
    while (first < rows.length && (rows[first]! + 1) * cell + d <= mid) first++;
    const covering: [number, number][] = [];
    for (let r = first; r < rows.length && rows[r]! * cell - d < mid; r++) covering.push(...intervals[r]!);
    if (covering.length === 0) continue;
    covering.sort((p, q) => p[0] - q[0]);
    let width = 0;
    let [a, b] = covering[0]!;
    for (const [p, q] of covering) {
      if (p > b) {
        width += b - a;
        a = p;
        b = q;
      } else if (q > b) b = q;
    }
    width += b - a;
    area += width * (hi - lo);
  }
  return area;
}
