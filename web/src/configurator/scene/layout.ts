/**
 * Pure geometry of the configurator's scene (no Babylon, no DOM): where a grid item sits in the
 * world, its instance matrix, and the picking arithmetic (ray → plane of the current layer →
 * cell). Units: metres; x along the grid length, z along the width, y up; one cell 0.8 m, one
 * layer 0.66 m (docs/configurator.md "Geometry"). Rotation N, W, S, E = 0°, 90°, 180°, 270°: the
 * item's front faces +z (north, up on the plan) for North and turns counter-clockwise seen from
 * above (decision 0107).
 *
 * Matrices are Babylon's layout (row vectors, translation in elements 12–14), 16 floats each.
 */
import type { Rotation } from '@rainplan/engine/boxgrid';

/** Grid cell edge, m. */
export const CELL_M = 0.8;
/** Height of one layer (a full box), m. */
export const LAYER_M = 0.66;
/** Floats per instance matrix. */
export const MATRIX_FLOATS = 16;

/** Counter-clockwise turn seen from above, radians, of a rotation (N 0°, W 90°, S 180°, E 270°). */
export function rotationRadians(rotation: Rotation): number {
  switch (rotation) {
    case 'North':
      return 0;
    case 'West':
      return Math.PI / 2;
    case 'South':
      return Math.PI;
    case 'East':
      return (3 * Math.PI) / 2;
  }
}

/** The world position of an item's centre: cell centre in x/z, its layer's base plus half its height. */
export function itemCentre(x: number, y: number, z: number, heightM: number): { x: number; y: number; z: number } {
  return { x: (x + 0.5) * CELL_M, y: y * LAYER_M + heightM / 2, z: (z + 0.5) * CELL_M };
}

/**
 * Writes the instance matrix of an item (turned by its rotation about y, moved to its centre)
 * into `out` at `offset` floats.
 *
 * Babylon's RotationY(a) maps +z to (sin a, 0, cos a); a counter-clockwise turn seen from above
 * (+z → −x for West) is a = −turn.
 */
export function writeItemMatrix(out: Float32Array, offset: number, x: number, y: number, z: number, heightM: number, rotation: Rotation): void {
  const a = -rotationRadians(rotation);
  // exact quarter turns (no 6e-17 residues)
  const c = Math.round(Math.cos(a)) + 0;
  const s = Math.round(Math.sin(a)) + 0; // + 0: never -0
  const p = itemCentre(x, y, z, heightM);
  out[offset] = c;
  out[offset + 1] = 0;
  out[offset + 2] = 0 - s; // never -0
  out[offset + 3] = 0;
  out[offset + 4] = 0;
  out[offset + 5] = 1;
  out[offset + 6] = 0;
  out[offset + 7] = 0;
  out[offset + 8] = s;
  out[offset + 9] = 0;
  out[offset + 10] = c;
  out[offset + 11] = 0;
  out[offset + 12] = p.x;
  out[offset + 13] = p.y;
  out[offset + 14] = p.z;
  out[offset + 15] = 1;
}

/** Where a direction in the item's own frame (front = +z) points after its rotation. */
export function turn(rotation: Rotation, dx: number, dz: number): { dx: number; dz: number } {
  const a = -rotationRadians(rotation);
  const c = Math.round(Math.cos(a)) + 0;
  const s = Math.round(Math.sin(a)) + 0; // + 0: never -0
  // row vector (dx, 0, dz) × RotationY(a)
  return { dx: dx * c + dz * s, dz: -dx * s + dz * c };
}

export interface Ray {
  readonly origin: { readonly x: number; readonly y: number; readonly z: number };
  readonly direction: { readonly x: number; readonly y: number; readonly z: number };
}

/** The point where a ray meets the horizontal plane y = planeY, or null when it runs parallel or away from it. */
export function rayPlanePoint(ray: Ray, planeY: number): { x: number; z: number } | null {
  const dy = ray.direction.y;
  if (Math.abs(dy) < 1e-12) return null;
  const t = (planeY - ray.origin.y) / dy;
  if (!Number.isFinite(t) || t < 0) return null;
  return { x: ray.origin.x + t * ray.direction.x, z: ray.origin.z + t * ray.direction.z };
}

