import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../evaluate/evaluate.ts';
import type { Project } from '../../model/project.ts';
import { parseProject } from '../../project/parseProject.ts';
import { demoCatalogue } from '../../../test-support/demoCatalogue.ts';
import { DOCUMENT_LABELS, documentTranslator, formatDate, formatDecimalString, formatNumber, translator } from '../labels/index.ts';
import { volumeChartNode, volumeChartSvg } from './chart.ts';
import { measurePassing, reportDocument, reportProblems } from './reportDocument.ts';
import { svgSize } from '../kit/pdf.ts';
import { reportInputs } from './inputs.ts';
import { geometryLookup } from '../../catalogue/catalogue.ts';

const fixture = (name: string): Project => {
  const r = parseProject(readFileSync(new URL(`../../../../fixtures/projects/${name}.project.json`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.errors.slice(0, 2))}`);
  return r.project;
};

const NOW = new Date('2026-11-25T10:00:00Z');

/** Every text of a content tree (text nodes, table cells, lists, columns), in order. */
function texts(content: unknown, out: string[] = []): string[] {
  if (typeof content === 'string') out.push(content);
  else if (Array.isArray(content)) for (const c of content) texts(c, out);
  else if (content !== null && typeof content === 'object') {
    const node = content as Record<string, unknown>;
    for (const key of ['text', 'stack', 'columns', 'ul', 'ol', 'toc', 'title']) if (key in node) texts(node[key], out);
    if (node['table'] !== undefined) texts((node['table'] as { body: unknown }).body, out);
  }
  return out;
}

function build(project: Project, language: 'de' | 'en', catalogue = true) {
  const inputs = reportInputs(project, { language, ...(catalogue ? { catalogue: demoCatalogue() } : {}) });
  const definition = reportDocument({ project, evaluation: inputs.evaluation }, { language, now: NOW, appVersion: '9.9.9', configurations: inputs.configurations, bill: inputs.bill, planner: 'Ing. Test' });
  return { inputs, definition, all: texts(definition.content).join('\n') };
}

const withRain = (project: Project, from: Project): Project => ({ ...project, rainData: from.rainData ?? null });

describe('document labels', () => {
  it('German and English report labels have the same keys, none empty', () => {
    const de = DOCUMENT_LABELS.report.de;
    const en = DOCUMENT_LABELS.report.en;
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const table of [de, en]) for (const [k, v] of Object.entries(table)) expect(v.trim(), k).not.toBe('');
  });

  it('translates with placeholders and falls back to the key', () => {
    const t = translator({ a: 'Seite {{page}} von {{pages}}' });
    expect(t('a', { page: 2, pages: 5 })).toBe('Seite 2 von 5');
    expect(t('missing')).toBe('missing');
    expect(t('a')).toBe('Seite {{page}} von {{pages}}');
    expect(documentTranslator('report', 'en')('report.title')).toBe('Dimensioning report');
    // prototype keys are not labels
    expect(t('toString')).toBe('toString');
  });

  it('formats numbers once with the language: decimal comma in German', () => {
    expect(formatNumber(1234.567, 'de')).toBe('1.234,57');
    expect(formatNumber(1234.567, 'en')).toBe('1,234.57');
    expect(formatNumber(1.005, 'de')).toBe('1,01');
    expect(formatNumber(-0.004, 'de')).toBe('0,00');
    expect(formatNumber(-2.5, 'en', { decimals: 0 })).toBe('-3');
    expect(formatNumber(1234567, 'de', { decimals: 0, grouping: false })).toBe('1234567');
    expect(formatNumber(undefined, 'de')).toBe('–');
    expect(formatNumber(Number.NaN, 'en')).toBe('–');
    expect(() => formatNumber(1, 'de', { decimals: -1 })).toThrow(RangeError);
    expect(formatDecimalString('12345.675', 'de')).toBe('12.345,68');
    expect(formatDecimalString('-3', 'en')).toBe('-3.00');
    expect(formatDecimalString('abc', 'en')).toBe('abc');
    expect(formatDate(NOW, 'de')).toBe('25.11.2026');
    expect(formatDate(NOW, 'en')).toBe('2026-11-25');
  });
});

describe('reportDocument', () => {
  const boxes = fixture('box-configurations');

  it('holds the key figures of evaluate() for the same project, in German and English', () => {
    const evaluation = evaluate(boxes, { itemGeometry: geometryLookup(demoCatalogue()), calculationPath: true });
    for (const language of ['de', 'en'] as const) {
      const { all, inputs } = build(boxes, language);
      expect(inputs.evaluation).toEqual(evaluation);
      for (const s of evaluation.sealedSurfaces) expect(all).toContain(formatNumber(s.AC, language));
      expect(all).toContain(formatNumber(evaluation.summary.totalACM2, language));
      expect(all).toContain(formatNumber(evaluation.summary.totalAreaM2, language));
      for (const m of inputs.evaluation.measures) {
        expect(all).toContain(m.name);
        expect(all).toContain(formatNumber(m.requiredVolume, language));
        expect(all).toContain(formatNumber(m.value, language));
      }
      const verdicts = inputs.evaluation.measures.map(measurePassing);
      expect(verdicts.some((v) => v !== undefined)).toBe(true);
      const words = language === 'de' ? { pass: 'erfüllt', fail: 'nicht erfüllt' } : { pass: 'pass', fail: 'fail' };
      const lines = all.split('\n');
      if (verdicts.includes(true)) expect(lines).toContain(words.pass);
      if (verdicts.includes(false)) expect(lines).toContain(words.fail);
      expect(all).toContain(language === 'de' ? 'Inhaltsverzeichnis' : 'Contents');
      expect(all).toContain(boxes.project.name);
      expect(all).toContain('Ing. Test');
      expect(all).toContain(language === 'de' ? '25.11.2026' : '2026-11-25');
      expect(all).toContain(inputs.evaluation.engineVersion);
      expect(all).toContain('9.9.9');
      expect(all).toContain(inputs.evaluation.ruleEdition);
    }
  });

  it('uses the language for numbers and words', () => {
    const de = build(boxes, 'de').all;
    const en = build(boxes, 'en').all;
    expect(de).toContain('Angeschlossene Flächen');
    expect(en).toContain('Connected surfaces');
    expect(de).not.toContain('Connected surfaces');
    const ac = evaluate(boxes).summary.totalACM2!;
    expect(de).toContain(formatNumber(ac, 'de'));
    if (!Number.isInteger(ac)) expect(de).not.toContain(formatNumber(ac, 'en'));
  });

  it('names the rain dataset, its cell and DWD attribution, and prints the rain table', () => {
    const { all } = build(boxes, 'de');
    const stamp = boxes.rainData!.source;
    expect(all).toContain(stamp.edition);
    if (stamp.cell !== undefined && stamp.cell !== null) expect(all).toContain(stamp.cell);
    if (stamp.edition !== 'custom') expect(all).toContain('Deutscher Wetterdienst');
    const first = boxes.rainData!.raindataSeries[0]!.valuesForDurations.find((v) => v.value > 0)!;
    expect(all).toContain(formatNumber(first.value, 'de', { decimals: 1 }));
  });

  it('draws the configurations as vector SVG and the volume charts as vector canvas', () => {
    const { definition, inputs } = build(boxes, 'en');
    const svgs: string[] = [];
    JSON.stringify(definition.content, (k, v: unknown) => {
      if (k === 'svg' && typeof v === 'string') svgs.push(v);
      return v;
    });
    expect(inputs.configurations.length).toBe(boxes.boxConfigurations!.length);
    // three views per configuration
    expect(svgs.length).toBe(3 * inputs.configurations.length);
    for (const s of svgs) expect(s.startsWith('<svg')).toBe(true);
    for (const c of inputs.configurations) for (const view of ['top', 'front', 'side'] as const) expect(svgs).toContain(c.drawings[view]);
    // the volume charts: vector lines on a pdfmake canvas (decision 0122)
    const canvases: unknown[][] = [];
    JSON.stringify(definition.content, (k, v: unknown) => {
      if (k === 'canvas' && Array.isArray(v)) canvases.push(v);
      return v;
    });
    const sized = inputs.evaluation.measures.filter((m) => m.requiredVolume !== undefined).length;
    expect(canvases.filter((c) => c.some((e) => (e as { type?: string }).type === 'polyline')).length).toBeGreaterThanOrEqual(sized);
  });

  it('summarises the bill with the engine’s decimal totals', () => {
    const { all, inputs } = build(boxes, 'de');
    const bill = inputs.bill!;
    expect(bill.totalPrice).not.toBeNull();
    expect(all).toContain(formatDecimalString(bill.totalPrice!, 'de'));
    for (const g of bill.massListGroups) if (g.lines.length > 0) expect(all).toContain(formatDecimalString(g.totalPrice!, 'de'));
  });

  it('takes item types and a bill made elsewhere (the web app: the item types and mass-list data of the API)', () => {
    const catalogue = demoCatalogue();
    const full = reportInputs(boxes, { language: 'de', catalogue });
    const split = reportInputs(boxes, { language: 'de', itemTypes: catalogue.itemTypes, bill: full.bill });
    expect(split.evaluation).toEqual(full.evaluation);
    expect(split.bill).toBe(full.bill);
    expect(split.configurations.map((c) => [c.volumes, c.drawings])).toEqual(full.configurations.map((c) => [c.volumes, c.drawings]));
    expect(split.configurations.every((c) => c.materials === null)).toBe(true);
  });

  it('without a catalogue the bill section says so and the report still builds', () => {
    const { all, inputs } = build(boxes, 'en', false);
    expect(inputs.bill).toBeNull();
    expect(all).toContain('No bill of materials');
  });

  it('prints page numbers in the footer in the language', () => {
    expect(texts(build(boxes, 'de').definition.footer(2, 14))).toContain('Seite 2 von 14');
    expect(texts(build(boxes, 'en').definition.footer(1, 3))).toContain('Page 1 of 3');
  });

  it('is the same for the same input (no clock, no randomness)', () => {
    const a = build(boxes, 'de').definition;
    const b = build(boxes, 'de').definition;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.info.creationDate).toEqual(NOW);
  });

  it('reports flooding per measure and DIN 1986-100 eqs. 20 / 21 for the site', () => {
    const { all: withBothRows } = build(boxes, 'en');
    expect(withBothRows).toContain('Site flooding check after DIN 1986-100');
    expect(withBothRows).toMatch(/Eq\. 20: V_ret \[m³\] \(D = [\d,.]+ min\)/);
    // eq. 21 needs Q_full, which the project does not hold: the report names exactly that input (decision 0154)
    expect(withBothRows).toContain('not computed: Q_full missing (see below)');
    expect(withBothRows).toContain('Governing retention volume [m³] (eq. 20 only)');
    expect(withBothRows).toContain("the full-flow capacity Q_full [l/s] of the site's drain to the public sewer");
    expect(withBothRows).toMatch(/Eq\. 21 needs A_tot \([\d,.]+ m²\)/);
    const { all: german } = build(boxes, 'de');
    expect(german).toContain('nicht berechnet: Q_voll fehlt (siehe unten)');
    expect(german).toMatch(/den Vollfüllungsabfluss Q_voll \[l\/s\] der Grundleitung/);
    // without r(D,2) the site check says why it is not computed
    const site = fixture('large-site-flooding');
    const { all } = build(site, 'en');
    expect(all).toContain('Not computable: rain data r(D,30) and r(D,2) or surfaces are missing.');
    const evaluation = evaluate(site);
    expect(evaluation.measures.some((m) => m.floodingVerification && m.data.floodingVolume !== undefined)).toBe(true);
    for (const m of evaluation.measures.filter((x) => x.floodingVerification && x.data.floodingVolume !== undefined)) {
      expect(all).toContain(formatNumber(m.data.floodingVolume, 'en'));
    }
  });

  it('shows the M 153 table with L, F_i, B, E, the facility and the needed amount', () => {
    const project = withRain(fixture('m153-not-passing'), boxes);
    const evaluation = evaluate(project);
    const p = evaluation.purifications[0]!;
    const { all } = build(project, 'de');
    expect(all).toContain('Luftverschmutzung L');
    expect(all).toContain('Abflussbelastung B [Punkte]');
    expect(all).toContain(formatNumber(p.m153!.dischargedLoad, 'de'));
    expect(all).toContain(formatNumber(p.m153!.emission, 'de'));
    expect(all).toContain(p.passing === false ? 'nicht erfüllt' : 'erfüllt');
    if (p.neededAmount !== undefined) expect(all).toContain(formatNumber(p.neededAmount, 'de', { decimals: 0 }));
  });

  it('shows the A 102-2 tables with ablation and required efficiency', () => {
    const project = withRain(fixture('a102-above-threshold-no-facility'), boxes);
    const evaluation = evaluate(project);
    const a = evaluation.purifications[0]!.a102!;
    const { all } = build(project, 'en');
    expect(all).toContain('Required efficiency η [–]');
    expect(all).toContain(formatNumber(a.requiredEfficiency, 'en', { decimals: 3 }));
    expect(all).toContain(formatNumber(a.data.totalAblation, 'en'));
  });

  it('renders a message page instead of a broken report when rain data is missing', () => {
    const project = fixture('sizing-no-rain-data');
    expect(reportProblems({ project, evaluation: evaluate(project) })).toEqual([{ code: 'RAIN_DATA_MISSING' }]);
    for (const language of ['de', 'en'] as const) {
      const { all } = build(project, language);
      expect(all).toContain(language === 'de' ? 'keine Regendaten geladen' : 'No rain data is loaded');
      expect(all).toContain(language === 'de' ? 'Weiter:' : 'Next:');
      expect(all).not.toContain(language === 'de' ? 'Inhaltsverzeichnis' : 'Contents');
      expect(all).toContain(project.project.name);
    }
  });

  it('renders a message page when a chosen treatment facility is missing', () => {
    const project = withRain(fixture('contradictory-data'), boxes);
    const problems = reportProblems({ project, evaluation: evaluate(project) });
    expect(problems.some((p) => p.code === 'FACILITY_MISSING')).toBe(true);
    const { all } = build(project, 'en');
    expect(all).toContain("is not in the project's catalogue");
  });

  it('a project without measures needs no rain data for its report', () => {
    const project = fixture('purification-without-measure');
    expect(reportProblems({ project, evaluation: evaluate(project) })).toEqual([]);
    expect(build(project, 'en').all).toContain('No measures.');
  });

  it('states the rain uncertainty band of each sized measure in the language of the report (issue 19.1)', () => {
    // box-configurations: KOSTRA-DWD-2010R (DWD tolerance ±10 % at T = 5 a); the box trench is sized, the pipe trench is not.
    const en = build(boxes, 'en').all;
    expect(en).toContain('Rain data uncertainty');
    expect(en).toContain('V_req 2.25 m³ (1.90 – 2.64 m³ with KOSTRA uncertainty)');
    expect(en).toContain('The available volume also covers the upper end.');
    expect(en.split('Rain data uncertainty').length - 1).toBe(1);
    const de = build(boxes, 'de').all;
    expect(de).toContain('V_erf 2,25 m³ (1,90 – 2,64 m³ mit KOSTRA-Unsicherheit)');
    expect(de).toContain('Das vorhandene Volumen deckt auch das obere Ende.');
    // No band: the reason, once per sized measure.
    const custom = { ...boxes, rainData: { ...boxes.rainData!, source: { edition: 'custom' as const } } };
    expect(build(custom, 'en').all).toContain('No uncertainty band: custom rain data without uncertainty.');
  });
});

describe('volumeChartSvg', () => {
  it('draws each series on a logarithmic duration axis with the language’s numbers', () => {
    const svg = volumeChartSvg(
      [{ label: 'Tank', points: [{ duration: 5, volume: 1.5 }, { duration: 60, volume: 2.25 }, { duration: 1440, volume: 0 }] }],
      { language: 'de', axisX: 'D [min]', axisY: 'V [m³]', reference: { value: 3, label: 'avail.' } },
    );
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('<polyline');
    expect(svg).toContain('1.440');
    expect(svg).toContain('avail.');
    expect(svg).toContain('V [m³]');
  });

  it('keeps its axes without points and escapes labels', () => {
    const svg = volumeChartSvg([{ label: '<x>', points: [{ duration: Number.NaN, volume: 1 }] }], { language: 'en', axisX: 'a & b', axisY: 'V' });
    expect(svg).not.toContain('<polyline');
    expect(svg).toContain('a &amp; b');
    expect(svg).not.toContain('<x>');
  });

  it('as pdfmake nodes: a canvas with the curve and the reference line, labels placed on it', () => {
    const node = volumeChartNode(
      [{ label: 'Tank', points: [{ duration: 5, volume: 1.5 }, { duration: 60, volume: 2.25 }, { duration: 1440, volume: 0 }] }],
      { language: 'de', axisX: 'D [min]', axisY: 'V [m³]', reference: { value: 3, label: 'vorh.' } },
    ) as { stack: Record<string, unknown>[]; unbreakable: boolean };
    expect(node.unbreakable).toBe(true);
    const canvas = node.stack[node.stack.length - 1]!['canvas'] as { type: string; points?: { x: number; y: number }[]; dash?: unknown }[];
    const curve = canvas.find((e) => e.type === 'polyline')!;
    expect(curve.points!.length).toBe(3);
    // durations grow to the right, volumes upwards
    expect(curve.points![0]!.x).toBeLessThan(curve.points![1]!.x);
    expect(curve.points![1]!.y).toBeLessThan(curve.points![2]!.y);
    expect(canvas.some((e) => e.type === 'line' && e.dash !== undefined)).toBe(true);
    const labels = node.stack.slice(0, -1).map((l) => l['text']);
    expect(labels).toEqual(expect.arrayContaining(['1.440', 'D [min]', 'V [m³]', 'vorh.', 'Tank']));
    for (const l of node.stack.slice(0, -1)) expect(l['relativePosition']).toBeDefined();
    const empty = volumeChartNode([], { language: 'en', axisX: 'x', axisY: 'y' }) as { stack: Record<string, unknown>[] };
    expect((empty.stack[empty.stack.length - 1]!['canvas'] as { type: string }[]).some((e) => e.type === 'polyline')).toBe(false);
  });

  it('scales drawings down to the page, never up', () => {
    expect(svgSize('<svg xmlns="x" width="100" height="50">', 515, 250)).toEqual({ width: 100, height: 50 });
    expect(svgSize('<svg xmlns="x" width="1030" height="100">', 515, 250)).toEqual({ width: 515, height: 50 });
    expect(svgSize('<svg>', 515, 250)).toEqual({ width: 515, height: 250 });
  });
});
