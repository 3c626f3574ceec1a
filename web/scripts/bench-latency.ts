/**
 * `npm run bench` (web), dimensioning latency: from a keystroke in a sealed surface's area field
 * to the updated required volume of its measure in the DOM, in headless Chromium, on a 250-node
 * project (bench/generateProject.ts), with the production build of the real screens, stores and
 * engine worker (bench/latency.html: the project is kept in memory, no network).
 *
 * Each sample: playwright presses a key (alternately "5" and Backspace at the end of the area
 * field: 1005 ↔ 100 m²); in the page, a capture-phase keydown listener stamps `performance.now()`
 * and a MutationObserver on the required-volume cell stamps the change. Reported: median, p95 and
 * max of keydown → DOM updated, and of keydown → the next animation frame after the update
 * (when it is painted; includes waiting for the frame boundary).
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), LATENCY_SAMPLES (default 200).
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, spread as summary, withBenchPage } from './benchPage.ts';

const SAMPLES = Number(process.env['LATENCY_SAMPLES'] ?? 200);
const WARMUP = 20;

async function main() {
  await withBenchPage({ html: 'latency.html' }, async (url) => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(url);
      const area = page.getByTestId('surface-area');
      const required = page.getByTestId('surface-measure-required');
      await required.waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => document.querySelector('[data-testid="surface-measure-required"]')?.textContent !== '---');
      const info = await page.evaluate(() => (window as unknown as { benchInfo: unknown }).benchInfo);
      // focus the field and move to its end before the listeners exist (these keys change nothing)
      await area.click();
      await area.press('End');
      await page.evaluate(() => {
        const w = window as unknown as { lat: { down: number[]; dom: number[]; frame: number[] } };
        w.lat = { down: [], dom: [], frame: [] };
        const target = document.querySelector('[data-testid="surface-measure-required"]')!;
        document.addEventListener('keydown', () => w.lat.down.push(performance.now()), { capture: true });
        new MutationObserver(() => {
          const t = performance.now();
          if (w.lat.dom.length < w.lat.down.length) {
            w.lat.dom.push(t);
            requestAnimationFrame(() => w.lat.frame.push(performance.now()));
          }
        }).observe(target, { childList: true, subtree: true, characterData: true });
      });
      const count = () => page.evaluate(() => (window as unknown as { lat: { frame: number[] } }).lat.frame.length);
      for (let i = 0; i < SAMPLES + WARMUP; i++) {
        await area.press(i % 2 === 0 ? '5' : 'Backspace');
        await page.waitForFunction((n) => (window as unknown as { lat: { frame: number[] } }).lat.frame.length >= n, i + 1, { timeout: 5000 });
      }
      if ((await count()) < SAMPLES + WARMUP) throw new Error('missing samples');
      const lat = await page.evaluate(() => (window as unknown as { lat: { down: number[]; dom: number[]; frame: number[] } }).lat);
      const dom = lat.dom.map((t, i) => t - lat.down[i]!).slice(WARMUP);
      const frame = lat.frame.map((t, i) => t - lat.down[i]!).slice(WARMUP);
      const bridgeMs = (await page.evaluate(() => (window as unknown as { benchBridge: number[] }).benchBridge)).slice(-dom.length);
      const phases = await page.evaluate(() => {
        const w = window as unknown as { benchEdits: number[]; benchAnswers: number[]; lat: { down: number[]; dom: number[] } };
        return { edits: w.benchEdits, answers: w.benchAnswers, down: w.lat.down, dom: w.lat.dom };
      });
      const offset = phases.edits.length - phases.down.length;
      const keyToEdit = phases.down.map((t, i) => (phases.edits[i + offset] ?? t) - t).slice(WARMUP);
      const answerToDom = phases.dom.map((t, i) => t - (phases.answers[i + offset] ?? t)).slice(WARMUP);
      const mode = await page.evaluate(() => (window as unknown as { benchMode: () => string }).benchMode());
      const result = {
        bench: 'web dimensioning latency: keystroke in an area field → required volume updated',
        project: info,
        engine: mode,
        samples: dom.length,
        keydownToDomMs: summary(dom),
        keydownToNextFrameMs: summary(frame),
        keydownToEditMs: summary(keyToEdit),
        engineRoundTripMs: summary(bridgeMs),
        answerToDomMs: summary(answerToDom),
        chromium: browser.version(),
        pageErrors: errors,
      };
      console.log(JSON.stringify(result, null, 2));
      if (mode !== 'worker') throw new Error(`the engine ran on the ${mode}, not in the worker`);
    } finally {
      await browser.close();
    }
  });
}

await main();
