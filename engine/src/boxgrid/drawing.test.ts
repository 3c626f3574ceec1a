/** SVG drawings of a configuration: boxes, shafts, projection axes and dimension lines in metres. */
import { describe, expect, it } from 'vitest';
import { FULL, HALF, lookup } from '../testing/boxGeometry.test-helpers.ts';
import { configurationDepiction, configurationDrawings, configurationSvg } from './drawing.ts';
import { createGrid, fillLayer, place } from './grid.ts';
import { addProjectionAxis } from './gridShape.ts';

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

describe('configurationDepiction', () => {
  const depiction = (svg: string) => ({
    groups: (kind: string) => count(svg, `<g class="${kind}">`),
    fills: (colour: string) => count(svg, `fill="${colour}"`),
  });

  it('draws every box and shaft as a shaded solid, with the axes on the ground and the size as caption', () => {
    const svg = configurationDepiction(sample(), lookup);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('<title>Rigole &lt;Süd&gt; &amp; Co (depiction)</title>');
    const d = depiction(svg);
    // Six full boxes, one half box on top, one shaft; the full box under the half box shows no
    // face (its top is covered, its +x and +z neighbours are boxes of its height).
    expect(d.groups('box')).toBe(5);
    expect(d.groups('half')).toBe(1);
    expect(d.groups('shaft')).toBe(1);
    // The half box covers the top of the full box below it: five full-box tops remain.
    expect(d.fills('#cfe3f5')).toBe(5);
    expect(d.fills('#8796a5') + d.fills('#5a6b7d') + d.fills('#46566a')).toBe(3);
    expect(svg).toContain('>X1<');
    expect(svg).toContain('>Y1<');
    expect(svg).toContain('>4,00 m × 2,40 m × 1,02 m<');
    expect(configurationDepiction(sample(), lookup, { language: 'en' })).toContain('>4.00 m × 2.40 m × 1.02 m<');
    expect(configurationDepiction(sample(), lookup, { showAxes: false })).not.toContain('class="axis"');
    expect(svg).not.toMatch(/NaN|Infinity/);
  });

  it('leaves out faces hidden by neighbours and draws far before near', () => {
    let g = createGrid({ id: 'b', name: 'Block', lengthM: 4, widthM: 4, layers: 2 });
    g = fillLayer(g, lookup, 0, FULL, { x0: 0, z0: 0, x1: 2, z1: 2 }).grid;
    g = fillLayer(g, lookup, 1, FULL, { x0: 0, z0: 0, x1: 2, z1: 2 }).grid;
    const svg = configurationDepiction(g, lookup);
    const d = depiction(svg);
    expect(d.fills('#cfe3f5')).toBe(9); // tops of the upper layer only
    expect(d.fills('#9ec5e8')).toBe(6); // +x faces of the last column, both layers
    expect(d.fills('#7fb0dc')).toBe(6); // +z faces of the last row, both layers
    expect(d.groups('box')).toBe(9 + 5); // the lower layer shows only its outer side faces
    // Painter's order: the far corner's first face comes before the near corner's.
    const polygons = [...svg.matchAll(/<polygon points="([^"]+)" fill="([^"]+)"/g)];
    const firstTop = polygons.findIndex((m) => m[2] === '#cfe3f5');
    const lastTop = polygons.map((m) => m[2]).lastIndexOf('#cfe3f5');
    const y = (i: number) => Math.max(...(polygons[i]?.[1] ?? '').split(' ').map((p) => Number(p.split(',')[1])));
    expect(y(lastTop)).toBeGreaterThan(y(firstTop));
  });

  it('an empty configuration gives its ground and title only', () => {
    const svg = configurationDepiction(createGrid({ id: 'e', name: 'leer' }), lookup, { pxPerM: Number.NaN });
    expect(svg).toContain('class="ground"');
    expect(svg).not.toContain('class="caption"');
    expect(svg).not.toContain('<g class=');
    expect(svg).not.toMatch(/NaN|Infinity/);
  });
});
