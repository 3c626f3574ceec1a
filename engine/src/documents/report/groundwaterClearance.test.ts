/** The groundwater clearance in the dimensioning report (decision 0173). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../evaluate/evaluate.ts';
import type { Project } from '../../model/project.ts';
import { parseProject } from '../../project/parseProject.ts';
import { documentTranslator } from '../labels/index.ts';
import { groundwaterClearanceBlock, groundwaterSummaryRow } from './groundwaterClearance.ts';
import { reportDocument } from './reportDocument.ts';

const project = ((): Project => {
  const r = parseProject(readFileSync(new URL('../../../../fixtures/projects/groundwater-clearance.project.json', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors.slice(0, 2)));
  return r.project;
})();
const evaluation = evaluate(project);
const measure = (id: string) => evaluation.measures.find((m) => m.id === id)!;

/** Every text of a content tree, in order. */
function texts(content: unknown, out: string[] = []): string[] {
  if (typeof content === 'string') out.push(content);
  else if (Array.isArray(content)) for (const c of content) texts(c, out);
  else if (content !== null && typeof content === 'object') {
    const node = content as Record<string, unknown>;
    for (const key of ['text', 'stack', 'columns', 'ul', 'ol']) if (key in node) texts(node[key], out);
    if (node['table'] !== undefined) texts((node['table'] as { body: unknown }).body, out);
  }
  return out;
}

describe('report: groundwater clearance', () => {
  const de = { t: documentTranslator('report', 'de'), language: 'de' as const };
  const en = { t: documentTranslator('report', 'en'), language: 'en' as const };

  it('a derived base, MHGW, thickness, minimum with its clause and the verdict, in German and English', () => {
    expect(texts(groundwaterClearanceBlock(measure('m-mulde'), de))).toEqual([
      'Grundwasserabstand',
      'Sohlhöhe 519,70 m = Geländehöhe 520,00 m − Tiefe 0,30 m',
      'MHGW 518,50 m; Sickerraum 1,20 m, gefordert mindestens 1,00 m (DWA-A 138-1:2024 section 5.3)',
      'Grundwasserabstand:',
      ' ',
      de.t('result.pass'),
      'Höhen in m über dem Bezugshorizont des Projekts (m NHN).',
      '',
    ]);
    const fail = texts(groundwaterClearanceBlock(measure('m-rigole-seiten-dicht'), en));
    expect(fail).toContain('Base level 518.54 m = ground level 520.00 m − depth 1.46 m');
    expect(fail).toContain('MHGW 517.60 m; seepage zone 0.94 m, required at least 1.00 m (DWA-A 138-1:2024 section 5.3)');
    expect(fail).toContain(en.t('result.fail'));
    expect(texts(groundwaterClearanceBlock(measure('m-rohrrigole'), en))).toContain('Base level 518.90 m (entered)');
  });

  it('without MHGW: "not checked" naming the missing fields, never a pass', () => {
    const lines = texts(groundwaterClearanceBlock(measure('m-rigole-drossel'), de));
    expect(lines).toContain('Nicht geprüft: MHGW, Geländehöhe, Überdeckung fehlt (gefordert: Sickerraum von mindestens 1,00 m über MHGW, DWA-A 138-1:2024 section 5.3).');
    expect(lines).not.toContain(de.t('result.pass'));
  });

  it('nothing for a measure that does not infiltrate; the summary counts the checks', () => {
    expect(groundwaterClearanceBlock({ ...measure('m-mulde'), groundwaterClearance: null }, de)).toBeNull();
    expect(groundwaterSummaryRow(evaluation.summary, en.t)).toEqual(['Groundwater clearance', '3 met, 3 not met, 3 not checked']);
    expect(groundwaterSummaryRow({ ...evaluation.summary, groundwaterClearance: { pass: 0, fail: 0, incomplete: 0 } }, en.t)).toBeNull();
  });

  it('appears in the measure sections and the summary of the whole report; the failed check is in the measure issues', () => {
    const definition = reportDocument({ project, evaluation }, { language: 'en', now: new Date('2026-12-01T10:00:00Z'), appVersion: '9.9.9' });
    const all = texts(definition.content).join('\n');
    expect(all).toContain('MHGW 518.50 m; seepage zone 1.20 m, required at least 1.00 m (DWA-A 138-1:2024 section 5.3)');
    expect(all).toContain('3 met, 3 not met, 3 not checked');
    expect(all).toContain('The seepage zone above MHGW is 0.94 m, less than 1 m (DWA-A 138-1:2024 section 5.3).');
  });
});
