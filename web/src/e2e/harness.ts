/**
 * Browser test harness: the built web app served by the real API (PGlite in a temp DATA_DIR,
 * file outbox) at one origin, a local blank tile server and Nominatim-compatible geocoder, and
 * headless Chromium through playwright-core.
 *
 *   const app = await startE2eApp();            // in beforeAll (hookTimeout is long in the e2e project)
 *   const page = await app.newPage();           // German browser locale, 1280×800
 *   await page.goto(app.url('/'));
 *   await expectAccessible(page);               // axe-core: fails on serious/critical violations
 *   await screenshot(page, 'landing');          // docs/screens/landing.png (with RAINPLAN_SCREENSHOTS=1)
 *   await screenshot(page, 'x-dialog', { viewportOnly: true });   // an open dialog: the window only
 *   await app.close();                          // in afterAll
 *
 * Use `describeE2e` instead of `describe`: without Chromium the tests are skipped with a message,
 * but fail when CI=true.
 *
 * Templates (decision 0157): the e2e project's global setup (global-setup.ts) builds the web app
 * once and lets the api start once on a template DATA_DIR (migrations, shipped rain data, demo
 * catalogue); every `startE2eApp()` copies both into a fresh temp dir of its own (the build with its
 * own tile and geocoder origins, the database directory without lock, session secret or outbox)
 * and starts its own api process on that copy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { startGeocoder, startTileServer } from './servers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIR = path.resolve(here, '../..');
export const REPO_DIR = path.resolve(WEB_DIR, '..');
export const SCREENS_DIR = path.join(REPO_DIR, 'docs', 'screens');
const require = createRequire(import.meta.url);

/** Web build and api data directory made once per run, copied by every `startE2eApp()`. */
export interface E2eTemplates {
  /** The web app built with the placeholder origins below. */
  readonly webRoot: string;
  /** A DATA_DIR after the api's first start and a clean stop; only its `pglite/` is copied. */
  readonly dataDir: string;
  /**
   * Node's compile cache (NODE_COMPILE_CACHE) of the api processes: filled by the template's
   * first start, read by every later one (about 0.8 s CPU less per api start of the ~8 s).
   */
  readonly compileCache: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Made by the e2e project's global setup (absent when Chromium is missing). */
    e2eTemplates: E2eTemplates | undefined;
  }
}

/** Origins the template build is made with; each copy gets its local servers' origins instead. */
const TILE_ORIGIN_PLACEHOLDER = 'http://e2e-tiles.rainplan.invalid';
const GEOCODER_ORIGIN_PLACEHOLDER = 'http://e2e-geocoder.rainplan.invalid';
/** Files of the build that can hold the configured URLs (Vite inlines `import.meta.env`). */
const TEXT_ASSET = /\.(?:html|js|mjs|cjs|css|json|map|txt|svg|webmanifest)$/;

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/**
 * `describe` for browser tests: runs when Chromium exists; otherwise skipped with a clear message
 * locally, and a failing test when CI=true (CI must not silently skip the browser tests).
 */
export function describeE2e(name: string, body: () => void): void {
  if (chromiumAvailable()) {
    describe(name, body);
    return;
  }
  const message = `Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH): browser tests "${name}"`;
  if (process.env['CI'] === 'true') {
    describe(name, () => {
      it('needs Chromium', () => {
        throw new Error(`${message} cannot run, and CI=true forbids skipping them.`);
      });
    });
  } else {
    console.warn(`\n⚠ ${message} are SKIPPED.\n`);
    describe.skip(name, body);
  }
}

