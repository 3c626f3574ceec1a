import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENGINE_VERSION } from './version.ts';

const readJson = <T,>(relative: string): T => JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as T;

describe('ENGINE_VERSION', () => {
  it('equals the package version', () => {
    expect(ENGINE_VERSION).toBe(readJson<{ version: string }>('../package.json').version);
  });

  it('is the version every workspace package depends on (a mismatch makes npm look for the engine in the registry)', () => {
    for (const dependent of ['api', 'engine-cli', 'web']) {
      const pkg = readJson<{ dependencies?: Record<string, string> }>(`../../${dependent}/package.json`);
      expect(pkg.dependencies?.['@rainplan/engine'], dependent).toBe(ENGINE_VERSION);
    }
  });
});
