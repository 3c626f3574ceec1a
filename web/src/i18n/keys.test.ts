import { describe, expect, it } from 'vitest';
import { createI18n, resources, translateNotice } from './index.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix === '' ? key : `${prefix}.${key}`));
}

describe('translations', () => {
  it('have the same areas (files) in de and en', () => {
    expect(Object.keys(resources.en).sort()).toEqual(Object.keys(resources.de).sort());
  });

  for (const namespace of Object.keys(resources.de)) {
    it(`have the same keys in de and en: ${namespace}`, () => {
      expect(keys(resources.en[namespace]).sort()).toEqual(keys(resources.de[namespace]).sort());
    });
  }

  it('translate notices: error.{code}, message keys, default fallback', () => {
    const i18n = createI18n('en');
    const t = i18n.t.bind(i18n);
    expect(translateNotice(t, { code: 33 })).toBe('The administrator cannot leave the organization.');
    expect(translateNotice(t, { code: 4711 })).toBe('An error has occurred.');
    expect(translateNotice(t, { message: 'common:notices.saveSuccess' })).toBe('Saved.');
    expect(translateNotice(t, {})).toBe('An error has occurred.');
    void i18n.changeLanguage('de');
    expect(translateNotice(i18n.t.bind(i18n), { code: 33 })).toBe('Der Administrator kann die Organisation nicht verlassen.');
  });
});
