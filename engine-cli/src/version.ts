import { readFileSync } from 'node:fs';

/**
 * Version of this CLI package, read from its package.json (one level above both src/ and dist/,
 * so the same code works from sources under vitest and from the build).
 */
export const CLI_VERSION: string = (() => {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : 'unknown';
  } catch {
    return 'unknown';
  }
})();
