/**
 * `--branding <dir>` of the document commands (`report`, `masslist`): the operator's branding
 * folder — `branding.json` and the SVG logo it names (docs/branding.md) — read and checked by the
 * engine's `parseBranding`, as the api does with `BRANDING_DIR` at start. Absent: no branding.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BRANDING_FILE, brandingErrorText, parseBranding, type Branding } from '@rainplan/engine/documents';
import { UserError, describeFsError } from './io.ts';

/** The branding of `dir` (relative to `cwd`), null without `--branding`; a usage error names what is wrong. */
export async function loadBrandingDir(command: string, dir: string | undefined, cwd: string): Promise<Branding | null> {
  if (dir === undefined) return null;
  if (dir.trim() === '') throw new UserError(`${command}: --branding needs a folder`, { usageHint: command });
  const folder = path.resolve(cwd, dir);
  let json: string;
  try {
    json = await readFile(path.join(folder, BRANDING_FILE), 'utf8');
  } catch (e) {
    throw new UserError(`${command}: cannot read ${path.join(dir, BRANDING_FILE)}: ${describeFsError(e)}`);
  }
  let logoName: unknown;
  try {
    logoName = (JSON.parse(json) as { logo?: unknown }).logo;
  } catch {
    logoName = undefined;
  }
  // only a plain file name inside the folder (no path, no hidden file)
  const logo = typeof logoName === 'string' && /^[^/\\.][^/\\]*$/.test(logoName) ? await readFile(path.join(folder, logoName), 'utf8').catch(() => undefined) : undefined;
  const parsed = parseBranding(json, logo);
  if (!parsed.ok) throw new UserError(`${command}: the branding in ${dir} is not usable:\n${brandingErrorText(parsed.errors)}`);
  return parsed.branding;
}
