/**
 * `npm run bench` (web), box configurator: a 20,160-box layout (60 × 48 cells × 7 layers of full
 * boxes) in the real configurator screen (bench/configurator.html: the app over an in-memory api)
 * in headless Chromium with WebGL on SwiftShader (CPU rendering: a lower bound for any GPU).
 *
 * Measured per edit kind (place a box, erase a box, fill a layer after erasing a row of it):
 * - editToPixelsMs: from the store action (the engine's operation, history, the MobX reaction that
 *   diffs the grid and uploads the changed instance slots) through `scene.render()` to the frame's
 *   pixels (one pixel read back, so the GPU work is included) — the work of one edit, target
 *   p95 ≤ 16 ms (one frame at 60 Hz);
 * - editToNextFrameMs: from the action to the end of the first frame drawn after it — at once
 *   when nothing was drawn in the current display frame (decision 0163), else the render loop's
 *   next frame (then it adds the wait for the display refresh, 0 … 16.7 ms); the rasteriser's work
 *   is not waited for (that is editToPixelsMs).
 * Also: the engine operation alone (main thread), a worker round trip of the same change list
 * (decision 0106), draw calls with 0 and with 20,160 boxes, instances, and the JS heap after GC.
 * `renderer` says which path was measured: the WebGL renderer string and how the plan view drew
 * ("merged" on a software renderer, "instanced" otherwise; decision 0161) and whether the context
 * has MSAA (`antialias`: false on software renderers, whose merged plan view is also unlit with
 * baked colours; decision 0162).
 *
 * Also the floor of the renderer: a frame of the full layout without an edit (frameWithoutEditMs:
 * SwiftShader's rasterisation) and of the empty grid (emptyFrameMs), and the main thread's work of
 * an edit until the next macrotask (editMainThreadMs: store action, MobX reactions, React commits,
 * scene update — what the app itself controls, target ≤ 16 ms; since 2026-11-28 the tool switch
 * between the erase and draw samples happens before the measured window).
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), CONFIGURATOR_SAMPLES (default 100),
 * SCREENSHOT=<file.png> writes the screen with the full layout (plan view of the top layer); PROFILE=<file.cpuprofile> builds without
 * minifying and writes a CPU profile of the floor measurements (open it in Chrome's DevTools).
 */
import path from 'node:path';
import { tmpdir } from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, spread, WEB_DIR, withBenchPage } from './benchPage.ts';

const SAMPLES = Number(process.env['CONFIGURATOR_SAMPLES'] ?? 100);
const WARMUP = 10;

const summary = (values: readonly number[]) => ({ ...spread(values), samples: values.length });

type EditKind = 'place' | 'erase' | 'fillLayer';

