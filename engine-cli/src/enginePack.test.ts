/**
 * The engine as another vendor embeds it (issue 19 part 4; docs/embedding.md, decision 0131):
 * `npm pack` of @rainplan/engine, installed into an empty consumer project with
 * `npm install --offline` (its runtime dependencies come from tarballs packed from this
 * repository's node_modules, and the registry is pointed at a closed loopback port, so nothing
 * can leave the machine), then
 *  (a) an ESM Node script evaluates a fixture project and looks up a KOSTRA cell,
 *  (b) a browser bundle (vite, platform browser, any Node builtin refused) runs in headless
 *      Chromium and gives the same figures,
 *  (c) every snippet of docs/embedding.md runs in the consumer and prints what the guide shows.
 * Needs the engine's dist (npm test builds it first: turbo's test task depends on ^build).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const engineDir = path.join(repo, 'engine');
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const PROJECT = 'fixtures/projects/box-configurations.project.json';

/** npm with no way to the network: --offline and a registry on a closed loopback port. */
function npm(args: readonly string[], cwd: string): string {
  const r = spawnSync('npm', [...args, '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_registry: 'http://127.0.0.1:9/', npm_config_update_notifier: 'false', npm_config_loglevel: 'error' },
  });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} (in ${cwd}) failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** Packs a directory; returns the tarball's path. */
function pack(dir: string, destination: string): { file: string; files: string[] } {
  const out = JSON.parse(npm(['pack', dir, '--json', '--pack-destination', destination], destination)) as { filename: string; files: { path: string }[] }[];
  return { file: path.join(destination, out[0]!.filename), files: out[0]!.files.map((f) => f.path) };
}

/** The runtime dependencies of a package, transitively, as directories of node_modules. */
function runtimeDependencies(dir: string, seen = new Map<string, string>()): Map<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const name of Object.keys(pkg.dependencies ?? {})) {
    if (seen.has(name)) continue;
    const candidates = [path.join(dir, 'node_modules', name), path.join(repo, 'node_modules', name)];
    const found = candidates.find((c) => existsSync(path.join(c, 'package.json')));
    if (found === undefined) throw new Error(`${name} (a dependency of ${dir}) is not installed`);
    seen.set(name, found);
    runtimeDependencies(found, seen);
  }
  return seen;
}

/** A value as JSON carries it (undefined in arrays becomes null), for comparing results across processes. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

function node(script: string, cwd: string): string {
  const r = spawnSync(process.execPath, [script], { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`node ${script} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** The code blocks of docs/embedding.md: every ```js block with the ```text block after it. */