function run(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Builds the web app into `outDir` with the given VITE_* variables (the runtime configuration of
 * src/config.ts: tile and geocoder URLs of the local servers). A fresh build takes a few seconds.
 */
export async function buildWeb(outDir: string, env: Readonly<Record<string, string>>): Promise<void> {
  const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  await run(process.execPath, [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: WEB_DIR, env: { ...process.env, ...env } });
}

interface ApiProcess {
  readonly url: string;
  readonly child: ChildProcess;
  readonly log: () => string;
}

/**
 * Makes the templates in `root` (an empty or missing directory): builds the web app with the
 * placeholder origins and, at the same time, starts the api once on `root/data` (migrations, the
 * shipped rain data, the demo catalogue) and stops it cleanly. Throws when the api does not exit
 * with 0 or leaves its PGlite lock behind (a copy must never start from a half-written database).
 */
export async function prepareE2eTemplates(root: string): Promise<E2eTemplates> {
  const webRoot = path.join(root, 'web');
  const dataDir = path.join(root, 'data');
  const compileCache = path.join(root, 'node-compile-cache');
  await mkdir(dataDir, { recursive: true });
  const firstStart = async () => {
    const api = await startApi(dataDir, webRoot, { compileCache });
    // server.ts installs its signal handlers right after printing that it listens: a SIGTERM sent
    // on that line can arrive first and kill it outright. An answered request comes after them.
    try {
      const health = await fetch(new URL('/api/health', api.url));
      if (!health.ok) throw new Error(`the template api answers /api/health with ${health.status}:\n${api.log()}`);
    } catch (error) {
      await stopApi(api);
      throw error;
    }
    // The template must be written completely: give a loaded machine time to close PGlite.
    await stopApi(api, 120_000);
    if (api.child.exitCode !== 0) throw new Error(`the template api did not stop cleanly (exit ${api.child.exitCode ?? api.child.signalCode}):\n${api.log()}`);
    if (existsSync(path.join(dataDir, 'pglite.lock'))) throw new Error(`the template api left ${path.join(dataDir, 'pglite.lock')} behind:\n${api.log()}`);
  };
  // Both finish before an error is thrown: the caller removes `root` then.
  const results = await Promise.allSettled([
    buildWeb(webRoot, {
      VITE_TILE_URL: `${TILE_ORIGIN_PLACEHOLDER}/{z}/{x}/{y}.png`,
      VITE_GEOCODING_SEARCH_URL: `${GEOCODER_ORIGIN_PLACEHOLDER}/search`,
      VITE_GEOCODING_REVERSE_URL: `${GEOCODER_ORIGIN_PLACEHOLDER}/reverse`,
      VITE_GEOCODING_CONTACT: 'e2e@rainplan.invalid',
    }),
    firstStart(),
  ]);
  for (const result of results) if (result.status === 'rejected') throw result.reason;
  return { webRoot, dataDir, compileCache };
}

/** The global setup's templates inside vitest; undefined elsewhere (e.g. scripts/bench.ts). */
function providedTemplates(): E2eTemplates | undefined {
  return process.env['VITEST'] === undefined ? undefined : inject('e2eTemplates');
}

/** Copies the template build to `to`, pointing it at the given origins (fails if they were not found). */
async function copyWebBuild(from: string, to: string, origins: ExternalOrigins): Promise<void> {
  await cp(from, to, { recursive: true });
  const found = { tiles: false, geocoder: false };
  for (const entry of await readdir(to, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT_ASSET.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, 'utf8');
    if (!text.includes(TILE_ORIGIN_PLACEHOLDER) && !text.includes(GEOCODER_ORIGIN_PLACEHOLDER)) continue;
    found.tiles ||= text.includes(TILE_ORIGIN_PLACEHOLDER);
    found.geocoder ||= text.includes(GEOCODER_ORIGIN_PLACEHOLDER);
    await writeFile(file, text.replaceAll(TILE_ORIGIN_PLACEHOLDER, origins.tiles).replaceAll(GEOCODER_ORIGIN_PLACEHOLDER, origins.geocoder));
  }
  if (!found.tiles || !found.geocoder) throw new Error(`the web build in ${from} does not hold the placeholder origins (tiles: ${found.tiles}, geocoder: ${found.geocoder})`);
}

/** A fresh DATA_DIR from the template: only the PGlite directory (never a lock, session secret or outbox). */
async function copyDataDir(template: string, dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await cp(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
}

/** Origins of the local tile server and geocoder: the api's Content-Security-Policy allows them. */
interface ExternalOrigins {
  readonly tiles: string;
  readonly geocoder: string;
}

/** How an api process starts besides its directories: fixed port, outside origins, compile cache. */
interface ApiOptions {
  readonly port?: number;
  readonly origins?: ExternalOrigins;
  /** NODE_COMPILE_CACHE for the process (Node validates entries, so processes may share one). */
  readonly compileCache?: string | undefined;
}

function apiEnv(dataDir: string, webRoot: string, port: number, options: ApiOptions = {}): NodeJS.ProcessEnv {
  const url = `http://127.0.0.1:${port}`;
  const { origins, compileCache } = options;
  return {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: webRoot, PUBLIC_URL: url, LOG_LEVEL: 'info', DATABASE_URL: '', SMTP_URL: '',
    ...(origins === undefined ? {} : { MAP_TILE_ORIGINS: origins.tiles, GEOCODER_ORIGINS: origins.geocoder }),
    ...(compileCache === undefined ? {} : { NODE_COMPILE_CACHE: compileCache }),
  };
}

/** SIGTERM, then SIGKILL when the api has not exited after `graceMs`. */
function stopApi(api: ApiProcess, graceMs = 10_000): Promise<void> {
  return new Promise<void>((resolve) => {
    if (api.child.exitCode !== null || api.child.signalCode !== null) return resolve();
    api.child.once('exit', () => resolve());
    api.child.kill('SIGTERM');
    setTimeout(() => api.child.kill('SIGKILL'), graceMs).unref();
  });
}

/** Starts `node api/src/server.ts` (PGlite in dataDir, file outbox) serving webRoot; resolves when it listens. */
async function startApi(dataDir: string, webRoot: string, options: ApiOptions = {}): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [path.join(REPO_DIR, 'api', 'src', 'server.ts')], {
    cwd: REPO_DIR,
    env: apiEnv(dataDir, webRoot, port, options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`api did not start within 180 s:\n${log}`)), 180_000);
    const onData = (data: Buffer) => {
      log += data.toString();
      if (log.includes('rainplan api listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`api exited with ${code}:\n${log}`));
    });
  });
  return { url, child, log: () => log };
}

