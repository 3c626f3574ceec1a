/** The report's page layout and typesetting (planning spec §9 "Report layout"). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../model/project.ts';
import { parseProject } from '../../project/parseProject.ts';
import { demoCatalogue } from '../../../test-support/demoCatalogue.ts';
import { formatNumber, formatPowerOfTen, formatScientific, headingName, superscript } from '../labels/index.ts';
import { CHART_WIDTH_PT, volumeChartNode } from './chart.ts';
import { reportDocument, type PdfNode } from './reportDocument.ts';
import { reportInputs } from './inputs.ts';

const fixture = (name: string): Project => {
  const r = parseProject(readFileSync(new URL(`../../../../fixtures/projects/${name}.project.json`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(name);
  return r.project;
};

function definition(project: Project, language: 'de' | 'en' = 'de') {
  const inputs = reportInputs(project, { language, catalogue: demoCatalogue() });
  return reportDocument({ project, evaluation: inputs.evaluation }, { language, now: new Date('2026-11-25T00:00:00Z'), appVersion: '9.9.9', configurations: inputs.configurations, bill: inputs.bill });
}

/** Every node of a content tree, depth first. */
function nodes(content: unknown, out: PdfNode[] = []): PdfNode[] {
  if (Array.isArray(content)) for (const c of content) nodes(c, out);
  else if (content !== null && typeof content === 'object') {
    const node = content as Record<string, unknown>;
    out.push(node);
    for (const key of ['stack', 'columns']) if (key in node) nodes(node[key], out);
  }
  return out;
}

describe('typesetting', () => {
  it('cuts names to 25 characters plus an ellipsis, counting characters', () => {
    expect(headingName('Rigole Garten')).toBe('Rigole Garten');
    expect(headingName('a'.repeat(25))).toBe('a'.repeat(25));
    expect(headingName('Mulden-Rigole Mehrfamilienhaus Nord')).toBe('Mulden-Rigole Mehrfamilie…');
    // a space before the cut is trimmed, never a half character
    expect(headingName('Rückhaltebecken Halle 3 Süd-West')).toBe('Rückhaltebecken Halle 3 S…');
    expect(headingName('Becken 12345678901234567 9')).toBe('Becken 12345678901234567…');
    expect(Array.from(headingName('💧'.repeat(30)))).toHaveLength(26);
  });

  it('typesets exponents with Unicode superscripts', () => {
    expect(superscript('-5')).toBe('⁻⁵');
    expect(formatPowerOfTen(5.67, 5, 'de')).toBe('5,67 · 10⁻⁵');
    expect(formatPowerOfTen(1.5, 6, 'en')).toBe('1.50 · 10⁻⁶');
    expect(formatPowerOfTen(undefined, 5, 'de')).toBe('–');
    expect(formatScientific(2.835e-5, 'de')).toBe('2,84 · 10⁻⁵');
    expect(formatScientific(9.996e-6, 'en')).toBe('1.00 · 10⁻⁵');
    expect(formatScientific(0, 'de')).toBe('0');
    expect(formatScientific(Number.NaN, 'de')).toBe('–');
  });

  it('draws charts 495 pt wide', () => {
    expect(CHART_WIDTH_PT).toBe(495);
    const chart = volumeChartNode([{ label: 'V', points: [{ duration: 10, volume: 1 }, { duration: 60, volume: 2 }] }], { language: 'de', axisX: 'D', axisY: 'V' });
    const canvas = (chart['stack'] as PdfNode[]).find((n) => 'canvas' in n)!;
    expect(canvas['width']).toBe(495);
  });
});