function guideSnippets(text: string): { code: string; output: string; line: number }[] {
  const out: { code: string; output: string; line: number }[] = [];
  const re = /```js\n([\s\S]*?)```\s*\n(?:[^`]*?\n)?```text\n([\s\S]*?)```/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) out.push({ code: m[1]!, output: m[2]!, line: text.slice(0, m.index).split('\n').length });
  return out;
}

/** Evaluates the project and looks up a KOSTRA cell: the same figures from Node and from the browser. */
const PROBE = `
import { ENGINE_VERSION, evaluate, parseProject } from '@rainplan/engine';
import { kostra2020CellAt } from '@rainplan/engine/rain';
import { requiredTankLength } from '@rainplan/engine/sizing';
export function probe(text) {
  const parsed = parseProject(text);
  if (!parsed.ok) throw new Error('project does not parse');
  const result = evaluate(parsed.project);
  return {
    engineVersion: ENGINE_VERSION,
    measures: result.measures.map((m) => [m.id, m.requiredVolume, m.value, m.uncertaintyBand && m.uncertaintyBand.upper.requiredVolumeM3]),
    issues: result.issues.length,
    cell: kostra2020CellAt(47.99609, 7.8494),
    length: requiredTankLength({ data: parsed.project.waterflow.measures[0].data, acM2: 600, rain: { rLsHa: (D) => 2500 / (D + 9) ** 0.8 } }).roundedLengthM,
  };
}
`;

describe('@rainplan/engine packed and embedded', () => {
  let work = '';
  let consumer = '';
  let packedFiles: string[] = [];
  const projectText = readFileSync(path.join(repo, PROJECT), 'utf8');

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'rainplan-engine-pack-'));
    const tarballs = path.join(work, 'tarballs');
    mkdirSync(tarballs);
    const engine = pack(engineDir, tarballs);
    packedFiles = engine.files;
    const deps: Record<string, string> = { '@rainplan/engine': `file:${engine.file}` };
    for (const [name, dir] of runtimeDependencies(engineDir)) deps[name] = `file:${pack(dir, tarballs).file}`;
    consumer = path.join(work, 'consumer');
    mkdirSync(consumer);
    writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module', dependencies: deps }, null, 2));
    npm(['install'], consumer);
    writeFileSync(path.join(consumer, 'project.json'), projectText);
    cpSync(path.join(repo, 'fixtures/catalogue'), path.join(consumer, 'catalogue'), { recursive: true });
    writeFileSync(path.join(consumer, 'probe.js'), PROBE);
  }, 120_000);

  afterAll(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true });
  });

  it('packs dist, README, LICENSE and CHANGELOG only (no sources, tests or source maps); the licence is Apache-2.0', () => {
    const top = new Set(packedFiles.map((f) => f.split('/')[0]));
    expect([...top].sort()).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'dist', 'package.json']);
    expect(packedFiles.filter((f) => /\.map$|\.test\.|\/testing\//.test(f))).toEqual([]);
    const pkg = JSON.parse(readFileSync(path.join(consumer, 'node_modules/@rainplan/engine/package.json'), 'utf8')) as { license: string; exports: Record<string, unknown> };
    expect(pkg.license).toBe('Apache-2.0');
    expect(readFileSync(path.join(consumer, 'node_modules/@rainplan/engine/LICENSE'), 'utf8')).toContain('Apache License');
    // Every subpath export points at files that are in the package; one declared only under the
    // source condition (./testing, the repository's test helpers; decision 0237) has no built files
    // and nothing a consumer resolves.
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target !== 'object' || target === null) continue;
      const t = target as Record<string, string>;
      if (t['default'] === undefined) {
        expect(Object.keys(t), subpath).toEqual(['@rainplan/source']);
        writeFileSync(path.join(consumer, 'source-only-probe.mjs'), `try { await import('@rainplan/engine${subpath.slice(1)}'); console.log('resolved'); } catch (e) { console.log(e.code); }\n`);
        expect(node('source-only-probe.mjs', consumer).trim(), subpath).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
        continue;
      }
      for (const key of ['types', 'default']) expect(existsSync(path.join(consumer, 'node_modules/@rainplan/engine', t[key]!)), `${subpath} ${key}`).toBe(true);
    }
  });

  it('(a) Node ESM: evaluates a fixture project and looks up a KOSTRA cell, as the repository engine does', async () => {
    writeFileSync(path.join(consumer, 'node-probe.mjs'), `import { readFileSync } from 'node:fs';\nimport { probe } from './probe.js';\nconsole.log(JSON.stringify(probe(readFileSync('project.json', 'utf8'))));\n`);
    const fromPackage = JSON.parse(node('node-probe.mjs', consumer)) as Record<string, unknown>;
    const { probe } = (await import(/* @vite-ignore */ path.join(consumer, 'probe.js'))) as { probe: (text: string) => Record<string, unknown> };
    // The same module run here resolves @rainplan/engine from the consumer's node_modules too; compare with the repository's engine.
    const { evaluate, parseProject, ENGINE_VERSION } = await import('@rainplan/engine');
    const parsed = parseProject(projectText);
    if (!parsed.ok) throw new Error('fixture does not parse');
    const here = evaluate(parsed.project);
    expect(fromPackage['engineVersion']).toBe(ENGINE_VERSION);
    expect(fromPackage['measures']).toEqual(asJson(here.measures.map((m) => [m.id, m.requiredVolume, m.value, m.uncertaintyBand?.upper.requiredVolumeM3 ?? null])));
    expect(fromPackage['cell']).toEqual({ row: 206, column: 112, indexRc: 206112, id: '206112' });
    expect(fromPackage['length']).toBeGreaterThan(0);
    expect(asJson(probe(projectText))).toEqual(fromPackage);
  });

  it('(b) browser: a vite bundle for the browser without Node builtins runs in headless Chromium with the same figures', async (ctx) => {
    if (!existsSync(CHROMIUM)) {
      if (process.env['CI'] === 'true') throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH); CI=true: browser checks must run`);
      console.warn(`enginePack.test: Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH): skipping the browser run`);
      ctx.skip();
    }
    const { build } = await import('vite');
    writeFileSync(path.join(consumer, 'browser-entry.js'), `import { probe } from './probe.js';\nwindow.__probe = probe;\n`);
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    const refused: string[] = [];
    const out = await build({
      root: consumer,
      configFile: false,
      logLevel: 'silent',
      plugins: [
        {
          name: 'refuse-node-builtins',
          enforce: 'pre',
          resolveId(source: string) {
            if (builtins.has(source) || source.startsWith('node:')) refused.push(source);
            return null;
          },
        },
      ],
      build: { write: false, minify: false, lib: { entry: path.join(consumer, 'browser-entry.js'), formats: ['iife'], name: 'rainplanEngineProbe' } },
    });
    expect(refused).toEqual([]);
    const outputs = (Array.isArray(out) ? out : [out]) as { output: { type: string; code?: string }[] }[];
    const code = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk')!.code!;
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.setContent('<!doctype html><html><body></body></html>');
      await page.addScriptTag({ content: code });
      const inBrowser = await page.evaluate((text) => (globalThis as unknown as { __probe: (t: string) => unknown }).__probe(text), projectText);
      const inNode = JSON.parse(node('node-probe.mjs', consumer)) as unknown;
      expect(errors).toEqual([]);
      expect(asJson(inBrowser)).toEqual(inNode);
    } finally {
      await browser.close();
    }
  });

  it('(c) every snippet of docs/embedding.md runs on the installed package and prints what the guide shows', () => {
    const snippets = guideSnippets(readFileSync(path.join(repo, 'docs/embedding.md'), 'utf8'));
    expect(snippets.length).toBeGreaterThanOrEqual(4);
    snippets.forEach((s, i) => {
      const file = `guide-${i + 1}.mjs`;
      writeFileSync(path.join(consumer, file), s.code);
      expect(node(file, consumer), `docs/embedding.md:${s.line}`).toBe(s.output);
    });
  });
});
