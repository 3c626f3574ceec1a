/**
 * The configurator's workspace kept across a reload and the perspective view's keys (issue 27,
 * decision 0208): per configuration the layer and the tool survive a reload of the page (this
 * tab's sessionStorage), the configuration open before the reload opens again, Shift+arrow keys
 * select nothing in the perspective view, the wheel never scrolls the page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseProject, type Project } from '@rainplan/engine';
import { readView } from './ConfiguratorStore.ts';
import { handleCanvasKey, wheelZoom } from './ConfiguratorCanvas.tsx';
import { setupConfigurator } from './testServer.ts';

function setup(options: { projectReady?: boolean; project?: Project; bills?: string[] } = {}) {
  // The configuration's mass list answers the next of `bills` as its total (the api's engine bill).
  const bills = [...(options.bills ?? [])];
  const withBills = (serverFetch: typeof globalThis.fetch) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/Documents/p1/boxConfigurator/cfg1/masslist/data') {
        return new Response(JSON.stringify({ massListGroups: [], totalPrice: bills.shift() ?? '0.00', currency: 'EUR', groupBy: url.searchParams.get('groupBy') }), { status: 200 });
      }
      return serverFetch(input, init);
    }) as typeof globalThis.fetch;
  return setupConfigurator({ ...options, fetch: withBills });
}


beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the layer and the tool survive a reload', () => {
  it('restores the layer and tool of each configuration and reopens the configuration that was open', async () => {
    const first = setup();
    await first.store.open('p1');
    expect(first.store.layer).toBe(0);
    expect(first.store.tool).toBe('draw');
    first.store.setLayer(1);
    first.store.setTool('fillLayer');
    expect(readView('cfg1')).toEqual({ layer: 1, tool: 'fillLayer' });

    // A reload: a new store over the same tab's storage.
    const reloaded = setup();
    await reloaded.store.open('p1');
    expect(reloaded.store.selectedId).toBe('cfg1');
    expect(reloaded.store.layer).toBe(1);
    expect(reloaded.store.tool).toBe('fillLayer');

    // Another configuration keeps its own view; the one open last opens after the next reload.
    await reloaded.store.createConfiguration(null, 'Zweite');
    expect(reloaded.store.selectedId).toBe('cfg2');
    reloaded.store.setTool('erase');
    const again = setup();
    again.server.state.configs.push({ id: 'cfg2', name: 'Zweite', measureId: null });
    await again.store.open('p1');
    expect(again.store.selectedId).toBe('cfg2');
    expect(again.store.tool).toBe('erase');
    await again.store.selectConfiguration('cfg1');
    expect(again.store.layer).toBe(1);
    expect(again.store.tool).toBe('fillLayer');
  });

  it('ignores a stored entry that is not a view (edited or from an older build)', async () => {
    sessionStorage.setItem('rainplan.configurator.view.cfg1', JSON.stringify({ layer: 9, tool: 'paintbrush' }));
    const { store } = setup();
    await store.open('p1');
    expect(store.layer).toBe(0); // the grid has two layers: a stored ninth is ignored
    expect(store.tool).toBe('draw');
    sessionStorage.setItem('rainplan.configurator.view.cfg1', '{not json');
    expect(readView('cfg1')).toBeUndefined();
  });
});

describe('the perspective view', () => {
  it('moves the cursor with Shift+arrow keys but selects nothing', async () => {
    const { store } = setup();
    await store.open('p1');
    store.togglePerspective();
    const key = (k: string) => handleCanvasKey(store, { key: k, ctrlKey: false, metaKey: false, shiftKey: true, altKey: false });
    key('ArrowRight');
    key('ArrowUp');
    expect(store.cursor).toEqual({ x: 1, z: 1 });
    expect(store.selection).toBeNull();
    store.togglePerspective();
    key('ArrowRight');
    expect(store.selection).not.toBeNull();
  });
});

describe('the wheel over the canvas', () => {
  it('never scrolls the page and zooms only in the plan view', () => {
    const zoomBy = vi.fn();
    const event = (deltaY: number) => ({ deltaY, preventDefault: vi.fn() });
    const down = event(120);
    wheelZoom({ perspective: false }, down, { zoomBy });
    expect(down.preventDefault).toHaveBeenCalled();
    expect(zoomBy).toHaveBeenLastCalledWith(1 / 1.15);
    wheelZoom({ perspective: false }, event(-120), { zoomBy });
    expect(zoomBy).toHaveBeenLastCalledWith(1.15);
    const orbit = event(120);
    wheelZoom({ perspective: true }, orbit, { zoomBy });
    expect(orbit.preventDefault).toHaveBeenCalled();
    expect(zoomBy).toHaveBeenCalledTimes(2);
  });
});

describe('what the layout is for', () => {
  const parsed = parseProject(readFileSync(path.resolve(process.cwd(), '../fixtures/projects/sizing-infiltration-2024.project.json'), 'utf8'));
  if (!parsed.ok) throw new Error('fixture does not parse');
  const project = parsed.project;

  it("shows the linked measure's required volume, the layout's available volume and the verdict, and the bill total with its change after a saved edit", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    try {
      const { store, server } = setup({ project, bills: ['1000.00', '1189.00'] });
      server.state.config.measureId = 'm-rigole-seiten-dicht';
      await store.open('p1');
      await vi.waitFor(() => expect(store.billTotal).toEqual({ totalPrice: '1000.00', currency: 'EUR' }));
      const purpose = store.purpose;
      expect(purpose?.measureName).toBe('Rigole Seiten abgedichtet');
      expect(purpose?.availableVolumeM3).toBeCloseTo(2 * 0.8 * 0.8 * 0.66 * 0.95, 9); // the two stored boxes
      expect(purpose?.requiredVolumeM3).toBeGreaterThan(purpose?.availableVolumeM3 ?? 0);
      expect(purpose?.sufficient).toBe(false);
      // An edit: the verdict follows once it is saved, and so does the bill with its change.
      store.setTool('draw');
      store.applyAt(2, 0);
      await store.flush();
      expect(store.purpose?.availableVolumeM3).toBeCloseTo(3 * 0.8 * 0.8 * 0.66 * 0.95, 9);
      await vi.waitFor(() => expect(store.billTotal?.totalPrice).toBe('1189.00'));
      expect(store.previousBillTotal?.totalPrice).toBe('1000.00');
    } finally {
      vi.useRealTimers();
    }
  });

  it('has no purpose figures for a custom configuration, only the bill', async () => {
    const { store } = setup({ project, bills: ['12.50'] });
    await store.open('p1');
    expect(store.purpose).toBeUndefined();
    await vi.waitFor(() => expect(store.billTotal?.totalPrice).toBe('12.50'));
  });
});

describe('a full layer', () => {
  it('is known, so the screen can say how to make room', async () => {
    const { store } = setup();
    await store.open('p1');
    expect(store.layerFull).toBe(false);
    store.setTool('fillLayer');
    store.applyAt(0, 0);
    expect(store.layerFull).toBe(true);
    store.setLayer(1);
    expect(store.layerFull).toBe(false);
  });
});
