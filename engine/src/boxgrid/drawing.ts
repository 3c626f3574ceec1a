/**
 * Drawings of a configuration as SVG text (pure; the API rasterises them for the documents):
 * top view (x = length to the right, width downwards), front view (length × height) and side view
 * (width × height), with boxes, shafts, projection axes and dimension lines in metres.
 *
 * ```ts
 * const svg = configurationSvg(grid, lookup, 'top', { language: 'de' });
 * ```
 * Numbers follow the language (German decimal comma by default). Only the occupied part of the
 * grid is drawn; an empty configuration gives an empty drawing with its title.
 */
import { BOX_GRID } from '../tables/defaults.ts';
import { CELL_MM, type BoxGrid } from './grid.ts';
import type { ItemGeometryLookup } from './itemGeometry.ts';
import { configurationLevels, shaftGeometryHeight } from './levels.ts';

export type DrawingView = 'top' | 'front' | 'side';

export interface DrawingOptions {
  /** 'de' (default) or 'en': decimal separator of the dimension labels. */
  readonly language?: 'de' | 'en' | undefined;
  /** Pixels per metre (default 40). */
  readonly pxPerM?: number | undefined;
}

const MARGIN = 48;
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

interface Rect {
  readonly u0: number;
  readonly v0: number;
  readonly u1: number;
  readonly v1: number;
  readonly fill: string;
}

/** One SVG drawing of a configuration in the given view. */
export function configurationSvg(grid: BoxGrid, lookup: ItemGeometryLookup, view: DrawingView, options: DrawingOptions = {}): string {
  const language = options.language ?? 'de';
  const px = options.pxPerM !== undefined && Number.isFinite(options.pxPerM) && options.pxPerM > 0 ? Math.min(options.pxPerM, 1000) : 40;
  const cell = CELL_MM / 1000;
  const { layerHeightsMm, heightMm } = configurationLevels(grid, lookup);
  const layerBase: number[] = [];
  let acc = 0;
  for (const h of layerHeightsMm) {
    layerBase.push(acc / 1000);
    acc += h;
  }
  const rects: Rect[] = [];
  // Occupied extent (cells) for the envelope and dimension lines.
  let minX = Infinity;
  let maxX = -Infinity;
  let minZ = Infinity;
  let maxZ = -Infinity;
  const seen = new Set<string>();
  const add = (key: string, r: Rect) => {
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
  grid.shafts.forEach((s) => {
    if (s === null) return;
    const g = lookup(s.boxTypeId);
    if (g === undefined) return;
    track(s.x, s.z);
    const h = shaftGeometryHeight(g).heightMm / 1000;
    if (view === 'top') add(`s${s.x},${s.z}`, { u0: s.x * cell, v0: s.z * cell, u1: (s.x + 1) * cell, v1: (s.z + 1) * cell, fill: SHAFT_FILL });
    else {
      const u = view === 'front' ? s.x : s.z;
      add(`s${u}`, { u0: u * cell, v0: 0, u1: (u + 1) * cell, v1: h, fill: SHAFT_FILL });
    }
  });
  grid.layers.forEach((layer, y) => {
    for (const b of layer) {
      if (b === null) continue;
      const g = lookup(b.boxTypeId);
      if (g === undefined) continue;
      track(b.x, b.z);
      const half = g.heightMm <= BOX_GRID.halfBoxHeightMm;
      if (view === 'top') add(`${b.x},${b.z}`, { u0: b.x * cell, v0: b.z * cell, u1: (b.x + 1) * cell, v1: (b.z + 1) * cell, fill: BOX_FILL });
      else {
        const u = view === 'front' ? b.x : b.z;
        const base = layerBase[y] ?? 0;
        add(`${u},${y}`, { u0: u * cell, v0: base, u1: (u + 1) * cell, v1: base + g.heightMm / 1000, fill: half ? HALF_FILL : BOX_FILL });
      }
    }
  });
  const empty = rects.length === 0;
  const spanU = view === 'side' ? grid.sizeZ * cell : grid.sizeX * cell;
  const spanV = view === 'top' ? grid.sizeZ * cell : Math.max(heightMm / 1000, BOX_GRID.boxHeightMm / 1000);
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
