/**
 * The drawing descriptions of `GET /Documents/images/{id}` carry translation keys
 * (`documents.drawing.topView|frontView|sideView|depiction`, api/src/routes/documents/index.ts):
 * each has a German and an English text in the documents namespace.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/index.ts';

describe('drawing translation keys', () => {
  it('every documents.drawing.* key the api answers is translated in de and en', () => {
    const source = readFileSync(path.resolve(process.cwd(), '../api/src/routes/documents/index.ts'), 'utf8');
    const keys = new Set([...source.matchAll(/documents\.drawing\.([A-Za-z]+)/g)].map((m) => m[1] ?? ''));
    // the views are written as `${view}View`
    if (source.includes('documents.drawing.${view}View')) for (const view of ['top', 'front', 'side']) keys.add(`${view}View`);
    keys.delete('');
    expect([...keys].sort()).toEqual(['depiction', 'frontView', 'sideView', 'topView']);
    const de = createI18n('de');
    const en = createI18n('en');
    for (const key of keys) {
      const deText = de.t(`documents:drawing.${key}`);
      const enText = en.t(`documents:drawing.${key}`);
      expect(deText, key).not.toBe(`drawing.${key}`);
      expect(enText, key).not.toBe(`drawing.${key}`);
      expect(deText).not.toBe(enText);
    }
    expect(de.t('documents:drawing.depiction')).toBe('Isometrische Darstellung');
    expect(en.t('documents:drawing.depiction')).toBe('Isometric depiction');
  });
});
