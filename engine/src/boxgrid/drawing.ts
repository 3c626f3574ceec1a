/**
 * Drawings of a configuration as SVG text (pure; the API rasterises them for the documents):
 * top view (x = length to the right, width downwards), front view (length × height) and side view
 * (width × height), with boxes, shafts, projection axes and dimension lines in metres, and an
 * axonometric (isometric) depiction (`configurationDepiction`).
 *
 * ```ts
 * const svg = configurationSvg(grid, lookup, 'top', { language: 'de' });
 * ```
 * Numbers follow the language (German decimal comma by default). Only the occupied part of the
 * grid is drawn; an empty configuration gives an empty drawing with its title. A drawing's size is
 * bounded (`SIZE_LIMITS.drawingMaxEdgePx`, `drawingMaxPixels`; decision 0192): a large grid is
 * drawn at a smaller scale, and its elements grow with the items, not with the grid.
 */
import { BOX_GRID, SIZE_LIMITS } from '../tables/defaults.ts';
import { CELL_MM, type BoxGrid } from './grid.ts';
import type { ItemGeometryLookup } from './itemGeometry.ts';
import { configurationLevels, shaftGeometryHeight } from './levels.ts';

export type DrawingView = 'top' | 'front' | 'side';

export interface DrawingOptions {
  /** 'de' (default) or 'en': decimal separator of the dimension labels. */
  readonly language?: 'de' | 'en' | undefined;
  /** Pixels per metre (default 40), lowered where a large grid would exceed the drawing limits (`drawingScale`). */
  readonly pxPerM?: number | undefined;
}

const MARGIN = 48;

/**
 * Pixels per metre of a drawing of `spanU` × `spanV` metres (plus margins): the wanted scale,
 * lowered so that the drawing stays within `SIZE_LIMITS.drawingMaxEdgePx` on an edge and
 * `SIZE_LIMITS.drawingMaxPixels` in all (decision 0192) — a drawing's raster never grows with the
 * grid beyond the cap, whatever its size.
 */
export function drawingScale(spanU: number, spanV: number, wanted: number, extra: { u?: number; v?: number } = {}): number {
  // One pixel more on each edge: the drawing's size is rounded up to whole pixels.
  const addU = (extra.u ?? 2 * MARGIN) + 1;
  const addV = (extra.v ?? 2 * MARGIN) + 1;
  let px = wanted;
  const edge = SIZE_LIMITS.drawingMaxEdgePx;
  if (spanU > 0) px = Math.min(px, (edge - addU) / spanU);
  if (spanV > 0) px = Math.min(px, (edge - addV) / spanV);
  // Largest px with (spanU·px + addU)(spanV·px + addV) ≤ max pixels (the positive root).
  const a = spanU * spanV;
  const b = spanU * addV + spanV * addU;
  const c = addU * addV - SIZE_LIMITS.drawingMaxPixels;
  const root = a > 0 ? (-b + Math.sqrt(b * b - 4 * a * c)) / (2 * a) : b > 0 ? -c / b : px;
  px = Math.min(px, root);
  return Math.max(Math.floor(px * 1000) / 1000, 0.001);
}

/**
 * The zoom at which an SVG of `width` × `height` px may be rasterised: `wanted`, lowered so that
 * the raster stays within the drawing limits (`drawingScale`); never above `wanted`.
 */
export function rasterZoom(width: number, height: number, wanted: number): number {
  // One pixel less on each edge: the raster's size is rounded up to whole pixels.
  const edge = (SIZE_LIMITS.drawingMaxEdgePx - 1) / Math.max(width, height, 1);
  const area = Math.sqrt(SIZE_LIMITS.drawingMaxPixels / Math.max((width + 1) * (height + 1), 1));
  return Math.max(Math.min(wanted, edge, area), 0.001);
}
const BOX_FILL = '#9ec5e8';
const HALF_FILL = '#c9def2';
const SHAFT_FILL = '#5a6b7d';
const STROKE = '#1f3b57';

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function metres(v: number, language: 'de' | 'en'): string {
  const s = (Math.round(v * 100) / 100).toFixed(2);
  return `${language === 'de' ? s.replace('.', ',') : s} m`;
}

const f = (v: number) => String(Math.round(v * 100) / 100);

