/**
 * What the browser benches (bench-latency.ts, bench-report.ts, bench-configurator.ts) share: the
 * production build of one page of bench/, served on a loopback port for the run, and the spread
 * of a list of timings.
 */
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/** The value below which the share q of the sorted values lie (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

/** Median, p95 and max of the values, each rounded by `round` (default: to 2 decimals). */
export function spread(values: readonly number[], round: (value: number) => number = (value) => +value.toFixed(2)): { median: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: round(quantile(sorted, 0.5)), p95: round(quantile(sorted, 0.95)), max: round(sorted[sorted.length - 1]!) };
}

export interface BenchPage {
  /** The page's file in bench/, e.g. `latency.html`; also what `/` serves. */
  readonly html: string;
  /** The vite mode of the build (default production). */
  readonly mode?: string;
  /** Minify the build (default: as vite does). */
  readonly minify?: boolean;
  /** Files served from outside the build: path name → file; `null` answers 204 (no content). */
  readonly extraFiles?: Readonly<Record<string, string | null>>;
}

/**
 * Builds the page into a temporary folder, serves it on 127.0.0.1 while `run` runs with the
 * page's address, then stops the server and removes the build.
 */
export async function withBenchPage(page: BenchPage, run: (url: string) => Promise<void>): Promise<void> {
  const outDir = await mkdtemp(path.join(tmpdir(), `rainplan-bench-${path.basename(page.html, '.html')}-`));
  try {
    await build({
      configFile: path.join(WEB_DIR, 'vite.config.ts'),
      root: path.join(WEB_DIR, 'bench'),
      ...(page.mode === undefined ? {} : { mode: page.mode }),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, ...(page.minify === undefined ? {} : { minify: page.minify }), rollupOptions: { input: path.join(WEB_DIR, 'bench', page.html) } },
    });
    const server = createServer((request, response) => {
      const pathname = new URL(request.url ?? '/', 'http://x').pathname;
      const extra = page.extraFiles?.[pathname];
      if (extra === null) {
        response.writeHead(204);
        response.end();
        return;
      }
      const file = extra ?? path.join(outDir, pathname === '/' ? page.html : pathname);
      readFile(file).then(
        (body) => {
          response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
          response.end(body);
        },
        () => {
          response.writeHead(404);
          response.end();
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      await run(`http://127.0.0.1:${port}/${page.html}`);
    } finally {
      server.close();
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
