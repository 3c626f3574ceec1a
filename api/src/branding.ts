/**
 * The operator's branding (docs/branding.md): `BRANDING_DIR` names a folder with `branding.json`
 * and its SVG logo, read and validated once at start (a clear message names the file, the JSON
 * path and what to fix); without it the repository's demo branding (fixtures/branding/demo, whose
 * contacts are invented and say so). GET /api/Branding answers it to the web app (footer, report,
 * mass-list PDFs).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BRANDING_FILE, brandingErrorText, parseBranding, type Branding } from '@rainplan/engine/documents';

/** The repository's demo branding. */
export const DEMO_BRANDING_DIR = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'branding', 'demo');

/** Why a branding folder cannot be used (start-up refuses with this message). */
export class BrandingError extends Error {
  override readonly name = 'BrandingError';
}

const read = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** Reads and validates the branding in `dir`; throws a BrandingError that says what to fix. */
export function loadBranding(dir: string): Branding {
  const file = path.join(dir, BRANDING_FILE);
  const json = read(file);
  if (json === undefined) throw new BrandingError(`BRANDING_DIR ${dir}: ${BRANDING_FILE} not found or not readable (docs/branding.md)`);
  const logoName = (() => {
    try {
      const v = (JSON.parse(json) as { logo?: unknown }).logo;
      return typeof v === 'string' && v.trim() !== '' && !v.includes('/') && !v.includes('\\') && !v.startsWith('.') ? v.trim() : undefined;
    } catch {
      return undefined;
    }
  })();
  const logo = logoName === undefined ? undefined : read(path.join(dir, logoName));
  const result = parseBranding(json, logo);
  if (!result.ok) throw new BrandingError(`BRANDING_DIR ${dir}: the branding is not usable (docs/branding.md):\n${brandingErrorText(result.errors, file)}`);
  return result.branding;
}

let demo: Branding | undefined;
/** The demo branding, read once (tests and a config without BRANDING_DIR). */
export function demoBranding(): Branding {
  demo ??= loadBranding(DEMO_BRANDING_DIR);
  return demo;
}