/** `lookup` remembering each item type's geometry: a drawing asks once per type, not once per item. */
function cachedLookup(lookup: ItemGeometryLookup): ItemGeometryLookup {
  const known = new Map<string, ReturnType<ItemGeometryLookup>>();
  return (boxTypeId) => {
    if (known.has(boxTypeId)) return known.get(boxTypeId);
    const g = lookup(boxTypeId);
    known.set(boxTypeId, g);
    return g;
  };
}

interface Rect {
  readonly u0: number;
  readonly v0: number;
  readonly u1: number;
  readonly v1: number;
  readonly fill: string;
}

/**
 * What both drawings start from: the language, the wanted scale (px per metre, at most 1,000,
 * default 40), the cell edge and the configuration's height in metres, and each layer's base
 * above the grid's bottom, m.
 */
function drawingBasis(grid: BoxGrid, lookup: ItemGeometryLookup, options: DrawingOptions) {
  const language = options.language ?? 'de';
  const wanted = options.pxPerM !== undefined && Number.isFinite(options.pxPerM) && options.pxPerM > 0 ? Math.min(options.pxPerM, 1000) : 40;
  const { layerHeightsMm, heightMm } = configurationLevels(grid, lookup);
  const layerBase: number[] = [];
  let acc = 0;
  for (const h of layerHeightsMm) {
    layerBase.push(acc / 1000);
    acc += h;
  }
  return { language, wanted, cell: CELL_MM / 1000, heightMm, layerBase };
}

