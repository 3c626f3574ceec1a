/** GET /api/Branding and BRANDING_DIR: the demo branding by default, an operator's folder validated at start with a clear message. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BRANDING_DIR, loadBranding } from '../branding.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let testApp: TestApp;
const tmp = mkdtempSync(path.join(tmpdir(), 'rainplan-branding-'));
beforeAll(async () => {
  testApp = await startTestApp();
}, 60_000);
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await testApp?.close();
});

describe('GET /api/Branding', () => {
  it('answers the demo branding to anyone: logo, four regions of invented contacts that say so, the footer links', async () => {
    const response = await testApp.client().get('/api/Branding');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const body = response.json() as { company: string; logoSvg: string; regions: { contacts: { email: string }[] }[]; links: Record<string, unknown>; demo: boolean; notice: { de: string } };
    expect(body.demo).toBe(true);
    expect(body.notice.de).toContain('erfunden');
    expect(body.regions).toHaveLength(4);
    expect(body.logoSvg).toContain('<svg');
    for (const key of ['news', 'downloads', 'priceList', 'technicalInformation', 'cadDrawings', 'tenderTextsDe', 'tenderTextsEn', 'country', 'social', 'appStores', 'imprint', 'privacy', 'terms', 'contact']) expect(body.links).toHaveProperty(key);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await testApp.client().post('/api/Branding', {})).statusCode).toBe(405);
  });
});

describe('BRANDING_DIR', () => {
  const write = (name: string, json: unknown, logo: string | null = readFileSync(path.join(DEMO_BRANDING_DIR, 'logo.svg'), 'utf8')) => {
    const dir = path.join(tmp, name);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'branding.json'), typeof json === 'string' ? json : JSON.stringify(json));
    if (logo !== null) writeFileSync(path.join(dir, 'logo.svg'), logo);
    return dir;
  };
  const demoJson = JSON.parse(readFileSync(path.join(DEMO_BRANDING_DIR, 'branding.json'), 'utf8')) as Record<string, unknown>;

  it("reads an operator's branding folder", () => {
    const dir = write('own', { ...demoJson, company: 'Eigene GmbH', demo: false, notice: null });
    expect(loadBranding(dir)).toMatchObject({ company: 'Eigene GmbH', demo: false, notice: null });
    const config = loadConfig({ BRANDING_DIR: dir, DATA_DIR: path.join(tmp, 'data') });
    expect(config.branding?.company).toBe('Eigene GmbH');
  });

  it('refuses to start with a message that names the file, the JSON path and what to fix', () => {
    const env = (dir: string) => ({ BRANDING_DIR: dir, DATA_DIR: path.join(tmp, 'data') });
    expect(() => loadConfig(env(path.join(tmp, 'missing')))).toThrow(ConfigError);
    expect(() => loadConfig(env(path.join(tmp, 'missing')))).toThrow(/branding\.json not found/);
    expect(() => loadConfig(env(write('broken', '{ nope')))).toThrow(/\$: not JSON/);
    expect(() => loadConfig(env(write('three', { ...demoJson, regions: (demoJson['regions'] as unknown[]).slice(0, 3) })))).toThrow(/\$\.regions: must be a list of exactly 4 regions/);
    expect(() => loadConfig(env(write('nologo', demoJson, null)))).toThrow(/\$\.logo: logo file "logo\.svg" not found/);
    expect(() => loadConfig(env(write('escape', { ...demoJson, logo: '../../etc/passwd' })))).toThrow(/\$\.logo/);
  });
});
