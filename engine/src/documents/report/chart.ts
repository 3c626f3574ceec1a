/**
 * The volume-per-duration chart of a measure as SVG text (vector graphics in the report): the
 * required volume V(D) of each part over the rain durations D, with axes, ticks and a legend.
 * Pure; numbers follow the document language.
 */
import type { ChartPoint } from '../../model/measure.ts';
import { formatNumber, type DocumentLanguage } from '../labels/index.ts';

export interface ChartSeries {
  readonly label: string;
  readonly points: readonly ChartPoint[];
}

export interface ChartOptions {
  readonly language: DocumentLanguage;
  readonly axisX: string;
  readonly axisY: string;
  /** Drawing size in points (default {@link CHART_WIDTH_PT} × 220). */
  readonly width?: number;
  readonly height?: number;
  /** A horizontal reference line (e.g. the available volume), with its label. */
  readonly reference?: { readonly value: number; readonly label: string } | undefined;
}

/** Width of the report's charts, pt (planning spec §9 "Report layout": charts 495 wide). */
export const CHART_WIDTH_PT = 495;

const COLORS = ['#1f5f99', '#c0392b', '#2e8b57', '#8e44ad'];
/** Labelled durations of the logarithmic x axis, min. */
const X_TICKS_MIN = [5, 10, 15, 30, 60, 120, 240, 720, 1440, 2880, 4320, 10080];

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const f = (v: number): string => String(Math.round(v * 100) / 100);

/** A "nice" step for about `count` ticks over `span`. */
function niceStep(span: number, count: number): number {
  if (!(span > 0)) return 1;
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / mag;
  return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
}