export interface OutboxMail {
  readonly file: string;
  readonly text: string;
  /** Links in the mail (confirmation, reset), already pointing at the test origin. */
  readonly links: readonly string[];
}

export interface E2eApp {
  /** Origin of web app and API, e.g. http://127.0.0.1:41234 */
  readonly baseUrl: string;
  readonly browser: Browser;
  readonly dataDir: string;
  readonly tiles: Awaited<ReturnType<typeof startTileServer>>;
  readonly geocoder: Awaited<ReturnType<typeof startGeocoder>>;
  url(pathname: string): string;
  /** A page in a fresh browser context (German locale unless given; console errors collected in `errors`). */
  newPage(options?: BrowserContextOptions): Promise<Page & { readonly errors: string[] }>;
  /** Mails written to DATA_DIR/outbox, oldest first. */
  outbox(): Promise<OutboxMail[]>;
  /** The API's log so far (JSON lines). */
  apiLog(): string;
  /**
   * Makes a registered user an administrator: stops the api (PGlite serves one process), runs
   * `api/src/scripts/admin-grant.ts`, restarts the api at the same origin. Sessions survive (they
   * are in the database); the role applies from the user's next request.
   */
  grantAdmin(email: string): Promise<void>;
  close(): Promise<void>;
}

export interface E2eAppOptions {
  /**
   * Start the api on an empty DATA_DIR instead of a copy of the template database, so that its
   * own first start migrates and loads the shipped rain data (for tests of a fresh install).
   */
  readonly emptyDataDir?: boolean;
}

/**
 * Starts tile server, geocoder, copies the template build (pointed at them) and database into a
 * fresh temp dir, starts the API on that copy and Chromium. Outside vitest's e2e project (no
 * global setup) it first makes the templates itself, inside that temp dir.
 */
