// @vitest-environment node
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSurfaceRows } from '@rainplan/engine';
import { decodeText, readCsvRows } from './readSpreadsheet.ts';
import { fileTemplates } from './fileTemplates.ts';
import { SURFACE_TEMPLATE_FILES } from './templateFiles.ts';

const dir = new URL('../../public/file-templates/', import.meta.url);
const templates = fileTemplates();

describe('web/public/file-templates', () => {
  if (process.env['UPDATE_FILE_TEMPLATES'] === '1') {
    mkdirSync(dir, { recursive: true });
    for (const [name, content] of Object.entries(templates)) writeFileSync(new URL(name, dir), content);
  }

  it.each(Object.keys(templates))('%s is what the engine writes (UPDATE_FILE_TEMPLATES=1 regenerates it)', (name) => {
    expect(readFileSync(new URL(name, dir), 'utf8')).toBe(templates[name]);
  });

  it('the names the dialog links to exist', () => {
    expect(Object.keys(templates).sort()).toEqual(Object.values(SURFACE_TEMPLATE_FILES).sort());
  });

  it('the empty templates read back through the upload path: ok, no rows', async () => {
    for (const file of Object.values(SURFACE_TEMPLATE_FILES)) {
      const rows = await readCsvRows(decodeText(readFileSync(new URL(file, dir))));
      expect(parseSurfaceRows(rows)).toEqual({ ok: true, surfaces: [], warnings: [] });
    }
  });
});