describe('report layout', () => {
  it('puts each drawing on a landscape page and returns to portrait for the next section', () => {
    const def = definition(fixture('box-configurations'));
    const all = nodes(def.content);
    const breaks = all.filter((n) => n['pageBreak'] === 'before' || n['toc'] !== undefined);
    const landscape = breaks.filter((n) => n['pageOrientation'] === 'landscape');
    expect(landscape).toHaveLength(2 * 3);
    for (const n of landscape) expect(String(n['text'])).toMatch(/ – (Draufsicht|Vorderansicht|Seitenansicht)$/);
    // every other page break names portrait (pdfmake keeps the last orientation otherwise)
    for (const n of breaks.filter((b) => b['pageOrientation'] !== 'landscape' && b['toc'] === undefined)) expect(n['pageOrientation']).toBe('portrait');
    // the drawing follows its heading, scaled into the landscape box
    const svgs = all.filter((n) => typeof n['svg'] === 'string');
    expect(svgs).toHaveLength(6);
    for (const s of svgs) expect(s['width'] as number).toBeLessThanOrEqual(762);
  });

  it('gives each purification its own page and cuts long names where they head a page or a column', () => {
    const base = fixture('m153-facility-above-ground');
    const long = 'Reinigungsanlage Parkplatz Nord mit Dachflächen';
    const first = base.waterflow.purifications[0]!;
    const project: Project = {
      ...base,
      rainData: fixture('sizing-infiltration-2024').rainData ?? null,
      waterflow: {
        ...base.waterflow,
        purifications: [{ ...first, name: long }, { ...first, id: `${first.id}-2`, name: 'Zweite Reinigung', sealedSurfaces: [] }],
        measures: base.waterflow.measures.map((m) => ({ ...m, name: 'Mulden-Rigole am Parkplatzrand Süd' })),
      },
    };
    const def = definition(project);
    const all = nodes(def.content);
    const h2 = all.filter((n) => n['style'] === 'h2');
    const p1 = h2.find((n) => n['text'] === headingName(long))!;
    const p2 = h2.find((n) => n['text'] === 'Zweite Reinigung')!;
    expect(p1).toBeDefined();
    expect(p1['text']).toBe('Reinigungsanlage Parkplat…');
    expect(p1['pageBreak']).toBeUndefined();
    expect(p2['pageBreak']).toBe('before');
    expect(h2.some((n) => n['text'] === 'Mulden-Rigole am Parkplat…')).toBe(true);
    expect(JSON.stringify(def.content)).not.toContain('"Mulden-Rigole am Parkplatzrand Süd"');
    // the surfaces table keeps full names
    const surfaceName = base.waterflow.sealedSurfaces[0]!.name;
    expect(JSON.stringify(def.content)).toContain(JSON.stringify(surfaceName));
  });
});

describe('calculation path of the assessments and the site', () => {
  /** Every text of a content tree. */
  const texts = (content: unknown, out: string[] = []): string[] => {
    if (typeof content === 'string') out.push(content);
    else if (Array.isArray(content)) for (const c of content) texts(c, out);
    else if (content !== null && typeof content === 'object') {
      const node = content as Record<string, unknown>;
      for (const key of ['text', 'stack', 'columns']) if (key in node) texts(node[key], out);
      if (node['table'] !== undefined) texts((node['table'] as { body: unknown }).body, out);
    }
    return out;
  };

  it('prints M 153 B and E, A 102-2 η and DIN 1986-100 eq. 20 with the results of the evaluation', () => {
    const rain = fixture('sizing-infiltration-2024').rainData ?? null;
    let m153Lines = 0;
    let a102Lines = 0;
    for (const name of ['m153-facility-above-ground', 'a102-bypass-facility', 'a102-above-threshold-no-facility']) {
      const project: Project = { ...fixture(name), rainData: rain };
      const inputs = reportInputs(project, { language: 'de', catalogue: demoCatalogue() });
      const def = reportDocument({ project, evaluation: inputs.evaluation }, { language: 'de', now: new Date('2026-11-25T00:00:00Z'), appVersion: '9' });
      const all = texts(def.content);
      for (const p of inputs.evaluation.purifications) {
        const m = p.m153;
        if (m?.dischargedLoad !== undefined && m.emission !== undefined && m.waterCategoryPoints !== undefined) {
          expect(all.some((t) => t.startsWith('B = Σ f_i · (L + F_i) = ') && t.endsWith(`= ${formatNumber(m.dischargedLoad, 'de')}`)), name).toBe(true);
          m153Lines++;
          expect(all).toContain(`E = B · D = ${formatNumber(m.dischargedLoad, 'de')} · ${formatNumber(m.combinedFactor, 'de', { decimals: 3 })} = ${formatNumber(m.emission, 'de')} ${m.emission <= m.waterCategoryPoints ? '≤' : '>'} G = ${formatNumber(m.waterCategoryPoints, 'de', { decimals: 0 })}`);
        }
        if (p.a102 !== undefined) {
          expect(all.some((t) => t.startsWith('η_erf = ') && t.endsWith(`= ${formatNumber(p.a102!.requiredEfficiency, 'de', { decimals: 3 })}`)), name).toBe(true);
          a102Lines++;
        }
      }
      const eq20 = all.find((t) => t.startsWith('V_Rück = [') && t.endsWith('m³'));
      if (inputs.evaluation.measures.length > 0 || inputs.evaluation.sealedSurfaces.length > 0) expect(eq20, name).toBeDefined();
      // the governing volume of eq. 20 equals the site table's figure
      const value = eq20!.split(' = ').pop()!;
      expect(all).toContain(value.replace(' m³', ''));
    }
    expect(m153Lines).toBeGreaterThan(0);
    expect(a102Lines).toBeGreaterThan(0);
  });
});
