/**
 * Web bench (issue 6 §5), `npm run bench` in web:
 *  1. production build with a Vite manifest; JavaScript per route (the entry chunk and the route
 *     module with every statically imported chunk, gzipped) — the login route (/) must stay at or
 *     below 250 KB gzipped (exit code 1 otherwise);
 *  2. time to interactive of the project list with 1,000 projects in headless Chromium: the real
 *     api on PGlite (seeded through POST /api/Project) serving the build, measured from navigation
 *     until the first row's expand button has been pressed and its details are shown.
 * Figures are recorded in docs/performance.md ("Web").
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { chromiumAvailable, createConfirmedUser, signIn, startE2eApp, WEB_DIR } from '../src/e2e/harness.ts';

const LOGIN_BUDGET_KB = 250;
const PROJECTS = Number(process.env['BENCH_PROJECTS'] ?? 1000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);

interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Route → module, as in src/router/routes.tsx. */
const ROUTES: readonly [string, string][] = [
  ['/ (login)', 'src/routes/Landing.tsx'],
  ['/authentication/registration', 'src/routes/auth/Registration.tsx'],
  ['/projects/projects', 'src/routes/projects/ProjectList.tsx'],
  ['/projects/supportProjects', 'src/routes/projects/SupportProjectList.tsx'],
  ['/project/new', 'src/routes/project/NewProject.tsx'],
  ['/project/:id (layout)', 'src/routes/project/ProjectLayout.tsx'],
  ['/project/:id/projectData', 'src/routes/project/ProjectData.tsx'],
  ['/project/:id/dimensioning', 'src/routes/dimensioning/DimensioningLayout.tsx'],
  ['/project/:id/configurator', 'src/routes/configurator/Configurator.tsx'],
  ['/project/:id/documents', 'src/routes/documents/Documents.tsx'],
  ['/user/account', 'src/routes/user/Account.tsx'],
  ['/admin/users', 'src/routes/admin/AdminUsers.tsx'],
];

function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || manifest[key] === undefined) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

/** Strings only these libraries contain (OpenLayers' viewport class, exceljs' workbook part, a papaparse error code). */
const HEAVY_MARKERS: Readonly<Record<string, string>> = { ol: 'ol-viewport', exceljs: 'xl/workbook.xml', papaparse: 'UndetectableDelimiter' };