/** The cell under a world point (floor of x/0.8, z/0.8); `inside` says whether it is a cell of the grid. */
export function cellOfPoint(point: { x: number; z: number }, sizeX: number, sizeZ: number): { x: number; z: number; inside: boolean } {
  const x = Math.floor(point.x / CELL_M);
  const z = Math.floor(point.z / CELL_M);
  return { x, z, inside: x >= 0 && z >= 0 && x < sizeX && z < sizeZ };
}

/** Picking by grid arithmetic: the cell of the current layer's plane that a ray hits, or null. */
export function pickCell(ray: Ray, layer: number, sizeX: number, sizeZ: number): { x: number; z: number; inside: boolean } | null {
  const point = rayPlanePoint(ray, layer * LAYER_M);
  return point === null ? null : cellOfPoint(point, sizeX, sizeZ);
}

/** Orthographic plan view: half extents (m) of the view for a canvas size in pixels and a zoom in pixels per millimetre. */
export function orthoHalfExtents(widthPx: number, heightPx: number, zoomPxPerMm: number): { halfWidth: number; halfHeight: number } {
  const metresPerPx = 1 / (zoomPxPerMm * 1000);
  return { halfWidth: (Math.max(1, widthPx) * metresPerPx) / 2, halfHeight: (Math.max(1, heightPx) * metresPerPx) / 2 };
}

/** Spec §2: camera zoom range 0.0025 to 0.5 (pixels per millimetre: a cell is 2 px … 400 px wide). */
export const MIN_ZOOM = 0.0025;
export const MAX_ZOOM = 0.5;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return MIN_ZOOM;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** The zoom that shows a whole grid (with a margin of one cell) in a canvas. */
export function fitZoom(sizeX: number, sizeZ: number, widthPx: number, heightPx: number): number {
  const lengthMm = (sizeX + 2) * CELL_M * 1000;
  const widthMm = (sizeZ + 2) * CELL_M * 1000;
  return clampZoom(Math.min(Math.max(1, widthPx) / lengthMm, Math.max(1, heightPx) / widthMm));
}

/** Vertex arrays of a mesh (Babylon's VertexData fields, without Babylon). */
export interface MeshArrays {
  readonly positions: ArrayLike<number>;
  readonly normals: ArrayLike<number>;
  readonly indices: ArrayLike<number>;
  readonly uvs?: ArrayLike<number> | null | undefined;
  /** RGBA per vertex. */
  readonly colors?: ArrayLike<number> | null | undefined;
}

/**
 * The faces of a mesh that look straight up (every vertex's normal +y), with their vertices only:
 * the plan view's light geometry (decision 0152). The orthographic plan camera looks straight
 * down, so side and bottom faces cover no pixel; dropping them draws the same picture with a
 * sixth of the vertices (a box with its rotation marker: 48 → 8). Winding, uvs and colours are
 * kept, so culling and lighting match the full mesh's top faces.
 */
export function upwardFaces(mesh: MeshArrays): { positions: number[]; normals: number[]; indices: number[]; uvs: number[] | undefined; colors: number[] | undefined } {
  const up = (v: number) => (mesh.normals[v * 3 + 1] as number) > 0.999;
  const remap = new Map<number, number>();
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] | undefined = mesh.uvs === null || mesh.uvs === undefined ? undefined : [];
  const colors: number[] | undefined = mesh.colors === null || mesh.colors === undefined ? undefined : [];
  const indices: number[] = [];
  const vertex = (v: number): number => {
    let i = remap.get(v);
    if (i === undefined) {
      i = remap.size;
      remap.set(v, i);
      for (let k = 0; k < 3; k++) {
        positions.push(mesh.positions[v * 3 + k] as number);
        normals.push(mesh.normals[v * 3 + k] as number);
      }
      if (uvs !== undefined) uvs.push(mesh.uvs![v * 2] as number, mesh.uvs![v * 2 + 1] as number);
      if (colors !== undefined) for (let k = 0; k < 4; k++) colors.push(mesh.colors![v * 4 + k] as number);
    }
    return i;
  };
  for (let t = 0; t + 2 < mesh.indices.length; t += 3) {
    const a = mesh.indices[t] as number;
    const b = mesh.indices[t + 1] as number;
    const c = mesh.indices[t + 2] as number;
    if (up(a) && up(b) && up(c)) indices.push(vertex(a), vertex(b), vertex(c));
  }
  return { positions, normals, indices, uvs, colors };
}
