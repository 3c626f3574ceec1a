/** SVG drawings of a configuration: boxes, shafts, projection axes and dimension lines in metres. */
import { describe, expect, it } from 'vitest';
import { FULL, HALF, lookup } from '../testing/boxGeometry.test-helpers.ts';
import { configurationDrawings, configurationSvg } from './drawing.ts';
import { addProjectionAxis, createGrid, fillLayer, place } from './grid.ts';

function sample() {
  let g = createGrid({ id: 'c', name: 'Rigole <Süd> & Co', lengthM: 4, widthM: 2.4, layers: 2 });
  g = fillLayer(g, lookup, 0, FULL, { x0: 0, z0: 0, x1: 2, z1: 1 }).grid;
  g = place(g, lookup, { x: 1, y: 1, z: 0, boxTypeId: HALF }).grid;
  g = place(g, lookup, { x: 4, y: 0, z: 2, boxTypeId: 'SHAFT_C3_DROSSEL_150' }).grid;
  g = addProjectionAxis(g, 'x', 1.2).grid;
  g = addProjectionAxis(g, 'y', 0.8).grid;
  return g;
}

const count = (svg: string, needle: string) => svg.split(needle).length - 1;

describe('configurationSvg', () => {
  it('top view: one rectangle per occupied column, axes, dimensions of the occupied envelope in German', () => {
    const svg = configurationSvg(sample(), lookup, 'top');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(count(svg, 'fill="#9ec5e8"')).toBe(6);
    expect(count(svg, 'fill="#5a6b7d"')).toBe(1);
    expect(svg).toContain('>X1<');
    expect(svg).toContain('>Y1<');
    expect(svg).toContain('>4,00 m<');
    expect(svg).toContain('>2,40 m<');
    expect(svg).toContain('<title>Rigole &lt;Süd&gt; &amp; Co (top)</title>');
  });
  it('front view: boxes per length cell and layer, height from the items (shaft 1.5 m → 1.02 m) in English', () => {
    const svg = configurationSvg(sample(), lookup, 'front', { language: 'en' });
    expect(count(svg, 'fill="#9ec5e8"')).toBe(3);
    expect(count(svg, 'fill="#c9def2"')).toBe(1);
    expect(svg).toContain('>4.00 m<');
    expect(svg).toContain('>1.02 m<');
    expect(svg).not.toContain('>Y1<');
  });
  it('side view and an empty configuration', () => {
    const d = configurationDrawings(sample(), lookup);
    expect(d.side).toContain('>Y1<');
    expect(d.side).toContain('>2,40 m<');
    const empty = configurationSvg(createGrid({ id: 'e', name: 'e' }), lookup, 'front', { pxPerM: Number.NaN });
    expect(empty).not.toContain('class="dimension"');
    expect(empty).not.toMatch(/NaN|Infinity/);
  });
});
