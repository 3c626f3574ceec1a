/**
 * i18next + react-i18next: German (default) and English, the choice stored in localStorage under
 * `rainplan.language` (see ../language.ts). Translations live in one JSON file per area and
 * language, `src/i18n/{de,en}/<area>.json`; each file is an i18next namespace named after the area
 * (`useTranslation('projects')`, or `t('projects:list.title')`). `common` is the default namespace.
 * Add a key to both languages: src/i18n/keys.test.ts fails when de and en differ.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, readStoredLanguage, storeLanguage, type Language } from '../language.ts';

type Resources = Record<Language, Record<string, Record<string, unknown>>>;

/**
 * The texts of the larger screens (dimensioning, configurator, documents, share) are loaded with
 * their routes, not with the login page: the login route's JavaScript stays within its 250 KB
 * budget (web bench). Routes that show them await `loadRouteTexts()` in their `lazy()` (routes.tsx);
 * everything else is bundled with the app. Decision 0109.
 */
export const ROUTE_NAMESPACES: readonly string[] = ['dimensioning', 'configurator', 'documents', 'share'];
const ROUTE_FILE = /^\.\/(?:de|en)\/(dimensioning|configurator|documents|share)\.json$/;

const coreFiles = import.meta.glob<Record<string, unknown>>(['./*/*.json', '!./*/dimensioning.json', '!./*/configurator.json', '!./*/documents.json', '!./*/share.json'], { eager: true, import: 'default' });
const routeFiles = import.meta.glob<Record<string, unknown>>(['./*/dimensioning.json', './*/configurator.json', './*/documents.json', './*/share.json'], { import: 'default' });

function addFile(target: Resources, file: string, content: Record<string, unknown>): { language: Language; namespace: string } | undefined {
  const match = /^\.\/(\w+)\/([\w-]+)\.json$/.exec(file);
  if (match === null) return undefined;
  const [, language, namespace] = match;
  if (language !== 'de' && language !== 'en') return undefined;
  target[language][namespace!] = content;
  return { language, namespace: namespace! };
}

/** The loaded translations as { de: { common: {...}, errors: {...} }, en: {...} } (route texts once loaded). */
export const resources: Resources = (() => {
  const result: Resources = { de: {}, en: {} };
  for (const [file, content] of Object.entries(coreFiles)) addFile(result, file, content);
  return result;
})();

/** Every i18next instance made by createI18n, so that route texts reach each one when they load. */
const instances = new Set<I18n>();
let routeTexts: Promise<void> | undefined;

/** Loads the route namespaces (both languages) once and adds them to every instance. */
export function loadRouteTexts(): Promise<void> {
  routeTexts ??= Promise.all(
    Object.entries(routeFiles).map(async ([file, load]) => {
      if (!ROUTE_FILE.test(file)) return;
      const content = await load();
      const added = addFile(resources, file, content);
      if (added === undefined) return;
      for (const instance of instances) instance.addResourceBundle(added.language, added.namespace, content, true, true);
    }),
  ).then(
    () => undefined,
    (error: unknown) => {
      routeTexts = undefined; // a failed chunk load may be retried by the next navigation
      throw error;
    },
  );
  return routeTexts;
}

/** Whether the route namespaces are there (tests and the share view check it). */
export const routeTextsLoaded = (): boolean => ROUTE_NAMESPACES.every((namespace) => resources.de[namespace] !== undefined);

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Creates and initialises an i18next instance (one per app; tests make their own). */
export function createI18n(language: Language = readStoredLanguage(browserStorage())): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(resources.de),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  instances.add(instance);
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
    storeLanguage(browserStorage(), lng === 'en' ? 'en' : 'de');
  });
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  return instance;
}

/** What a notice carries: a server error code, a message key or text. */
export interface NoticeText {
  readonly code?: number | undefined;
  readonly message?: string | undefined;
}

/**
 * The translated text of a notice (spec section 8): numeric codes map to `errors:error.{code}`,
 * other text maps directly (as a key, e.g. `notices:saveSuccess`), with a default as fallback.
 */
export function translateNotice(t: TFunction, notice: NoticeText, fallbackKey = 'errors:error.default'): string {
  const fallback = t(fallbackKey);
  // Code 2 (validation) carries the server's field message (e.g. "body/name must NOT have more
  // than 100 characters"): shown after the translated headline so the user knows what to fix.
  // A server rule with a message key of its own ("body/password: passwordTooCommon (…)", decision
  // 0071) is shown in the product's words.
  const fieldKey = notice.code === 2 ? /^[\w/]+: (\w+) \(/.exec(notice.message ?? '')?.[1] : undefined;
  if (fieldKey !== undefined && t(`errors:field.${fieldKey}`, { defaultValue: '' }) !== '') return t(`errors:field.${fieldKey}`);
  if (notice.code === 2 && notice.message !== undefined && notice.message.trim() !== '' && notice.message !== 'error' && notice.message !== 'error 2') {
    return t('errors:error.2detail', { detail: notice.message.trim(), defaultValue: fallback });
  }
  if (notice.code !== undefined && notice.code !== 0) return t(`errors:error.${notice.code}`, { defaultValue: fallback });
  if (notice.message !== undefined && notice.message !== '') return t(notice.message, { defaultValue: fallback });
  return fallback;
}