async function main() {
  const benchPage = {
    html: 'configurator.html',
    // mode "bench": a production build whose configurator canvas sets its test hook
    mode: 'bench',
    minify: process.env['PROFILE'] === undefined,
    extraFiles: { '/favicon.ico': null, '/fixtures/boxes.json': path.join(WEB_DIR, '..', 'fixtures', 'catalogue', 'boxes.json') },
  };
  await withBenchPage(benchPage, async (url) => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
      });
      await page.goto(url);
      const ready = page.waitForFunction(
        () => {
          const hook = (window as unknown as { __rainplanConfigurator?: { stats: () => { instances: number; frames: number } } }).__rainplanConfigurator;
          return hook !== undefined && hook.stats().instances === 20160 && hook.stats().frames > 0;
        },
        undefined,
        { timeout: Number(process.env["CONFIGURATOR_LOAD_TIMEOUT_MS"] ?? 120_000) },
      );
      await ready.catch(async (error: unknown) => {
        await page.screenshot({ path: process.env['SCREENSHOT'] ?? path.join(tmpdir(), 'rainplan-configurator-bench-failed.png') });
        throw new Error(`the configurator did not show 20,160 boxes: ${String(error)}; page errors: ${errors.join('; ')}`);
      });
      await page.waitForSelector('[data-testid="configurator-loading"]', { state: 'detached', timeout: 60_000 });

      const measure = async (kind: EditKind, samples: number) =>
        page.evaluate(
          async ({ kind, samples }) => {
            type Hook = {
              store: {
                grid: { sizeX: number; sizeZ: number; layers: unknown[] } | undefined;
                setTool: (t: string) => void;
                setLayer: (y: number) => void;
                setItemType: (id: string) => void;
                select: (a: null) => void;
                applyAt: (x: number, z: number) => boolean;
              };
              nextFrame: () => Promise<number>;
              frameAfter: (time: number) => Promise<number>;
              finishPixels: () => void;
              renderNow: () => void;
              stats: () => { frames: number };
            };
            const hook = (window as unknown as { __rainplanConfigurator: Hook }).__rainplanConfigurator;
            const s = hook.store;
            const grid = s.grid!;
            s.select(null);
            s.setItemType('BOX_FULL');
            const pixels: number[] = [];
            const frames: number[] = [];
            // between samples: the frames drawn so far finished (pixels), then a pause — each measured edit starts on an idle pipeline
            const settle = () => {
              hook.finishPixels();
              return new Promise((r) => setTimeout(r, 30));
            };
            // an unmeasured edit and the frame that shows it (no extra frame asked for)
            const applyShown = async (x: number, z: number) => {
              const te = performance.now();
              s.applyAt(x, z);
              await hook.frameAfter(te);
            };
            for (let i = 0; i < samples; i++) {
              const layer = i % grid.layers.length;
              s.setLayer(layer);
              await settle();
              const x = (i * 7) % grid.sizeX;
              const z = (i * 13) % grid.sizeZ;
              if (kind === 'fillLayer') {
                // empty a row of the layer first (not measured), then fill the layer
                s.setTool('eraseHorizontal');
                await applyShown(x, z);
                await settle();
                s.setTool('fillLayer');
              } else if (kind === 'place') {
                // make the cell empty first (not measured), then place
                s.setTool('erase');
                await applyShown(x, z);
                await settle();
                s.setTool('draw');
              } else {
                s.setTool('erase');
              }
              // edit → pixels (forced render + read back)
              // (an edit draws at once when no frame was drawn in the current display frame, decision 0163;
              // else the next animation frame draws it: then draw here)
              let t0 = performance.now();
              const before = hook.stats().frames;
              const changed = s.applyAt(x, z);
              if (hook.stats().frames === before) hook.renderNow();
              else hook.finishPixels();
              pixels.push(performance.now() - t0);
              if (!changed) throw new Error(`${kind} at ${x},${z} changed nothing`);
              await settle();
              // the same edit undone and redone through the render loop: edit → next frame
              s.setTool(kind === 'erase' ? 'draw' : kind === 'place' ? 'erase' : 'eraseHorizontal');
              await applyShown(x, z);
              await settle();
              s.setTool(kind === 'erase' ? 'erase' : kind === 'place' ? 'draw' : 'fillLayer');
              t0 = performance.now();
              s.applyAt(x, z);
              const frame = await hook.frameAfter(t0);
              frames.push(frame - t0);
              await settle();
              // restore the full block for the next sample
              if (kind === 'erase') {
                s.setTool('draw');
                await applyShown(x, z);
              }
            }
            return { pixels, frames };
          },
          { kind, samples },
        );

      // the floor: a frame without an edit (render + read back), and the main thread's work after an
      // edit until the next macrotask (the store action, MobX reactions, React commits, the scene update)
      const profiler = process.env['PROFILE'] === undefined ? undefined : await page.context().newCDPSession(page);
      if (profiler !== undefined) {
        await profiler.send('Profiler.enable');
        await profiler.send('Profiler.setSamplingInterval', { interval: 100 });
        await profiler.send('Profiler.start');
      }
      const floor = await page.evaluate(async () => {
        type Hook = { store: { setTool: (t: string) => void; setLayer: (y: number) => void; applyAt: (x: number, z: number) => boolean }; renderNow: () => void; nextFrame: () => Promise<number> };
        const hook = (window as unknown as { __rainplanConfigurator: Hook }).__rainplanConfigurator;
        const frame: number[] = [];
        const main: number[] = [];
        hook.store.setLayer(3);
        await hook.nextFrame();
        for (let i = 0; i < 40; i++) {
          let t0 = performance.now();
          hook.renderNow();
          frame.push(performance.now() - t0);
          // the tool switch (a toolbar re-render) before the measured window: only the edit's work is measured
          hook.store.setTool(i % 2 === 0 ? 'erase' : 'draw');
          await new Promise((r) => setTimeout(r, 20));
          t0 = performance.now();
          hook.store.applyAt(5, 5);
          await new Promise((r) => setTimeout(r, 0));
          main.push(performance.now() - t0);
          await hook.nextFrame();
          await new Promise((r) => setTimeout(r, 20));
        }
        return { frame: frame.slice(5), main: main.slice(5) };
      });
      if (profiler !== undefined) {
        const { profile } = (await profiler.send('Profiler.stop')) as { profile: unknown };
        const { writeFile } = await import('node:fs/promises');
        await writeFile(process.env['PROFILE']!, JSON.stringify(profile));
      }
      const results: Record<string, unknown> = {};
      for (const kind of ['place', 'erase', 'fillLayer'] as const) {
        const r = await measure(kind, SAMPLES + WARMUP);
        results[kind] = { editToPixelsMs: summary(r.pixels.slice(WARMUP)), editToNextFrameMs: summary(r.frames.slice(WARMUP)) };
      }

      // the engine operations alone on the main thread, and a worker round trip of a change list
      const engine = await page.evaluate(async () => {
        type Hook = { store: { grid: { sizeX: number; sizeZ: number } | undefined; setTool: (t: string) => void; setLayer: (y: number) => void; applyAt: (x: number, z: number) => boolean; undo: () => boolean } };
        const hook = (window as unknown as { __rainplanConfigurator: Hook }).__rainplanConfigurator;
        const s = hook.store;
        const ops: number[] = [];
        for (let i = 0; i < 200; i++) {
          s.setLayer(i % 7);
          s.setTool(i % 2 === 0 ? 'erase' : 'draw');
          const t0 = performance.now();
          s.applyAt(i % 60, (i * 3) % 48);
          ops.push(performance.now() - t0);
        }
        const worker = new Worker(URL.createObjectURL(new Blob(['onmessage = (e) => postMessage(e.data)'], { type: 'text/javascript' })));
        const change = { added: [{ boxId: 'temp-1', boxTypeId: 'BOX_FULL', kind: 'BOX', x: 1, y: 0, z: 1, rotation: 'North', options: [] }], removed: [], updated: [], relayout: false, settings: false };
        const trips: number[] = [];
        for (let i = 0; i < 200; i++) {
          const t0 = performance.now();
          await new Promise<void>((resolve) => {
            worker.onmessage = () => resolve();
            worker.postMessage({ op: 'place', x: 1, y: 0, z: 1, change });
          });
          trips.push(performance.now() - t0);
        }
        worker.terminate();
        return { ops, trips };
      });

      const stats = await page.evaluate(async () => {
        type Hook = { stats: () => { drawCalls: number; instances: number; groups: number; renderer: string; planPath: string; antialias: boolean }; nextFrame: () => Promise<number>; store: { setLayer: (y: number) => void } };
        const hook = (window as unknown as { __rainplanConfigurator: Hook }).__rainplanConfigurator;
        hook.store.setLayer(6);
        await hook.nextFrame();
        await hook.nextFrame();
        return hook.stats();
      });
      // the plan view of the full layout (layer 7 over layer 6)
      if (process.env['SCREENSHOT']) await page.screenshot({ path: process.env['SCREENSHOT'] });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
      // draw calls of the empty grid: erase every layer (fill layer's opposite: erase area)
      const empty = await page.evaluate(async () => {
        type Hook = {
          stats: () => { drawCalls: number; instances: number };
          nextFrame: () => Promise<number>;
          store: { grid: { sizeX: number; sizeZ: number; layers: unknown[] } | undefined; setLayer: (y: number) => void; select: (a: unknown) => void; eraseSelection: () => boolean };
        };
        const hook = (window as unknown as { __rainplanConfigurator: Hook }).__rainplanConfigurator;
        const s = hook.store;
        const g = s.grid!;
        for (let y = 0; y < g.layers.length; y++) {
          s.setLayer(y);
          s.select({ x0: 0, z0: 0, x1: g.sizeX - 1, z1: g.sizeZ - 1 });
          s.eraseSelection();
        }
        s.select(null);
        await hook.nextFrame();
        await hook.nextFrame();
        const frames: number[] = [];
        for (let i = 0; i < 15; i++) {
          const t0 = performance.now();
          (hook as unknown as { renderNow: () => void }).renderNow();
          frames.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 20));
        }
        return { ...hook.stats(), frames: frames.slice(5) };
      });

      const result = {
        bench: 'web box configurator: edit → rendered frame, 20,160 boxes (60 × 48 × 7), SwiftShader WebGL',
        samples: SAMPLES,
        // which path was measured: the GL renderer, how the plan view drew the groups (decision 0161)
        // and whether the context has MSAA (not on software renderers, decision 0162)
        renderer: { gl: stats.renderer, planView: stats.planPath, antialias: stats.antialias },
        ...results,
        frameWithoutEditMs: summary(floor.frame),
        emptyFrameMs: summary(empty.frames),
        editMainThreadMs: summary(floor.main),
        engineOperationMs: summary(engine.ops),
        workerRoundTripMs: summary(engine.trips),
        drawCalls: { boxes20160: stats.drawCalls, empty: empty.drawCalls },
        instances: stats.instances,
        meshes: stats.groups,
        jsHeapMB: +(heap.usedSize / 1048576).toFixed(1),
        chromium: browser.version(),
        pageErrors: errors,
      };
      console.log(JSON.stringify(result, null, 2));
      if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    } finally {
      await browser.close();
    }
  });
}

await main();
