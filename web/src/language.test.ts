import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  parseLanguage,
  readStoredLanguage,
  storeLanguage,
  toggleLanguage,
  type LanguageStorage,
} from './language.ts';

function memoryStorage(initial: Record<string, string> = {}): LanguageStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

const throwingStorage: LanguageStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('language', () => {
  it('defaults to German', () => {
    expect(DEFAULT_LANGUAGE).toBe('de');
    expect(readStoredLanguage(memoryStorage())).toBe('de');
    expect(readStoredLanguage(undefined)).toBe('de');
  });

  it('toggles de ↔ en and back', () => {
    expect(toggleLanguage('de')).toBe('en');
    expect(toggleLanguage('en')).toBe('de');
    for (const language of LANGUAGES) expect(toggleLanguage(toggleLanguage(language))).toBe(language);
  });

  it('parses only known languages', () => {
    expect(parseLanguage('en')).toBe('en');
    expect(parseLanguage('de')).toBe('de');
    expect(parseLanguage('EN')).toBe('de');
    expect(parseLanguage('fr')).toBe('de');
    expect(parseLanguage(null)).toBe('de');
    expect(parseLanguage(undefined)).toBe('de');
  });

  it('stores the choice under rainplan.language and reads it back', () => {
    const storage = memoryStorage();
    storeLanguage(storage, 'en');
    expect(LANGUAGE_STORAGE_KEY).toBe('rainplan.language');
    expect(storage.data).toEqual({ 'rainplan.language': 'en' });
    expect(readStoredLanguage(storage)).toBe('en');
    storeLanguage(storage, toggleLanguage('en'));
    expect(readStoredLanguage(storage)).toBe('de');
  });

  it('ignores unknown stored values and failing storage', () => {
    expect(readStoredLanguage(memoryStorage({ 'rainplan.language': 'xx' }))).toBe('de');
    expect(readStoredLanguage(throwingStorage)).toBe('de');
    expect(() => storeLanguage(throwingStorage, 'en')).not.toThrow();
  });
});
