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
 * (when it is painted; includes waiting for the frame boundary). Also: where the edits ran
 * (`editsRun`: `now` on the main thread within the keystroke, `queued` through the bridge's
 * queue), the engine's time per edit (`engineRoundTripMs`: the main-thread edit, or the round
 * trip of a queued one) and, after the samples, a whole `derive` of the project on the main
 * thread (`mainThreadDeriveMs`: what seeding there would cost); `domInKeystrokeFrame`: the samples
 * whose DOM update came before the keystroke's own animation frame (so that frame paints it), and
 * keydown → that frame (`keydownToKeystrokeFrameMs`: the wait for the frame boundary plus the
 * keystroke's task, the floor of keydown → next frame).
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), LATENCY_SAMPLES (default 200),
 * LATENCY_TRACE (a file: the samples run under a Chrome DevTools trace written there, to see where
 * the main thread's time goes; the trace's own cost makes the timings of such a run larger),
 * LATENCY_UNTHROTTLED=1 (Chromium draws frames as fast as it can instead of at 60 Hz:
 * `--disable-frame-rate-limit --disable-gpu-vsync`, so "next frame" measures the page's own work
 * up to a drawn frame without the wait for the display's next refresh),
 * LATENCY_RENDERS=1 (counts, per keystroke, the React components that rendered, by name, through
 * a React DevTools hook installed before the page's scripts, and the size of the engine's answer
 * messages as JSON; the counting costs time, so the timings of such a run are larger).
 * A traced or counting run builds the page unminified, so that functions and components keep their names.
 *
 * The floor (`floor`): after the samples, the same keystrokes in a bare `<input>` of a blank page
 * in the same browser (no app, no listeners but the stamps): keydown → its next animation frame.
 * At 60 Hz a keystroke at a random moment waits 0–16.7 ms for the next frame boundary, so that
 * figure is what any page measures with no work at all; the app's `keydownToNextFrameMs` is
 * compared with it (`overFloorMs`: the app's median and p95 minus the floor's).
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH, spread as summary, withBenchPage } from './benchPage.ts';

const SAMPLES = Number(process.env['LATENCY_SAMPLES'] ?? 200);
const WARMUP = 20;
const TRACE = process.env['LATENCY_TRACE'];
const RENDERS = process.env['LATENCY_RENDERS'] === '1';
const UNTHROTTLED = process.env['LATENCY_UNTHROTTLED'] === '1';
const FRAME_ARGS = UNTHROTTLED ? ['--disable-frame-rate-limit', '--disable-gpu-vsync'] : [];
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'v8.execute', 'blink.user_timing', 'toplevel', 'disabled-by-default-v8.cpu_profiler'];

/**
 * The floor of keydown → next frame in this browser: `samples` keystrokes (after 20 warm-up) in a
 * bare input of a blank page, each stamped at keydown and at the first animation frame after it.
 */
async function frameFloor(browser: Browser, samples: number): Promise<number[]> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.setContent('<!doctype html><input id="floor" aria-label="floor" value="100">');
    const input = page.locator('#floor');
    await input.click();
    await input.press('End');
    await page.evaluate(() => {
      const w = window as unknown as { floor: { down: number[]; frame: number[] } };
      w.floor = { down: [], frame: [] };
      document.addEventListener(
        'keydown',
        () => {
          w.floor.down.push(performance.now());
          requestAnimationFrame(() => w.floor.frame.push(performance.now()));
        },
        { capture: true },
      );
    });
    for (let i = 0; i < samples + WARMUP; i++) {
      await input.press(i % 2 === 0 ? '5' : 'Backspace');
      await page.waitForFunction((n) => (window as unknown as { floor: { frame: number[] } }).floor.frame.length >= n, i + 1, { timeout: 5000 });
    }
    const floor = await page.evaluate(() => (window as unknown as { floor: { down: number[]; frame: number[] } }).floor);
    return floor.frame.map((t, i) => t - floor.down[i]!).slice(WARMUP);
  } finally {
    await page.close();
  }
}

