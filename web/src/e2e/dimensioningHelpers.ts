/**
 * Helpers of the dimensioning browser tests: an api session in node (cookie + anti-forgery
 * token) for setup calls, rain data (DWD's KOSTRA-DWD-2010R import when ../shared/data has it,
 * else custom rain data), react-aria form helpers for playwright, and the engine's evaluation of
 * a project as the api stores it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Evaluation, Project, RainData, TreatmentFacility, Waterflow } from '@rainplan/engine';
import { REPO_DIR, type E2eApp, type TestUser } from './harness.ts';

export interface ApiSession {
  request<T = unknown>(method: string, pathname: string, body?: unknown): Promise<T>;
  upload(pathname: string, files: readonly { name: string; bytes: Uint8Array }[]): Promise<unknown>;
}

/** Logs in through the api from node; requests carry the session cookie and the anti-forgery token. */
export async function apiSession(app: E2eApp, user: TestUser): Promise<ApiSession> {
  const login = await fetch(app.url('/api/User/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }) });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = await fetch(app.url('/api/User'), { headers: { cookie } });
  const { token } = (await me.json()) as { token: string };
  const headers = { cookie, 'X-XSRF-TOKEN': token };
  const answer = async (response: Response) => {
    const text = await response.text();
    if (!response.ok) throw new Error(`${response.url}: ${response.status} ${text}`);
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  };
  return {
    request: async <T,>(method: string, pathname: string, body?: unknown) =>
      (await answer(
        await fetch(app.url(pathname), {
          method,
          headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      )) as T,
    upload: async (pathname, files) => {
      const form = new FormData();
      for (const file of files) form.append('files', new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
      return answer(await fetch(app.url(pathname), { method: 'POST', headers, body: form }));
    },
  };
}

export const KOSTRA_2010R_DIR = path.join(REPO_DIR, '..', 'shared', 'data', 'kostra-dwd-2010r');

export function kostra2010RPresent(): boolean {
  return existsSync(path.join(KOSTRA_2010R_DIR, 'StatRR_KOSTRA-DWD-2010R_grid.shp'));
}

export function kostra2010RFiles(): { name: string; bytes: Uint8Array }[] {
  return readdirSync(KOSTRA_2010R_DIR)
    .filter((name) => /\.(dbf|shp|shx|prj)$/.test(name))
    .map((name) => ({ name, bytes: readFileSync(path.join(KOSTRA_2010R_DIR, name)) }));
}

/** Custom rain data of plausible Munich magnitude (r in l/(s·ha), every annuality and duration). */
export function customRainData() {
  const durations = [5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 540, 720, 1080, 1440, 2880, 4320, 5760, 7200, 8640, 10080];
  return {
    raindataSeries: [1, 2, 3, 5, 10, 20, 30, 50, 100].map((annuality) => ({
      annuality,
      valuesForDurations: durations.map((duration) => ({ duration, value: Math.round((2600 / (duration + 9)) * (0.6 + 0.22 * Math.log(annuality)) * 100 + 500 / (duration + 30)) / 100 })),
    })),
  };
}

/** Chooses an option of the react-aria Select labelled `label` (exact label text). */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const field = page.locator('.rp-select').filter({ has: page.locator('.rp-field__label', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
  // opened from the keyboard: a quick mouse click (pointerdown + up at once) does not always open react-aria's popover under load
  const button = field.getByRole('button').first();
  for (let i = 0; i < 100 && !(await button.isEnabled()); i++) await page.waitForTimeout(100);
  await button.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Types into the number/text field labelled `label` (replacing its text). */
export async function type(page: Page, label: string, text: string): Promise<void> {
  await page.getByRole('textbox', { name: label, exact: true }).fill(text);
}

/** Ticks the checkbox with this label text in the editor. */
export async function tick(page: Page, label: string): Promise<void> {
  await page.locator('label.rp-checkbox', { hasText: label }).first().click();
}

export async function heading(page: Page, text: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text }).waitFor();
}

/** The project as the api stores it, as an engine project file (for `evaluate`). */
export async function storedProject(session: ApiSession, projectId: string): Promise<Project> {
  const [detail, waterflow, rain, facilities] = await Promise.all([
    session.request<{ name: string; location: { latitude: number; longitude: number; address: string | null } | null; airPollution: string | null; ruleEdition: string }>('GET', `/api/Project/${projectId}`),
    session.request<Waterflow & Record<string, unknown>>('GET', `/api/Project/${projectId}/waterflow`),
    session.request<RainData & { kostraCell: RainData['kostraCell'] | null }>('GET', `/api/Project/${projectId}/raindata`),
    session.request<TreatmentFacility[]>('GET', '/api/Project/purificationFacilities'),
  ]);
  // the node answers' read-only fields (version; a measure's rain uncertainty band, decision 0213) are not part of the file
  const strip = <T extends object>(node: T) => {
    const { version: _v, uncertaintyBand: _band, uncertaintyBandReason: _reason, ...rest } = node as T & { version?: number; uncertaintyBand?: unknown; uncertaintyBandReason?: unknown };
    return rest as T;
  };
  const { kostraCell, ...rainRest } = rain;
  return {
    schemaVersion: 4,
    project: {
      name: detail.name,
      ...(detail.location === null ? {} : { location: detail.location }),
      ...(detail.airPollution === null ? {} : { airPollution: detail.airPollution as 'L2' }),
      ruleEdition: detail.ruleEdition as 'DWA-A 138-1:2024',
    },
    rainData: { ...rainRest, ...(kostraCell === null ? {} : { kostraCell }) },
    purificationFacilities: facilities,
    waterflow: { sealedSurfaces: waterflow.sealedSurfaces.map(strip), purifications: waterflow.purifications.map(strip), measures: waterflow.measures.map(strip) },
  } as Project;
}

/**
 * `rainplan evaluate --format json` (the engine CLI, built by turbo before the web tests) on a
 * project file: what an engineer gets from the exported project on the command line.
 */
export async function cliEvaluate(project: Project): Promise<Evaluation> {
  const bin = path.join(REPO_DIR, 'engine-cli', 'bin', 'rainplan.js');
  if (!existsSync(path.join(REPO_DIR, 'engine-cli', 'dist', 'main.js'))) {
    throw new Error('The rainplan CLI is not built: run `npm run build` (npm test builds it first).');
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'rainplan-e2e-cli-'));
  try {
    const file = path.join(dir, 'project.rainplan.json');
    await writeFile(file, JSON.stringify(project));
    const run = spawnSync(process.execPath, [bin, 'evaluate', '--format', 'json', file], { encoding: 'utf8' });
    // Exit 0 (clean) or 1 (the project has error issues) both print the evaluation.
    if (run.status !== 0 && run.status !== 1) throw new Error(`rainplan evaluate exited ${String(run.status)}: ${run.stderr}`);
    return JSON.parse(run.stdout) as Evaluation;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
