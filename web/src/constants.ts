/** Business constants of the web app (platform spec section 9). */
export const APP_VERSION = '1.0.5';
export const CHANGELOG_STORAGE_KEY = 'rainplan.changelogVersion';
/** "All" in page-size choices: the maximum 32-bit integer. */
export const PAGE_SIZE_ALL = 2147483647;
export const PAGE_SIZES = [10, 20, 50, PAGE_SIZE_ALL] as const;
export const ERROR_NOTICE_MS = 5000;
export const TOP_NOTIFICATION_MS = 10000;
export const LOADING_MARKER_DELAY_MS = 100;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 300;
export const MAP_DEFAULT_ZOOM = 16;
export const PASSWORD_MIN_LENGTH = 12;
/** The spec's breakpoints in px; the same values are CSS custom media in src/styles/breakpoints.css. */
export const BREAKPOINTS = { mobile: 0, desktop: 1000, desktopM: 1200, desktopL: 1440, desktopXL: 1920 } as const;