/**
 * Runs in the page before its scripts (LATENCY_RENDERS=1): a minimal React DevTools hook whose
 * commit callback walks the committed fibers the way React DevTools does (a subtree whose child
 * list is the previous one's did not render) and counts the function components that performed
 * work, by name; and a BroadcastChannel whose 'message' listeners record each message's JSON size.
 * Counting starts when the page calls `renderCounts.start()` (at the first measured keystroke).
 */
function countRenders(): void {
  const w = window as unknown as Record<string, unknown>;
  const counts = new Map<string, number>();
  const answers: number[] = [];
  let on = false;
  let commits = 0;
  interface Fiber {
    tag: number;
    type: unknown;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
    elementType: unknown;
  }
  // function, class, forward-ref, memo and simple-memo components (React's work tags)
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const nameOf = (f: Fiber): string => {
    const t = (f.type ?? f.elementType) as { displayName?: string; name?: string; render?: { name?: string }; type?: { name?: string } } | null;
    return t?.displayName ?? t?.name ?? t?.render?.name ?? t?.type?.name ?? `tag${f.tag}`;
  };
  const count = (f: Fiber, mounted: boolean) => {
    if (COMPONENT_TAGS.has(f.tag) && (mounted || (f.flags & 1) === 1)) counts.set(nameOf(f), (counts.get(nameOf(f)) ?? 0) + 1);
  };
  const walk = (next: Fiber, prev: Fiber | null) => {
    count(next, prev === null);
    if (prev !== null && next.child === prev.child) return;
    for (let c = next.child; c !== null; c = c.sibling) walk(c, prev === null ? null : c.alternate);
  };
  w['__REACT_DEVTOOLS_GLOBAL_HOOK__'] = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      if (!on) return;
      commits++;
      walk(root.current, root.current.alternate);
    },
  };
  const Native = BroadcastChannel;
  w['BroadcastChannel'] = class extends Native {
    override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void {
      if (type === 'message')
        super.addEventListener(type, (e) => {
          if (on) answers.push(JSON.stringify((e as MessageEvent).data).length);
        }, options);
      super.addEventListener(type, listener, options);
    }
  };
  const start = () => (on = true);
  w['renderCounts'] = Object.assign(
    (keystrokes: number) => ({
      commitsPerKeystroke: +(commits / keystrokes).toFixed(2),
      componentsPerKeystroke: +([...counts.values()].reduce((a, b) => a + b, 0) / keystrokes).toFixed(2),
      byComponent: Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, +(v / keystrokes).toFixed(2)])),
      answerJsonBytes: answers.length === 0 ? null : { median: [...answers].sort((a, b) => a - b)[answers.length >> 1], max: Math.max(...answers), messagesPerKeystroke: +(answers.length / keystrokes).toFixed(2) },
    }),
    { start },
  );
}