/** The chart's frame: its size and the plot area's margins, pt. */
interface ChartFrame {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/**
 * The axes of a chart over these durations and volumes (and the reference line): a logarithmic
 * duration axis from at most 5 min over at least one decade, a volume axis in "nice" steps that
 * holds 0, and the positions of a duration and a volume in the plot, pt.
 */
function chartAxes(frame: ChartFrame, durations: readonly number[], volumes: readonly number[], reference: number | undefined) {
  const minX = Math.min(5, ...durations);
  const maxX = Math.max(minX * 10, ...durations);
  const maxY = Math.max(0, ...volumes, reference ?? 0);
  const minY = Math.min(0, ...volumes);
  const stepY = niceStep(maxY - minY || 1, 5);
  const y0 = Math.floor(minY / stepY) * stepY;
  const y1 = Math.max(y0 + stepY, Math.ceil(maxY / stepY) * stepY);
  const plotW = frame.width - frame.left - frame.right;
  const plotH = frame.height - frame.top - frame.bottom;
  // Rain durations span 5 min … 7 days: a logarithmic duration axis shows them all.
  const lx0 = Math.log10(minX);
  const lx1 = Math.log10(maxX);
  return {
    minX,
    maxX,
    stepY,
    y0,
    y1,
    plotW,
    plotH,
    decimalsY: stepY >= 1 ? 0 : stepY >= 0.1 ? 1 : 2,
    sx: (x: number) => frame.left + ((Math.log10(Math.max(x, minX)) - lx0) / (lx1 - lx0)) * plotW,
    sy: (y: number) => frame.top + plotH - ((y - y0) / (y1 - y0)) * plotH,
  };
}

/** A reference line with a finite value, else undefined. */
const finiteReference = (options: ChartOptions) => (options.reference !== undefined && Number.isFinite(options.reference.value) ? options.reference : undefined);

/** Series without finite points are left out; an empty chart still has its axes. */
export function volumeChartSvg(series: readonly ChartSeries[], options: ChartOptions): string {
  const width = options.width ?? CHART_WIDTH_PT;
  const height = options.height ?? 220;
  const left = 56;
  const right = 16;
  const top = 14;
  const bottom = 40;
  const usable = series
    .map((s) => ({ label: s.label, points: s.points.filter((p) => Number.isFinite(p.duration) && Number.isFinite(p.volume) && p.duration >= 0) }))
    .filter((s) => s.points.length > 0);
  const all = usable.flatMap((s) => s.points);
  const ref = finiteReference(options);
  const { minX, maxX, stepY, y0, y1, plotW, plotH, sx, sy, decimalsY } = chartAxes(
    { width, height, left, right, top, bottom },
    all.map((p) => p.duration).filter((d) => d > 0),
    all.map((p) => p.volume),
    ref?.value,
  );
  const ticksX = X_TICKS_MIN.filter((x) => x >= minX && x <= maxX);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Roboto" font-size="8">`);
  // grid and ticks
  for (let y = y0; y <= y1 + stepY / 1000; y += stepY) {
    out.push(`<line x1="${f(left)}" y1="${f(sy(y))}" x2="${f(left + plotW)}" y2="${f(sy(y))}" stroke="#dddddd" stroke-width="0.5"/>`);
    out.push(`<text x="${f(left - 4)}" y="${f(sy(y) + 3)}" text-anchor="end">${esc(formatNumber(y, options.language, { decimals: decimalsY }))}</text>`);
  }
  for (const x of ticksX) {
    out.push(`<line x1="${f(sx(x))}" y1="${f(top + plotH)}" x2="${f(sx(x))}" y2="${f(top + plotH + 3)}" stroke="#000000" stroke-width="0.5"/>`);
    out.push(`<text x="${f(sx(x))}" y="${f(top + plotH + 12)}" text-anchor="middle">${esc(formatNumber(x, options.language, { decimals: 0 }))}</text>`);
  }
  out.push(`<line x1="${f(left)}" y1="${f(top)}" x2="${f(left)}" y2="${f(top + plotH)}" stroke="#000000" stroke-width="0.8"/>`);
  out.push(`<line x1="${f(left)}" y1="${f(top + plotH)}" x2="${f(left + plotW)}" y2="${f(top + plotH)}" stroke="#000000" stroke-width="0.8"/>`);
  out.push(`<text x="${f(left + plotW / 2)}" y="${f(height - 14)}" text-anchor="middle">${esc(options.axisX)}</text>`);
  out.push(`<text transform="translate(12 ${f(top + plotH / 2)}) rotate(-90)" text-anchor="middle">${esc(options.axisY)}</text>`);
  if (ref !== undefined) {
    out.push(`<line x1="${f(left)}" y1="${f(sy(ref.value))}" x2="${f(left + plotW)}" y2="${f(sy(ref.value))}" stroke="#555555" stroke-width="0.8" stroke-dasharray="4 2"/>`);
    out.push(`<text x="${f(left + plotW - 2)}" y="${f(sy(ref.value) - 3)}" text-anchor="end" fill="#555555">${esc(ref.label)}</text>`);
  }
  usable.forEach((s, i) => {
    const color = COLORS[i % COLORS.length]!;
    const pts = [...s.points].filter((p) => p.duration > 0).sort((a, b) => a.duration - b.duration);
    out.push(`<polyline fill="none" stroke="${color}" stroke-width="1.2" points="${pts.map((p) => `${f(sx(p.duration))},${f(sy(p.volume))}`).join(' ')}"/>`);
    // legend
    const lx = left + 8 + i * 110;
    out.push(`<line x1="${f(lx)}" y1="${f(height - 4)}" x2="${f(lx + 14)}" y2="${f(height - 4)}" stroke="${color}" stroke-width="1.5"/>`);
    out.push(`<text x="${f(lx + 18)}" y="${f(height - 1)}">${esc(s.label)}</text>`);
  });
  out.push('</svg>');
  return out.join('');
}

/** Approximate width of a label in Roboto, pt (tick labels: digits, separators, short words). */
function labelWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) em += /[.,:;·| ]/.test(ch) ? 0.26 : /[mwMW]/.test(ch) ? 0.85 : /[A-Z]/.test(ch) ? 0.65 : 0.55;
  return em * fontSize;
}

/**
 * The same chart as pdfmake nodes: lines and curves on a `canvas` (vector graphics drawn by pdfkit
 * directly), labels as text nodes placed relative to the chart's top-left corner. pdfmake lays
 * these out about ten times faster than an SVG with text (svg-to-pdfkit), which matters in a
 * report with fifty measures (docs/decisions/0122-report-charts-and-speed.md).
 */