/** One SVG drawing of a configuration in the given view. */
export function configurationSvg(grid: BoxGrid, lookup: ItemGeometryLookup, view: DrawingView, options: DrawingOptions = {}): string {
  const { language, wanted, cell, heightMm, layerBase } = drawingBasis(grid, lookup, options);
  const rects: Rect[] = [];
  // Occupied extent (cells) for the envelope and dimension lines.
  let minX = Infinity;
  let maxX = -Infinity;
  let minZ = Infinity;
  let maxZ = -Infinity;
  // Numeric keys (shafts negative): a drawing of 50,000 items builds no key strings.
  const seen = new Set<number>();
  const geometry = cachedLookup(lookup);
  const add = (key: number, r: Rect) => {
    if (seen.has(key)) return;
    seen.add(key);
    rects.push(r);
  };
  const track = (x: number, z: number) => {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minZ = Math.min(minZ, z);
    maxZ = Math.max(maxZ, z);
  };
  const layerCount = grid.layers.length;
  grid.shafts.forEach((s) => {
    if (s === null) return;
    const g = geometry(s.boxTypeId);
    if (g === undefined) return;
    track(s.x, s.z);
    const h = shaftGeometryHeight(g).heightMm / 1000;
    if (view === 'top') add(-1 - (s.x * grid.sizeZ + s.z), { u0: s.x * cell, v0: s.z * cell, u1: (s.x + 1) * cell, v1: (s.z + 1) * cell, fill: SHAFT_FILL });
    else {
      const u = view === 'front' ? s.x : s.z;
      add(-1 - u, { u0: u * cell, v0: 0, u1: (u + 1) * cell, v1: h, fill: SHAFT_FILL });
    }
  });
  grid.layers.forEach((layer, y) => {
    for (const b of layer) {
      if (b === null) continue;
      const g = geometry(b.boxTypeId);
      if (g === undefined) continue;
      track(b.x, b.z);
      const half = g.heightMm <= BOX_GRID.halfBoxHeightMm;
      if (view === 'top') add(b.x * grid.sizeZ + b.z, { u0: b.x * cell, v0: b.z * cell, u1: (b.x + 1) * cell, v1: (b.z + 1) * cell, fill: BOX_FILL });
      else {
        const u = view === 'front' ? b.x : b.z;
        const base = layerBase[y] ?? 0;
        add(u * layerCount + y, { u0: u * cell, v0: base, u1: (u + 1) * cell, v1: base + g.heightMm / 1000, fill: half ? HALF_FILL : BOX_FILL });
      }
    }
  });
  const empty = rects.length === 0;
  const spanU = view === 'side' ? grid.sizeZ * cell : grid.sizeX * cell;
  const spanV = view === 'top' ? grid.sizeZ * cell : Math.max(heightMm / 1000, BOX_GRID.boxHeightMm / 1000);
  const px = drawingScale(spanU, spanV, wanted);
  const width = Math.ceil(spanU * px + 2 * MARGIN);
  const height = Math.ceil(spanV * px + 2 * MARGIN);
  // Screen coordinates: u to the right; v downwards in the top view, upwards (from the base) otherwise.
  const sx = (u: number) => MARGIN + u * px;
  const sy = (v: number) => (view === 'top' ? MARGIN + v * px : MARGIN + (spanV - v) * px);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`);
  out.push(`<title>${esc(grid.settings.name)} (${view})</title>`);
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  for (const r of rects) {
    const x0 = sx(r.u0);
    const x1 = sx(r.u1);
    const y0 = Math.min(sy(r.v0), sy(r.v1));
    const y1 = Math.max(sy(r.v0), sy(r.v1));
    out.push(`<rect x="${f(x0)}" y="${f(y0)}" width="${f(x1 - x0)}" height="${f(y1 - y0)}" fill="${r.fill}" stroke="${STROKE}" stroke-width="0.5"/>`);
  }
  // Projection axes: x axes cross the length (top and front views), y axes the width (top and side).
  const axis = (u: number | undefined, v: number | undefined, label: string) => {
    if (u !== undefined) out.push(`<line x1="${f(sx(u))}" y1="${f(MARGIN / 2)}" x2="${f(sx(u))}" y2="${f(height - MARGIN + 8)}" stroke="#c0392b" stroke-dasharray="6 3"/><text x="${f(sx(u) + 3)}" y="${f(MARGIN / 2 + 10)}" fill="#c0392b">${esc(label)}</text>`);
    if (v !== undefined) out.push(`<line x1="${f(MARGIN / 2)}" y1="${f(sy(v))}" x2="${f(width - MARGIN + 8)}" y2="${f(sy(v))}" stroke="#c0392b" stroke-dasharray="6 3"/><text x="${f(MARGIN / 2)}" y="${f(sy(v) - 3)}" fill="#c0392b">${esc(label)}</text>`);
  };
  grid.settings.xProjectionAxes.forEach((a, i) => {
    if (view === 'top' || view === 'front') axis(a, undefined, `X${i + 1}`);
  });
  grid.settings.yProjectionAxes.forEach((a, i) => {
    if (view === 'top') axis(undefined, a, `Y${i + 1}`);
    else if (view === 'side') axis(a, undefined, `Y${i + 1}`);
  });
  if (!empty) {
    // Dimension lines of the occupied envelope: along u below the drawing, along v to its right.
    const [uMin, uMax] = view === 'side' ? [minZ * cell, (maxZ + 1) * cell] : [minX * cell, (maxX + 1) * cell];
    const [vMin, vMax] = view === 'top' ? [minZ * cell, (maxZ + 1) * cell] : [0, heightMm / 1000];
    const yDim = height - MARGIN / 3;
    out.push(dimension(sx(uMin), yDim, sx(uMax), yDim, metres(uMax - uMin, language), 'h'));
    const xDim = width - MARGIN / 3;
    out.push(dimension(xDim, sy(vMin), xDim, sy(vMax), metres(vMax - vMin, language), 'v'));
  }
  out.push('</svg>');
  return out.join('');
}

function dimension(x1: number, y1: number, x2: number, y2: number, label: string, dir: 'h' | 'v'): string {
  const tick = (x: number, y: number) => (dir === 'h' ? `<line x1="${f(x)}" y1="${f(y - 4)}" x2="${f(x)}" y2="${f(y + 4)}" stroke="#000"/>` : `<line x1="${f(x - 4)}" y1="${f(y)}" x2="${f(x + 4)}" y2="${f(y)}" stroke="#000"/>`);
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2;
  const text =
    dir === 'h'
      ? `<text x="${f(mx)}" y="${f(my - 4)}" text-anchor="middle">${esc(label)}</text>`
      : `<text transform="translate(${f(mx - 5)} ${f(my)}) rotate(-90)" text-anchor="middle">${esc(label)}</text>`;
  return `<g class="dimension"><line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="#000"/>${tick(x1, y1)}${tick(x2, y2)}${text}</g>`;
}

/** The three views of a configuration. */
export function configurationDrawings(grid: BoxGrid, lookup: ItemGeometryLookup, options: DrawingOptions = {}): Record<DrawingView, string> {
  return { top: configurationSvg(grid, lookup, 'top', options), front: configurationSvg(grid, lookup, 'front', options), side: configurationSvg(grid, lookup, 'side', options) };
}

/** Shading of the three visible faces (top, the face towards +x, the face towards +z). */
const FACES = {
  box: { top: '#cfe3f5', right: '#9ec5e8', front: '#7fb0dc' },
  half: { top: '#e4eff9', right: '#c9def2', front: '#a9c9e8' },
  shaft: { top: '#8796a5', right: '#5a6b7d', front: '#46566a' },
} as const;

interface Cuboid {
  readonly x: number;
  readonly z: number;
  /** Bottom and top, m. */
  readonly y0: number;
  readonly y1: number;
  readonly kind: keyof typeof FACES;
  readonly showTop: boolean;
  readonly showRight: boolean;
  readonly showFront: boolean;
  /** Draw order within a column (layer; shafts before the boxes of their cell cannot happen). */
  readonly layer: number;
}

const COS30 = Math.cos(Math.PI / 6);
const SIN30 = 0.5;

/**
 * An axonometric (isometric) depiction of a configuration as SVG text: every box and shaft as a
 * solid seen from above, the +x (length) and +z (width) side, its three visible faces shaded
 * (top light, sides darker), the grid's ground outline, the projection axes on the ground
 * (`showAxes`, default true) and the overall size of the occupied part as a caption
 * (length × width × height in metres, numbers in the language). Faces hidden by a neighbour in
 * the same layer or a box above are left out, so that large configurations stay small.
 *
 * ```ts
 * const svg = configurationDepiction(grid, lookup, { language: 'en' });
 * ```
 */
export function configurationDepiction(grid: BoxGrid, lookup: ItemGeometryLookup, options: DrawingOptions & { readonly showAxes?: boolean } = {}): string {
  const { language, wanted, cell, heightMm, layerBase } = drawingBasis(grid, lookup, options);
  lookup = cachedLookup(lookup);
  const at = (y: number, x: number, z: number) => {
    if (x < 0 || z < 0 || x >= grid.sizeX || z >= grid.sizeZ) return null;
    return grid.layers[y]?.[x * grid.sizeZ + z] ?? null;
  };
  const cuboids: Cuboid[] = [];
  let minX = Infinity;
  let maxX = -Infinity;
  let minZ = Infinity;
  let maxZ = -Infinity;
  const track = (x: number, z: number) => {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minZ = Math.min(minZ, z);
    maxZ = Math.max(maxZ, z);
  };
  grid.shafts.forEach((s) => {
    if (s === null) return;
    const g = lookup(s.boxTypeId);
    if (g === undefined) return;
    track(s.x, s.z);
    cuboids.push({ x: s.x, z: s.z, y0: 0, y1: shaftGeometryHeight(g).heightMm / 1000, kind: 'shaft', showTop: true, showRight: true, showFront: true, layer: 0 });
  });
  grid.layers.forEach((layer, y) => {
    for (const b of layer) {
      if (b === null) continue;
      const g = lookup(b.boxTypeId);
      if (g === undefined) continue;
      track(b.x, b.z);
      const base = layerBase[y] ?? 0;
      const same = (n: typeof b | null) => n !== null && lookup(n.boxTypeId)?.heightMm === g.heightMm;
      cuboids.push({
        x: b.x,
        z: b.z,
        y0: base,
        y1: base + g.heightMm / 1000,
        kind: g.heightMm <= BOX_GRID.halfBoxHeightMm ? 'half' : 'box',
        showTop: at(y + 1, b.x, b.z) === null,
        showRight: !same(at(y, b.x + 1, b.z)),
        showFront: !same(at(y, b.x, b.z + 1)),
        layer: y,
      });
    }
  });
  // Far to near: columns by x + z, then from the bottom up.
  cuboids.sort((a, b) => a.x + a.z - (b.x + b.z) || a.x - b.x || a.layer - b.layer || a.y0 - b.y0);
  // World (X along the length, Y up, Z along the width; m) to the plane, before the offset.
  const lengthM = grid.sizeX * cell;
  const widthM = grid.sizeZ * cell;
  let topM = Math.max(heightMm / 1000, 0);
  for (const c of cuboids) topM = Math.max(topM, c.y1);
  const CAPTION = 24;
  const px = drawingScale((lengthM + widthM) * COS30, (lengthM + widthM) * SIN30 + topM, wanted, { v: 2 * MARGIN + CAPTION });
  const projU = (X: number, Z: number) => (X - Z) * COS30 * px;
  const projV = (X: number, Y: number, Z: number) => ((X + Z) * SIN30 - Y) * px;
  const uMin = projU(0, widthM);
  const uMax = projU(lengthM, 0);
  const vMin = projV(0, topM, 0);
  const vMax = projV(lengthM, 0, widthM);
  const width = Math.ceil(uMax - uMin + 2 * MARGIN);
  const height = Math.ceil(vMax - vMin + 2 * MARGIN + CAPTION);
  const sx = (X: number, Z: number) => MARGIN + projU(X, Z) - uMin;
  const sy = (X: number, Y: number, Z: number) => MARGIN + projV(X, Y, Z) - vMin;
  const point = (X: number, Y: number, Z: number) => `${f(sx(X, Z))},${f(sy(X, Y, Z))}`;
  const polygon = (points: ReadonlyArray<readonly [number, number, number]>, fill: string, extra = '') =>
    `<polygon points="${points.map(([X, Y, Z]) => point(X, Y, Z)).join(' ')}" fill="${fill}" stroke="${STROKE}" stroke-width="0.5"${extra}/>`;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`);
  out.push(`<title>${esc(grid.settings.name)} (depiction)</title>`);
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  // The grid on the ground.
  out.push(polygon([[0, 0, 0], [lengthM, 0, 0], [lengthM, 0, widthM], [0, 0, widthM]], '#f4f6f8', ' stroke-dasharray="4 3" class="ground"'));
  if (options.showAxes !== false) {
    const axis = (from: readonly [number, number, number], to: readonly [number, number, number], label: string) =>
      out.push(
        `<line x1="${f(sx(from[0], from[2]))}" y1="${f(sy(...from))}" x2="${f(sx(to[0], to[2]))}" y2="${f(sy(...to))}" stroke="#c0392b" stroke-dasharray="6 3" class="axis"/>` +
          `<text x="${f(sx(to[0], to[2]) + 3)}" y="${f(sy(...to) + 10)}" fill="#c0392b">${esc(label)}</text>`,
      );
    grid.settings.xProjectionAxes.forEach((a, i) => axis([a, 0, 0], [a, 0, widthM], `X${i + 1}`));
    grid.settings.yProjectionAxes.forEach((a, i) => axis([0, 0, a], [lengthM, 0, a], `Y${i + 1}`));
  }
  for (const c of cuboids) {
    const X0 = c.x * cell;
    const X1 = X0 + cell;
    const Z0 = c.z * cell;
    const Z1 = Z0 + cell;
    const faces = FACES[c.kind];
    const parts: string[] = [];
    if (c.showFront) parts.push(polygon([[X0, c.y0, Z1], [X1, c.y0, Z1], [X1, c.y1, Z1], [X0, c.y1, Z1]], faces.front));
    if (c.showRight) parts.push(polygon([[X1, c.y0, Z0], [X1, c.y0, Z1], [X1, c.y1, Z1], [X1, c.y1, Z0]], faces.right));
    if (c.showTop) parts.push(polygon([[X0, c.y1, Z0], [X1, c.y1, Z0], [X1, c.y1, Z1], [X0, c.y1, Z1]], faces.top));
    if (parts.length > 0) out.push(`<g class="${c.kind}">${parts.join('')}</g>`);
  }
  if (cuboids.length > 0) {
    const caption = `${metres((maxX - minX + 1) * cell, language)} × ${metres((maxZ - minZ + 1) * cell, language)} × ${metres(heightMm / 1000, language)}`;
    out.push(`<text x="${f(width / 2)}" y="${f(height - CAPTION / 2)}" text-anchor="middle" class="caption">${esc(caption)}</text>`);
  }
  out.push('</svg>');
  return out.join('');
}
