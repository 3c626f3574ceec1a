import { compareVariants, type Project } from '@rainplan/engine';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVariantsPdf } from './variantsPdf.ts';

describe('createVariantsPdf', () => {
  it('makes the PDF on the main thread when no worker can start, named by the engine', async () => {
    const project = JSON.parse(readFileSync(path.resolve(process.cwd(), '../fixtures/projects/minimal.project.json'), 'utf8')) as Project;
    const measure = project.waterflow.measures[0]!;
    const comparison = compareVariants(project, measure.id);
    const file = await createVariantsPdf({ comparison, projectName: 'Schule', language: 'de-DE', now: new Date(Date.UTC(2026, 10, 28)) }, () => undefined);
    expect(file.fileName).toBe(`Variantenvergleich_${measure.name.replace(/\s+/g, '_')}_2026-11-28.pdf`);
    expect(file.blob.type).toBe('application/pdf');
    const head = new TextDecoder().decode(new Uint8Array(await file.blob.arrayBuffer()).slice(0, 5));
    expect(head).toBe('%PDF-');
  });
});