export function volumeChartNode(series: readonly ChartSeries[], options: ChartOptions): Readonly<Record<string, unknown>> {
  const width = options.width ?? CHART_WIDTH_PT;
  const height = options.height ?? 220;
  const fontSize = 7;
  const left = 44;
  const right = 16;
  const top = 16;
  const bottom = 36;
  const usable = series
    .map((s) => ({ label: s.label, points: s.points.filter((p) => Number.isFinite(p.duration) && Number.isFinite(p.volume) && p.duration > 0) }))
    .filter((s) => s.points.length > 0);
  const all = usable.flatMap((s) => s.points);
  const ref = finiteReference(options);
  const axes = chartAxes(
    { width, height, left, right, top, bottom },
    all.map((p) => p.duration),
    all.map((p) => p.volume),
    ref?.value,
  );
  const { minX, maxX, stepY, y0, y1, plotW, plotH, decimalsY } = axes;
  const r = (v: number) => Math.round(v * 100) / 100;
  const sx = (x: number) => r(axes.sx(x));
  const sy = (y: number) => r(axes.sy(y));
  const canvas: Record<string, unknown>[] = [];
  const labels: Record<string, unknown>[] = [];
  const label = (text: string, x: number, y: number, anchor: 'start' | 'middle' | 'end', extra: Record<string, unknown> = {}) => {
    const w = labelWidth(text, fontSize);
    const lx = anchor === 'start' ? x : anchor === 'middle' ? x - w / 2 : x - w;
    labels.push({ text, fontSize, lineHeight: 1, relativePosition: { x: r(lx), y: r(y - fontSize / 2) }, ...extra });
  };
  const line = (x1: number, y1: number, x2: number, y2: number, color: string, lineWidth: number, dash?: number) =>
    canvas.push({ type: 'line', x1, y1, x2, y2, lineColor: color, lineWidth, ...(dash === undefined ? {} : { dash: { length: dash } }) });
  for (let i = 0, y = y0; y <= y1 + stepY / 1000; i++, y = y0 + i * stepY) {
    line(left, sy(y), left + plotW, sy(y), '#dddddd', 0.5);
    label(formatNumber(y, options.language, { decimals: decimalsY }), left - 4, sy(y), 'end');
  }
  for (const x of X_TICKS_MIN.filter((d) => d >= minX && d <= maxX)) {
    line(sx(x), top + plotH, sx(x), top + plotH + 3, '#000000', 0.5);
    label(formatNumber(x, options.language, { decimals: 0 }), sx(x), top + plotH + 9, 'middle');
  }
  line(left, top, left, top + plotH, '#000000', 0.8);
  line(left, top + plotH, left + plotW, top + plotH, '#000000', 0.8);
  label(options.axisX, left + plotW / 2, height - 15, 'middle');
  label(options.axisY, 2, top - 9, 'start');
  if (ref !== undefined) {
    line(left, sy(ref.value), left + plotW, sy(ref.value), '#555555', 0.8, 4);
    label(ref.label, left + plotW - 2, sy(ref.value) - 8, 'end', { color: '#555555' });
  }
  usable.forEach((s, i) => {
    const color = COLORS[i % COLORS.length]!;
    const pts = [...s.points].sort((a, b) => a.duration - b.duration).map((p) => ({ x: sx(p.duration), y: sy(p.volume) }));
    if (pts.length === 1) canvas.push({ type: 'ellipse', x: pts[0]!.x, y: pts[0]!.y, r1: 1.5, r2: 1.5, color });
    else canvas.push({ type: 'polyline', points: pts, lineColor: color, lineWidth: 1.2 });
    const lx = left + 8 + i * 110;
    line(lx, height - 4, lx + 14, height - 4, color, 1.5);
    label(s.label, lx + 18, height - 4, 'start');
  });
  // labels first: relative to the chart's top-left corner, they take no room; then the canvas.
  return { stack: [...labels, { canvas, width, height }], unbreakable: true };
}
