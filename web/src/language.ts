/**
 * Interface language of the web app: German by default, English as the option (spec, part 1,
 * section 1). The choice is stored in the browser under {@link LANGUAGE_STORAGE_KEY}.
 * Pure functions; the component passes `window.localStorage` in.
 */
export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'de';
export const LANGUAGE_STORAGE_KEY = 'rainplan.language';

/** The subset of the Web Storage API the language functions use. */
export type LanguageStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored or requested value as a language; anything unknown falls back to German. */
export function parseLanguage(value: string | null | undefined): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The other language: de ↔ en. */
export function toggleLanguage(language: Language): Language {
  return language === 'de' ? 'en' : 'de';
}

/** The stored choice, or German when there is none, it is unknown or storage is unavailable. */
export function readStoredLanguage(storage: LanguageStorage | undefined): Language {
  try {
    return parseLanguage(storage?.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Stores the choice; a full or blocked storage is ignored (the choice then lasts this visit). */
export function storeLanguage(storage: LanguageStorage | undefined, language: Language): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can throw (quota, privacy settings); the in-memory choice still applies.
  }
}
