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

  it('give each of the codes 9-15 and 21-23 its own message in de and en', () => {
    for (const language of ['de', 'en'] as const) {
      const i18n = createI18n(language);
      const t = i18n.t.bind(i18n);
      const generic = t('errors:error.default');
      const texts = [9, 10, 11, 12, 13, 14, 15, 21, 22, 23].map((code) => translateNotice(t, { code }));
      for (const text of texts) expect(text).not.toBe(generic);
      expect(new Set(texts).size).toBe(texts.length);
    }
  });

  it('translate notices: error.{code}, message keys, default fallback', () => {
    const i18n = createI18n('en');
    const t = i18n.t.bind(i18n);
    expect(translateNotice(t, { code: 33 })).toBe('The administrator cannot leave the organization.');
    expect(translateNotice(t, { code: 4711 })).toBe('An error has occurred.');
    expect(translateNotice(t, { message: 'common:notices.saveSuccess' })).toBe('Saved.');
    expect(translateNotice(t, {})).toBe('An error has occurred.');
    expect(translateNotice(t, { code: 2, message: 'body/name must NOT have more than 100 characters' })).toBe('The input is not valid: body/name must NOT have more than 100 characters');
    expect(translateNotice(t, { code: 2 })).toBe('The input is not valid.');
    // A server rule with its own message key (decision 0071) in the product's words; unknown keys keep the detail.
    expect(translateNotice(t, { code: 2, message: 'body/password: passwordTooCommon (is one of the most common passwords)' })).toMatch(/^This password is one of the most common passwords/);
    expect(translateNotice(t, { code: 2, message: 'body/x: somethingElse (detail)' })).toBe('The input is not valid: body/x: somethingElse (detail)');
    void i18n.changeLanguage('de');
    expect(translateNotice(i18n.t.bind(i18n), { code: 33 })).toBe('Der Administrator kann die Organisation nicht verlassen.');
  });
});