export async function startE2eApp(options: E2eAppOptions = {}): Promise<E2eApp> {
  const root = await mkdtemp(path.join(tmpdir(), 'rainplan-e2e-'));
  const dataDir = path.join(root, 'data');
  const webRoot = path.join(root, 'web');
  const tiles = await startTileServer();
  const geocoder = await startGeocoder();
  const origins: ExternalOrigins = { tiles: new URL(tiles.url).origin, geocoder: new URL(geocoder.url).origin };
  let api: ApiProcess | undefined;
  let browser: Browser | undefined;
  let compileCache: string | undefined;
  try {
    const templates = providedTemplates() ?? (await prepareE2eTemplates(path.join(root, 'template')));
    compileCache = templates.compileCache;
    await Promise.all([
      copyWebBuild(templates.webRoot, webRoot, origins),
      options.emptyDataDir === true ? mkdir(dataDir, { recursive: true }) : copyDataDir(templates.dataDir, dataDir),
    ]);
    // Chromium starts while the api does (both take seconds on a loaded machine).
    const [apiStart, browserLaunch] = await Promise.allSettled([
      startApi(dataDir, webRoot, { origins, compileCache }),
      chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }),
    ]);
    if (apiStart.status === 'fulfilled') api = apiStart.value;
    if (browserLaunch.status === 'fulfilled') browser = browserLaunch.value;
    if (apiStart.status === 'rejected') throw apiStart.reason;
    if (browserLaunch.status === 'rejected') throw browserLaunch.reason;
    if (api === undefined || browser === undefined) throw new Error('unreachable: api and browser started');
  } catch (error) {
    api?.child.kill();
    await browser?.close();
    await tiles.close();
    await geocoder.close();
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  let started = api;
  const openBrowser = browser;
  const port = Number(new URL(started.url).port);
  const apiOptions: ApiOptions = { port, origins, compileCache };
  return {
    baseUrl: started.url,
    browser: openBrowser,
    dataDir,
    tiles,
    geocoder,
    url: (pathname) => new URL(pathname, started.url).href,
    async newPage(options = {}) {
      const context = await openBrowser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 }, ...options });
      const page = (await context.newPage()) as Page & { errors: string[] };
      page.errors = [];
      page.on('console', (message) => {
        if (message.type() === 'error') page.errors.push(message.text());
      });
      page.on('pageerror', (error) => page.errors.push(String(error)));
      return page;
    },
    async outbox() {
      const dir = path.join(dataDir, 'outbox');
      if (!existsSync(dir)) return [];
      const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
      return Promise.all(
        files.map(async (file) => {
          const raw = await readFile(path.join(dir, file), 'utf8');
          const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          return { file, text, links: [...new Set(text.match(/https?:\/\/[^\s"<>]+/g) ?? [])] };
        }),
      );
    },
    apiLog: () => started.log(),
    async grantAdmin(email) {
      await stopApi(started);
      await run(process.execPath, [path.join(REPO_DIR, 'api', 'src', 'scripts', 'admin-grant.ts'), email], { cwd: REPO_DIR, env: apiEnv(dataDir, webRoot, port, { compileCache }) });
      started = await startApi(dataDir, webRoot, apiOptions);
    },
    async close() {
      await openBrowser.close();
      await stopApi(started);
      await tiles.close();
      await geocoder.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  readonly email: string;
  readonly password: string;
  readonly name: string;
}

/**
 * Registers and confirms a user through the api (no browser): POST /api/User/register, then the
 * confirmation link from the outbox mail is followed with GET /api/User/confirmEmail.
 */
export async function createConfirmedUser(app: E2eApp, email: string, name = 'Erika Muster'): Promise<TestUser> {
  const password = 'Regen-Wasser-2025!';
  const before = (await app.outbox()).length;
  const response = await fetch(app.url('/api/User/register?uiCulture=de'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      formOfAddress: 'FEMALE', name, email, company: 'Planungsbüro Muster', street: 'Musterweg', houseNumber: '1', zipCode: '80331',
      city: 'München', phoneNumber: '+49 89 123456', password, passwordRepeat: password, gdprConsent: true,
    }),
  });
  if (!response.ok) throw new Error(`register ${email}: ${response.status} ${await response.text()}`);
  let link: URL | undefined;
  for (let attempt = 0; attempt < 100 && link === undefined; attempt++) {
    const mails = (await app.outbox()).slice(before).filter((mail) => mail.text.includes(email));
    const found = mails.flatMap((mail) => mail.links).find((l) => l.includes('/authentication/confirmemail'));
    if (found !== undefined) link = new URL(found);
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (link === undefined) throw new Error(`no confirmation mail for ${email}`);
  const confirm = await fetch(app.url(`/api/User/confirmEmail${link.search}`));
  if (!confirm.ok) throw new Error(`confirm ${email}: ${confirm.status} ${await confirm.text()}`);
  return { email, password, name };
}

/** Signs the page's browser context in (the session cookie is shared by all its pages). */
export async function signIn(page: Page, app: E2eApp, user: TestUser): Promise<void> {
  const response = await page.request.post(app.url('/api/User/login'), { data: { email: user.email, password: user.password } });
  if (!response.ok()) throw new Error(`login ${user.email}: ${response.status()} ${await response.text()}`);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe-core on the page (WCAG 2.x A/AA rules) and throws when there are serious or critical
 * violations, listing them. axe's source is evaluated through the DevTools protocol, so the
 * page's Content-Security-Policy does not block it.
 */
export async function expectAccessible(page: Page, options: { include?: string; disableRules?: string[] } = {}): Promise<void> {
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  const violations = await page.evaluate(
    async ({ include, disableRules }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
      const rules = Object.fromEntries((disableRules ?? []).map((id) => [id, { enabled: false }]));
      const result = await axe.run(include ?? document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, rules });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
    },
    { include: options.include, disableRules: options.disableRules },
  );
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    throw new Error(`axe: ${serious.length} serious/critical violation(s) on ${page.url()}:\n` + serious.map((v) => `- [${v.impact}] ${v.id}: ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`).join('\n'));
  }
}

export interface ScreenshotOptions {
  /**
   * Only the browser window (the viewport) instead of the full page. For open dialogs: a modal's
   * backdrop covers the window, so a full-page image would show the page below the window's
   * height without it.
   */
  readonly viewportOnly?: boolean;
}

/**
 * Saves a screenshot to docs/screens/<name>.png (for the README) — the full page, or the window
 * with `viewportOnly` — only when RAINPLAN_SCREENSHOTS=1, so that ordinary test runs do not
 * rewrite the committed images. Returns the file, or undefined when screenshots are off.
 */
export async function screenshot(page: Page, name: string, options: ScreenshotOptions = {}): Promise<string | undefined> {
  if (process.env['RAINPLAN_SCREENSHOTS'] !== '1') return undefined;
  await mkdir(SCREENS_DIR, { recursive: true });
  const file = path.join(SCREENS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.viewportOnly !== true });
  return file;
}