async function main() {
  // a traced run keeps the names of functions (the trace's profile shows them)
  await withBenchPage({ html: 'latency.html', ...(TRACE === undefined && !RENDERS ? {} : { minify: false }) }, async (url) => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', ...FRAME_ARGS] });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      if (RENDERS) await page.addInitScript(countRenders);
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
        const w = window as unknown as { lat: { down: number[]; dom: number[]; frame: number[]; keyFrame: number[] } };
        w.lat = { down: [], dom: [], frame: [], keyFrame: [] };
        const target = document.querySelector('[data-testid="surface-measure-required"]')!;
        document.addEventListener(
          'keydown',
          () => {
            w.lat.down.push(performance.now());
            // the keystroke's own frame: a DOM change before its animation frame callbacks is painted in it
            requestAnimationFrame(() => w.lat.keyFrame.push(performance.now()));
          },
          { capture: true },
        );
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
        if (TRACE !== undefined && i === WARMUP) await browser.startTracing(page, { path: TRACE, categories: TRACE_CATEGORIES });
        if (RENDERS && i === WARMUP) await page.evaluate(() => (window as unknown as { renderCounts: { start: () => void } }).renderCounts.start());
        await area.press(i % 2 === 0 ? '5' : 'Backspace');
        await page.waitForFunction((n) => (window as unknown as { lat: { frame: number[] } }).lat.frame.length >= n, i + 1, { timeout: 5000 });
      }
      if (TRACE !== undefined) await browser.stopTracing();
      if ((await count()) < SAMPLES + WARMUP) throw new Error('missing samples');
      const lat = await page.evaluate(() => (window as unknown as { lat: { down: number[]; dom: number[]; frame: number[]; keyFrame: number[] } }).lat);
      const dom = lat.dom.map((t, i) => t - lat.down[i]!).slice(WARMUP);
      const inKeystrokeFrame = lat.dom.slice(WARMUP).filter((t, i) => t <= lat.keyFrame[i + WARMUP]!).length;
      // the first animation frame after the keydown, whatever the page does: the floor of "next frame"
      const keystrokeFrame = lat.keyFrame.map((t, i) => t - lat.down[i]!).slice(WARMUP);
      const frame = lat.frame.map((t, i) => t - lat.down[i]!).slice(WARMUP);
      const bridgeMs = (await page.evaluate(() => (window as unknown as { benchBridge: number[] }).benchBridge)).slice(-dom.length);
      const phases = await page.evaluate(() => {
        const w = window as unknown as { benchEdits: number[]; benchAnswers: number[]; lat: { down: number[]; dom: number[] } };
        return { edits: w.benchEdits, answers: w.benchAnswers, down: w.lat.down, dom: w.lat.dom };
      });
      const offset = phases.edits.length - phases.down.length;
      const keyToEdit = phases.down.map((t, i) => (phases.edits[i + offset] ?? t) - t).slice(WARMUP);
      const answerToDom = phases.dom.map((t, i) => t - (phases.answers[i + offset] ?? t)).slice(WARMUP);
      const renders = RENDERS ? await page.evaluate((n) => (window as unknown as { renderCounts: (samples: number) => unknown }).renderCounts(n), SAMPLES) : undefined;
      const mode = await page.evaluate(() => (window as unknown as { benchMode: () => string }).benchMode());
      // (a page of an earlier build, for a before/after comparison, may have neither: null)
      const editsRun = await page.evaluate(() => (window as unknown as { benchEditsRun?: { now: number; queued: number } }).benchEditsRun ?? null);
      // after the samples: a whole evaluation of the project on the main thread (20 after 5 warm-up)
      const derive = (await page.evaluate(() => (window as unknown as { benchDerive?: (runs: number) => Promise<number[]> }).benchDerive?.(25) ?? Promise.resolve([]))).slice(5);
      const floor = summary(await frameFloor(browser, SAMPLES));
      const next = summary(frame);
      const result = {
        bench: 'web dimensioning latency: keystroke in an area field → required volume updated',
        project: info,
        engine: mode,
        samples: dom.length,
        keydownToDomMs: summary(dom),
        frames: UNTHROTTLED ? 'unthrottled (--disable-frame-rate-limit --disable-gpu-vsync)' : 'display rate (60 Hz)',
        keydownToNextFrameMs: next,
        floor: { what: 'a bare input on a blank page: keydown → next animation frame', keydownToNextFrameMs: floor },
        overFloorMs: { median: +(next.median - floor.median).toFixed(2), p95: +(next.p95 - floor.p95).toFixed(2) },
        domInKeystrokeFrame: `${inKeystrokeFrame} of ${dom.length}`,
        keydownToKeystrokeFrameMs: summary(keystrokeFrame),
        keydownToEditMs: summary(keyToEdit),
        editsRun,
        engineRoundTripMs: summary(bridgeMs),
        mainThreadDeriveMs: derive.length === 0 ? null : summary(derive),
        answerToDomMs: summary(answerToDom),
        ...(renders === undefined ? {} : { renders }),
        chromium: browser.version(),
        pageErrors: errors,
      };
      console.log(JSON.stringify(result, null, 2));
      // the worker evaluates the project (seed); it may have ended idle by now ('idle')
      if (mode === 'main-thread') throw new Error('the engine worker failed: the engine ran on the main thread');
    } finally {
      await browser.close();
    }
  });
}

await main();
