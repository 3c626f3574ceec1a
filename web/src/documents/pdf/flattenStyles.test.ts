/**
 * flattenStyles: a node's named styles become its own properties, by pdfmake's precedence, where
 * that cannot change the PDF; and the documents rendered with and without it are the same bytes
 * (pdfmake's browser build, as the documents worker renders them).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProject, type Project } from '@rainplan/engine';
import { documentTranslator, massListModel, massListPdf, parseBranding, reportDocument, reportInputs } from '@rainplan/engine/documents';
import { flattenStyles } from './flattenStyles.ts';
import { renderPdf } from './renderPdf.ts';
import { warmUpDefinition } from './warmUp.ts';

const REPO = path.resolve(process.cwd(), '..');

const fixture = (name: string): Project => {
  const r = parseProject(readFileSync(path.join(REPO, 'fixtures/projects', `${name}.project.json`), 'utf8'));
  if (!r.ok) throw new Error(name);
  return r.project;
};

const styles = {
  h2: { fontSize: 13, bold: true, color: '#123456', margin: [0, 10, 0, 4] },
  table: { fontSize: 8 },
  note: { italics: true, color: '#777777' },
  side: { marginLeft: 5 },
  child: { extends: 'table', bold: true },
};

const flat = (content: unknown, more: object = {}) => (flattenStyles({ styles, content, ...more }) as { content: unknown }).content;

describe('flattenStyles', () => {
  it("gives a node its style's values, its own values first and the last named style before the ones it names earlier", () => {
    expect(flat({ text: 'A', style: 'h2' })).toEqual({ text: 'A', fontSize: 13, bold: true, color: '#123456', margin: [0, 10, 0, 4] });
    expect(flat({ text: 'A', style: 'h2', color: 'red', bold: null })).toEqual({ text: 'A', fontSize: 13, bold: true, color: 'red', margin: [0, 10, 0, 4] });
    expect(flat({ text: 'A', style: ['note', 'table', 'h2'] })).toEqual({ text: 'A', italics: true, color: '#123456', fontSize: 13, bold: true, margin: [0, 10, 0, 4] });
    expect(flat({ text: 'A', style: ['h2', 'note'] })).toMatchObject({ color: '#777777', fontSize: 13 });
  });

  it('walks tables, stacks, columns and text pieces, and keeps a table layout as it is', () => {
    const layout = { hLineWidth: () => 0 };
    expect(flat([{ table: { body: [[{ text: 'x', style: 'table' }, { stack: [{ text: [{ text: 'y', style: 'note' }] }] }]] }, layout, style: 'table' }])).toEqual([
      { table: { body: [[{ text: 'x', fontSize: 8 }, { stack: [{ text: [{ text: 'y', italics: true, color: '#777777' }] }] }]] }, layout, fontSize: 8 },
    ]);
    expect((flat([{ table: { body: [] }, layout }]) as [{ layout: unknown }])[0].layout).toBe(layout);
  });

  it("leaves a node as it is where pdfmake's margin rule or an unknown or extending style could tell the two apart", () => {
    for (const node of [
      { text: 'A', style: 'side' },
      { text: 'A', style: ['h2', 'h2'] },
      { text: 'A', style: 'h2', marginTop: 3 },
      { text: 'A', style: 'h2', margin: 2 },
      { text: 'A', style: 'unknown' },
      { text: 'A', style: 'child' },
      { text: 'A', style: [] },
    ])
      expect(flat(node)).toEqual(node);
    // a style without margins on a node with its own margin is fine
    expect(flat({ text: 'A', style: 'table', margin: 2 })).toEqual({ text: 'A', fontSize: 8, margin: 2 });
  });

  it("resolves what the page functions (header, footer) give and does not change the caller's definition", () => {
    const definition = { styles, content: [{ text: 'A', style: 'h2' }], footer: (page: number) => ({ text: `${page}`, style: 'note' }) };
    const out = flattenStyles(definition) as typeof definition;
    expect(out.footer(3)).toEqual({ text: '3', italics: true, color: '#777777' });
    expect(definition.content[0]).toEqual({ text: 'A', style: 'h2' });
    expect(out.styles).toBe(styles);
  });

  it('renders the report (with drawings, bill, branding and contents), the mass list and the warm-up PDF to the same bytes as their named styles', async () => {
    const branding = parseBranding(readFileSync(path.join(REPO, 'fixtures/branding/demo/branding.json'), 'utf8'), readFileSync(path.join(REPO, 'fixtures/branding/demo/logo.svg'), 'utf8'));
    if (!branding.ok) throw new Error('demo branding');
    const project = fixture('box-configurations');
    const inputs = reportInputs(project, { language: 'de', bill: null });
    const now = new Date('2026-11-25T00:00:00Z');
    // pdfmake writes into the nodes it lays out (a second render of one definition differs): each render gets a new one
    const report = () => reportDocument({ project, evaluation: inputs.evaluation }, { language: 'de', now, appVersion: 'test', planner: 'Erika Muster', branding: branding.branding, configurations: inputs.configurations, bill: inputs.bill });
    expect(inputs.configurations.length).toBeGreaterThan(0);
    const bill = inputs.bill ?? { massListGroups: [], totalPrice: null, currency: 'EUR', language: 'de', groupBy: 'none', issues: [] };
    const massList = () => massListPdf(massListModel({ bill: bill as never, projectName: 'Kita', scope: { kind: 'project' }, date: now, t: documentTranslator('masslist', 'de') }), { branding: branding.branding });
    for (const [name, definition] of [
      ['report', report],
      ['mass list', massList],
      ['warm-up', warmUpDefinition],
    ] as const) {
      const named = await renderPdf(definition(), { styles: 'named' });
      const flattened = await renderPdf(definition());
      expect(named.length, name).toBeGreaterThan(1000);
      expect(Buffer.from(flattened).equals(Buffer.from(named)), name).toBe(true);
    }
    // the report names styles, and the flattened one names none it could resolve
    expect(JSON.stringify(report().content)).toContain('"style":"h1"');
    expect(JSON.stringify((flattenStyles(report()) as { content: unknown }).content)).not.toContain('"style":"h1"');
  }, 120_000);
});