async function bundleSizes(): Promise<{ rows: { route: string; rawKb: number; gzipKb: number; files: number }[]; loginGzipKb: number; heavy: string[] }> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'rainplan-bench-web-'));
  try {
    await build({ root: WEB_DIR, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
    const manifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry === true)?.[0];
    if (entry === undefined) throw new Error('no entry chunk in the manifest');
    const sizes = new Map<string, { raw: number; gzip: number }>();
    const sizeOf = async (file: string) => {
      const known = sizes.get(file);
      if (known !== undefined) return known;
      const bytes = await readFile(path.join(outDir, file));
      const size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizes.set(file, size);
      return size;
    };
    const rows = [];
    for (const [route, module] of ROUTES) {
      if (manifest[module] === undefined) continue;
      const files = [...closure(manifest, [entry, module])].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
      let raw = 0;
      let gzip = 0;
      for (const file of files) {
        const size = await sizeOf(file);
        raw += size.raw;
        gzip += size.gzip;
      }
      rows.push({ route, rawKb: raw / 1024, gzipKb: gzip / 1024, files: files.length });
    }
    const loginGzipKb = rows.find((row) => row.route.startsWith('/ '))?.gzipKb ?? Number.NaN;
    // the heavy libraries must not reach the login route (they load lazily with their screens)
    const loginFiles = [...closure(manifest, [entry, 'src/routes/Landing.tsx'])].map((key) => manifest[key]!.file);
    const loginText = (await Promise.all(loginFiles.map((file) => readFile(path.join(outDir, file), 'utf8')))).join('\n');
    const heavy = Object.entries(HEAVY_MARKERS)
      .filter(([, marker]) => loginText.includes(marker))
      .map(([name]) => name);
    return { rows, loginGzipKb, heavy };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function projectListTti(): Promise<{ pageSize: string; medianMs: number; runs: number[] }[]> {
  const app = await startE2eApp();
  try {
    const user = await createConfirmedUser(app, 'bench@example.com', 'Bruno Bench');
    const seedPage = await app.newPage();
    await signIn(seedPage, app, user);
    const { token } = (await (await seedPage.request.get(app.url('/api/User'))).json()) as { token: string };
    const started = performance.now();
    for (let i = 0; i < PROJECTS; i += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, PROJECTS - i) }, async (_, k) => {
          const n = i + k + 1;
          const response = await seedPage.request.post(app.url('/api/Project'), {
            headers: { 'X-XSRF-TOKEN': token },
            data: {
              project: { name: `Projekt ${String(n).padStart(4, '0')}`, airPollutionType: 'L1', comment: n % 3 === 0 ? 'Hof und Dach' : null },
              location: { latitude: 48.1 + n / 10_000, longitude: 11.5 + n / 10_000, address: `Musterstraße ${n}, 80331 München` },
            },
          });
          if (!response.ok()) throw new Error(`seeding project ${n}: ${response.status()} ${await response.text()}`);
        }),
      );
    }
    console.log(`seeded ${PROJECTS} projects in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // every measured page starts in a fresh context (no cache) with this session (logins are rate-limited)
    const storageState = await seedPage.context().storageState();
    await seedPage.context().close();

    const results = [];
    for (const [label, pageSize] of [
      ['10 (default)', undefined],
      ['all', 'all'],
    ] as const) {
      const runs: number[] = [];
      for (let run = 0; run < RUNS + 1; run++) {
        const page = await app.newPage({ storageState });
        await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
        if (pageSize === 'all') {
          // the page size is not kept across visits: measure switching the loaded list to "all"
          await page.goto(app.url('/projects/projects'));
          await page.locator('tbody tr').first().waitFor();
          const t0 = performance.now();
          await page.locator('.rp-table__pager select').selectOption({ index: 3 });
          await page.waitForFunction((n) => document.querySelectorAll('tbody tr').length >= n, PROJECTS, { timeout: 60_000 });
          await page.getByRole('button', { name: 'Projekt 0001', exact: true }).click();
          await page.getByText('Musterstraße 1, 80331 München', { exact: true }).waitFor();
          if (run > 0) runs.push(performance.now() - t0);
        } else {
          const t0 = performance.now();
          await page.goto(app.url('/projects/projects'));
          const first = page.getByRole('button', { name: `Projekt ${String(PROJECTS).padStart(4, '0')}`, exact: true });
          await first.click();
          await page.getByText(`Musterstraße ${PROJECTS}, 80331 München`, { exact: true }).waitFor();
          if (run > 0) runs.push(performance.now() - t0);
        }
        await page.context().close();
      }
      results.push({ pageSize: label, medianMs: median(runs), runs });
    }
    return results;
  } finally {
    await app.close();
  }
}

const sizes = await bundleSizes();
console.log('\nJavaScript per route (entry + route module + static imports):');
console.log('| route | files | raw KB | gzip KB |\n| --- | ---: | ---: | ---: |');
for (const row of sizes.rows) console.log(`| ${row.route} | ${row.files} | ${row.rawKb.toFixed(1)} | ${row.gzipKb.toFixed(1)} |`);
console.log(`\nlogin route: ${sizes.loginGzipKb.toFixed(1)} KB gzipped (budget ${LOGIN_BUDGET_KB} KB); OpenLayers, exceljs, papaparse in it: ${sizes.heavy.length === 0 ? 'none' : sizes.heavy.join(', ')}`);

if (chromiumAvailable()) {
  const tti = await projectListTti();
  console.log(`\nProject list with ${PROJECTS} projects, time to interactive (median of ${RUNS}, after one warm-up):`);
  console.log('| page size | median ms | runs ms |\n| --- | ---: | --- |');
  for (const row of tti) console.log(`| ${row.pageSize} | ${row.medianMs.toFixed(0)} | ${row.runs.map((v) => v.toFixed(0)).join(', ')} |`);
} else {
  console.log('\nChromium not found (CHROMIUM_PATH): time to interactive not measured');
}

if (sizes.heavy.length > 0) {
  console.error(`the login route's JavaScript contains ${sizes.heavy.join(', ')}: import them only in the route modules that need them`);
  process.exitCode = 1;
}
if (!(sizes.loginGzipKb <= LOGIN_BUDGET_KB)) {
  console.error(`login route JavaScript ${sizes.loginGzipKb.toFixed(1)} KB gzipped exceeds ${LOGIN_BUDGET_KB} KB`);
  process.exitCode = 1;
}
