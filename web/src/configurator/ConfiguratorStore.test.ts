import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../api/index.ts';
import { readConfig } from '../config.ts';
import { AUTOSAVE_MS, ConfiguratorStore } from './ConfiguratorStore.ts';
import { handleCanvasKey } from './ConfiguratorCanvas.tsx';
import { demoCatalogue } from './dialogs/testCatalogue.ts';
import { fakeConfiguratorServer, setupConfigurator, type Call } from './testServer.ts';

const catalogue = demoCatalogue();

const puts = (calls: readonly Call[]) => calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/boxItems'));
const patches = (calls: readonly Call[]) => calls.filter((c) => c.method === 'PATCH');

beforeEach(() => {
  // the layer and tool kept per configuration (sessionStorage) must not leak from one test into the next
  sessionStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: false });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ConfiguratorStore: loading', () => {
  it('loads configurations, item types, property sets and the first configuration’s items; loading until the project is there too', async () => {
    const { store, setReady } = setupConfigurator({ projectReady: false });
    const opening = store.open('p1');
    expect(store.loading).toBe(true);
    await opening;
    expect(store.configurations.map((c) => c.name)).toEqual(['Rigole Nord']);
    expect(store.itemTypes.length).toBe(catalogue.itemTypes.length);
    expect(store.boxTypes.map((t) => t.businessId)).toEqual(['BOX_FULL', 'BOX_HALF']);
    expect(store.propertySets.length).toBe(catalogue.propertySets.length);
    // plants with their configuration property sets resolved (the connection dialog's list)
    expect(store.plants.map((p) => p.propertyId)).toEqual(catalogue.plants.map((p) => p.propertyId));
    expect(store.plants[0]?.configurationPropertySet.id).toBe(catalogue.plants[0]?.configurationPropertySetId);
    expect(store.plants[0]?.diameterMm).toBe(110);
    expect(store.grid?.boxCount).toBe(2);
    expect(store.grid?.sizeX).toBe(5);
    expect(store.grid?.layers.length).toBe(2);
    expect(store.loading).toBe(true); // the project (waterflow) is not loaded yet
    setReady(true);
    expect(store.loading).toBe(false);
    expect(store.itemTypeId).toBe('BOX_FULL');
    expect(store.volumes?.boxCount).toBe(2);
  });

  it('applies nothing from an items answer that breaks spec §5, and says so', async () => {
    const { store, server, notifications } = setupConfigurator();
    server.state.itemsAnswer = { version: 3, boxItems: [{ boxId: 'b1', boxTypeId: 'BOX_FULL', x: '0', y: 0, z: 0, rotation: 'North' }] };
    await store.open('p1');
    expect(store.grid).toBeUndefined();
    expect(store.loading).toBe(false);
    expect(notifications.notices.map((n) => n.message)).toContain('configurator:load.itemsFailed');
  });

  it('skips and reports the items whose shaft or plant property set is missing (spec §5), keeps the others', async () => {
    const shaftAndPlant = (server: ReturnType<typeof fakeConfiguratorServer>) => {
      server.state.items.push(
        { boxId: 'b3', boxTypeId: 'BOX_FULL', x: 2, y: 0, z: 0, rotation: 'North', options: [{ propertyId: 'side.back.plant1', value: 'PIPE_DN160' }] },
        { boxId: 's1', boxTypeId: 'SHAFT_C3_X_100', x: 3, y: 0, z: 1, rotation: 'North', options: [] },
        { boxId: 'b4', boxTypeId: 'BOX_FULL', x: 4, y: 0, z: 0, rotation: 'North', options: [] },
      );
    };
    // with the whole catalogue every item loads
    const whole = setupConfigurator();
    shaftAndPlant(whole.server);
    await whole.store.open('p1');
    expect([whole.store.grid?.boxCount, whole.store.grid?.shaftCount]).toEqual([4, 1]);
    expect(whole.store.messages.filter((m) => m.code === 'PROPERTY_SET_MISSING')).toEqual([]);

    const { store, server } = setupConfigurator();
    shaftAndPlant(server);
    server.state.dropSets = ['SHAFT_X', 'PLANT_DN160'];
    await store.open('p1');
    expect([store.grid?.boxCount, store.grid?.shaftCount]).toEqual([3, 0]);
    expect(store.grid === undefined ? [] : [0, 1, 2, 4].map((x) => store.grid!.layers[0]![x * store.grid!.sizeZ]?.boxId ?? null)).toEqual(['b1', 'b2', null, 'b4']);
    // shown in place, numbered by the item's place in the stored list, and logged
    expect(store.messages.filter((m) => m.code === 'PROPERTY_SET_MISSING').map((m) => m.params)).toEqual([
      { index: 2, plant: 'PIPE_DN160' },
      { index: 3, boxTypeId: 'SHAFT_C3_X_100' },
    ]);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('items skipped on load'), expect.stringContaining('PROPERTY_SET_MISSING'));
    // nothing is saved back: the skipped items stay stored until the layout is edited
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 100);
    expect(puts(server.calls)).toHaveLength(0);
  });

  it('reports a failed load and loads again on reload', async () => {
    const { store, notifications } = setupConfigurator();
    const failing = new ConfiguratorStore({
      api: createApi({ config: readConfig({}), fetch: (async () => new Response('{"type":"ERROR","code":1,"message":"x"}', { status: 500 })) as typeof fetch, culture: () => 'de' }),
      notifications,
      project: () => undefined,
      projectReady: () => true,
    });
    await failing.open('p1');
    expect(failing.status).toBe('failed');
    expect(notifications.notices.map((n) => n.message)).toContain('configurator:load.failed');
    await store.open('p1');
    expect(store.status).toBe('ready');
  });
});

describe('ConfiguratorStore: editing', () => {
  it('draws with the current item type on the current layer; undo and redo step through the engine history', async () => {
    const { store } = setupConfigurator();
    await store.open('p1');
    store.setTool('draw');
    store.setLayer(1);
    expect(store.applyAt(0, 0)).toBe(true);
    expect(store.grid?.layers[1]?.[0]?.boxTypeId).toBe('BOX_FULL');
    expect(store.canUndo).toBe(true);
    store.undo();
    expect(store.grid?.layers[1]?.[0]).toBeNull();
    store.redo();
    expect(store.grid?.layers[1]?.[0]?.boxTypeId).toBe('BOX_FULL');
  });

  it('a drag that draws or erases across cells is one undo step (decision 0153)', async () => {
    const { store } = setupConfigurator();
    await store.open('p1');
    const at = (x: number, z: number, y = 1) => store.grid?.layers[y]?.[x * 4 + z] ?? null;
    store.setTool('draw');
    store.setLayer(1);
    store.applyAt(4, 3); // a single click before: its own step
    const before = store.grid;
    // pointer down on (0, 0), drag over (1, 0), (2, 0), (2, 1), pointer up
    store.beginStroke();
    for (const [x, z] of [[0, 0], [1, 0], [2, 0], [2, 1]] as const) expect(store.applyAt(x, z)).toBe(true);
    store.endStroke();
    expect([at(0, 0), at(1, 0), at(2, 0), at(2, 1)].every((i) => i?.boxTypeId === 'BOX_FULL')).toBe(true);
    expect(store.undo()).toBe(true);
    expect(store.grid).toBe(before); // the whole stroke undone at once
    expect([at(0, 0), at(1, 0), at(2, 0), at(2, 1)]).toEqual([null, null, null, null]);
    expect(at(4, 3)?.boxTypeId).toBe('BOX_FULL');
    expect(store.redo()).toBe(true);
    expect(at(2, 1)?.boxTypeId).toBe('BOX_FULL');
    expect(store.canRedo).toBe(false);
    // an erase stroke, then a click after the stroke: two steps
    store.setTool('erase');
    store.beginStroke();
    store.applyAt(0, 0);
    store.applyAt(1, 0);
    store.endStroke();
    store.applyAt(2, 0);
    expect(at(2, 0)).toBeNull();
    store.undo();
    expect(at(2, 0)?.boxTypeId).toBe('BOX_FULL');
    expect(at(0, 0)).toBeNull();
    store.undo();
    expect([at(0, 0), at(1, 0)].every((i) => i?.boxTypeId === 'BOX_FULL')).toBe(true);
    store.undo();
    store.undo();
    expect(at(4, 3)).toBeNull();
    expect(store.canUndo).toBe(false);
  });

  it('a stroke whose cells change nothing leaves the history alone; undo during a stroke ends it', async () => {
    const { store } = setupConfigurator();
    await store.open('p1');
    store.setTool('erase');
    store.setLayer(1);
    store.beginStroke();
    expect(store.applyAt(3, 3)).toBe(false); // an empty cell
    expect(store.canUndo).toBe(false);
    store.setTool('draw');
    store.applyAt(0, 0);
    store.undo(); // ends the stroke
    store.applyAt(1, 0);
    store.applyAt(2, 0); // no stroke any more: its own step
    store.undo();
    expect(store.grid?.layers[1]?.[1 * 4]?.boxTypeId).toBe('BOX_FULL');
    expect(store.grid?.layers[1]?.[2 * 4]).toBeNull();
  });

  it('keeps a refusal (outside the selection) as a message until the next edit', async () => {
    const { store } = setupConfigurator();
    await store.open('p1');
    store.setTool('draw');
    store.select({ x0: 0, z0: 0, x1: 1, z1: 1 });
    expect(store.applyAt(4, 3)).toBe(false);
    expect(store.refusal?.code).toBe('OUTSIDE_SELECTION');
    expect(store.messages[0]?.code).toBe('OUTSIDE_SELECTION');
    expect(store.applyAt(1, 1)).toBe(true);
    expect(store.refusal).toBeUndefined();
  });

  it('fills the selection (Enter), erases it (Delete), rotates (r) and opens the options (p) from the keyboard', async () => {
    const { store } = setupConfigurator();
    await store.open('p1');
    const key = (k: string, extra: Partial<{ ctrlKey: boolean; shiftKey: boolean }> = {}) =>
      handleCanvasKey(store, { key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...extra });
    // Shift+arrows from the cursor select 3 × 2 cells
    key('ArrowRight', { shiftKey: true });
    key('ArrowRight', { shiftKey: true });
    key('ArrowUp', { shiftKey: true });
    expect(store.selection).toEqual({ x0: 0, z0: 0, x1: 2, z1: 1 });
    key('Enter');
    expect(store.selectedItems).toHaveLength(6);
    key('r');
    expect(store.selectedItems.every((i) => i.rotation === 'West')).toBe(true);
    key('Delete');
    expect(store.selectedItems).toHaveLength(0);
    expect(store.grid?.boxCount).toBe(0);
    key('z', { ctrlKey: true });
    expect(store.grid?.boxCount).toBe(6);
    key('y', { ctrlKey: true });
    expect(store.grid?.boxCount).toBe(0);
    key('Escape');
    expect(store.selection).toBeNull();
    // the cursor applies the tool: Space draws at the cursor, p opens that item's options
    store.setTool('draw');
    key(' ');
    expect(store.grid?.layers[0]?.[store.cursor.x * store.grid.sizeZ + store.cursor.z]?.boxTypeId).toBe('BOX_FULL');
    key('p');
    expect(store.optionsTarget?.x).toBe(store.cursor.x);
    store.closeOptions();
    expect(store.optionsTarget).toBeUndefined();
    // the cursor stays within the grid
    for (let i = 0; i < 10; i++) key('ArrowLeft');
    expect(store.cursor.x).toBe(0);
  });

  it('perspective mode stores the tool and blocks drawing; turning it off restores the tool (spec §4); gravity only with perspective', async () => {
    const { store } = setupConfigurator();
    await store.open('p1');
    store.setTool('erase');
    store.toggleGravity();
    expect(store.gravity).toBe(false);
    store.togglePerspective();
    expect(store.tool).toBeNull();
    expect(store.applyAt(0, 0)).toBe(false);
    expect(store.grid?.boxCount).toBe(2);
    store.toggleGravity();
    expect(store.gravity).toBe(true);
    store.togglePerspective();
    expect(store.tool).toBe('erase');
    expect(store.gravity).toBe(false);
  });

  it('adds an empty layer on top as one undo step, duplicates a layer, and knows the sides a neighbour covers', async () => {
    const { store } = setupConfigurator();
    await store.open('p1');
    expect(store.insertLayerEmpty()).toBe(true);
    expect(store.grid?.layers.length).toBe(3);
    expect(store.layer).toBe(2);
    expect(store.grid?.layers[2]?.every((c) => c === null)).toBe(true);
    store.undo();
    expect(store.grid?.layers.length).toBe(2);
    store.insertLayer(0, 'above');
    expect(store.grid?.layers[1]?.filter((c) => c !== null)).toHaveLength(2);
    const first = store.grid!.layers[0]![0]!;
    // b1 at (0,0) has b2 east of it (x + 1): at North its right side is covered
    expect(store.blockedSides(first)).toEqual(['right']);
  });
});

describe('ConfiguratorStore: saving', () => {
  it('saves the items 2 s after the last change, temporary ids as null, then with their stored ids', async () => {
    const { store, server } = setupConfigurator();
    await store.open('p1');
    store.setTool('draw');
    store.applyAt(2, 0);
    expect(store.saveStatus).toBe('pending');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 500);
    store.applyAt(3, 0);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 500);
    expect(puts(server.calls)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(600);
    expect(puts(server.calls)).toHaveLength(1);
    const body = puts(server.calls)[0]!.body as { version: number; boxItems: { boxId: string | null; x: number }[] };
    expect(body.version).toBe(3);
    expect(body.boxItems.map((i) => i.boxId)).toEqual(['b1', 'b2', null, null]);
    expect(store.saveStatus).toBe('saved');
    store.applyAt(4, 0);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    const second = puts(server.calls)[1]!.body as { version: number; boxItems: { boxId: string | null }[] };
    expect(second.version).toBe(4);
    expect(second.boxItems.map((i) => i.boxId)).toEqual(['b1', 'b2', 'b3', 'b4', null]);
  });

  it('saves settings at once (PATCH with the version read)', async () => {
    const { store, server } = setupConfigurator();
    await store.open('p1');
    expect(store.patchSettings({ groundLevel: 3.25 })).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(patches(server.calls).map((c) => c.body)).toEqual([{ version: 3, groundLevel: 3.25 }]);
    expect(server.state.version).toBe(4);
    expect(store.patchSettings({ groundLevel: Number.NaN })).toBe(false);
    expect(store.refusal?.code).toBe('INVALID_VALUE');
    await store.renameConfiguration('  Rigole Süd ');
    expect(patches(server.calls)[1]?.body).toEqual({ version: 4, name: 'Rigole Süd' });
    expect(store.selected?.name).toBe('Rigole Süd');
  });

  it('keeps the layout when a save fails, tells the user once, retries and says when it is saved again', async () => {
    const { store, server, notifications } = setupConfigurator();
    await store.open('p1');
    store.setTool('erase');
    store.applyAt(0, 0);
    server.state.failPut = 503;
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    expect(store.saveStatus).toBe('failed');
    expect(store.grid?.boxCount).toBe(1);
    expect(notifications.notices.filter((n) => n.message === 'configurator:save.failed')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.saveStatus).toBe('saved');
    expect(server.state.items.map((i) => i.boxId)).toEqual(['b2']);
    expect(notifications.notices.map((n) => n.message)).toContain('configurator:save.recovered');
  });

  it('on a version conflict asks the user: never overwrites silently; overwrite sends over the stored version, reload takes the stored layout', async () => {
    const { store, server, notifications } = setupConfigurator();
    await store.open('p1');
    store.setTool('erase');
    store.applyAt(0, 0);
    server.state.conflictPut = true;
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    expect(store.saveStatus).toBe('conflict');
    expect(notifications.notices.map((n) => n.message)).toContain('configurator:save.conflict');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(puts(server.calls)).toHaveLength(1); // no retry behind the user's back
    // someone else stored a version 7 meanwhile
    server.state.version = 7;
    expect(await store.resolveConflict('overwrite')).toBe(true);
    expect(store.saveStatus).toBe('saved');
    // the whole state goes over the stored version: the settings (PATCH over 7), then the items (PUT over 8)
    expect((patches(server.calls)[0]!.body as { version: number }).version).toBe(7);
    expect((puts(server.calls)[1]!.body as { version: number }).version).toBe(8);
    expect(server.state.items.map((i) => i.boxId)).toEqual(['b2']);

    // a second conflict, resolved by reloading: the local change is dropped
    store.applyAt(1, 0);
    server.state.conflictPut = true;
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    expect(store.saveStatus).toBe('conflict');
    expect(await store.resolveConflict('reload')).toBe(true);
    expect(store.grid?.boxCount).toBe(1);
    expect(store.saveStatus).toBe('saved');
  });

  it('saves pending items before switching configuration, and creates and deletes configurations', async () => {
    const { store, server } = setupConfigurator();
    await store.open('p1');
    store.setTool('erase');
    store.applyAt(0, 0);
    const id = await store.createConfiguration(null, '');
    expect(id).toBe('cfg2');
    expect(puts(server.calls)).toHaveLength(1); // the pending change of cfg1 went first
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ projectId: 'p1', measureId: null, name: '' });
    expect(store.selectedId).toBe('cfg2');
    expect(store.grid?.boxCount).toBe(0);
    expect(await store.deleteConfiguration()).toBe(true);
    expect(store.configurations.map((c) => c.id)).toEqual(['cfg1']);
    expect(store.selectedId).toBe('cfg1');
  });
});

describe('ConfiguratorStore: an old configuration with items beyond its stored grid', () => {
  /** The stored grid is 4 m × 3.2 m (5 × 4 cells); two items lie at x 6 and z 5, saved before such items were refused. */
  const oldConfiguration = (server: ReturnType<typeof fakeConfiguratorServer>) => {
    server.state.items.push(
      { boxId: 'b8', boxTypeId: 'BOX_FULL', x: 6, y: 0, z: 0, rotation: 'North', options: [] },
      { boxId: 'b9', boxTypeId: 'BOX_FULL', x: 0, y: 0, z: 5, rotation: 'North', options: [] },
    );
  };

  it('says how many lie outside and saves nothing, not even after an edit, until the planner chooses', async () => {
    const { store, server } = setupConfigurator();
    oldConfiguration(server);
    await store.open('p1');
    expect(store.outsideItems).toEqual({ count: 2, lengthM: 4, widthM: 3.2, grownLengthM: 5.6, grownWidthM: 4.8 });
    expect(store.grid?.boxCount).toBe(4);
    store.setCursor(2, 2);
    expect(store.applyAtCursor()).toBe(true);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 100);
    await store.flush();
    expect(puts(server.calls)).toHaveLength(0);
    expect(patches(server.calls)).toHaveLength(0);
    expect(store.saveStatus).toBe('pending');
  });

  it('"enlarge" stores the grid that holds them (length × width), then the items', async () => {
    const { store, server } = setupConfigurator();
    oldConfiguration(server);
    await store.open('p1');
    store.setCursor(2, 2);
    store.applyAtCursor();
    expect(await store.resolveOutsideItems('enlarge')).toBe(true);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 100);
    await store.flush();
    expect(store.outsideItems).toBeUndefined();
    expect(patches(server.calls).map((c) => (c.body as { dimensioning?: unknown }).dimensioning)).toEqual([{ length: 5.6, width: 4.8 }]);
    expect(server.state.items).toHaveLength(5);
    expect(store.saveStatus).toBe('saved');
  });

  it('"remove" drops them (the stored grid stays) and saves the items without them; undo brings them back', async () => {
    const { store, server } = setupConfigurator();
    oldConfiguration(server);
    await store.open('p1');
    await store.resolveOutsideItems('remove');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 100);
    await store.flush();
    expect(store.outsideItems).toBeUndefined();
    expect([store.grid?.sizeX, store.grid?.sizeZ]).toEqual([5, 4]);
    expect(patches(server.calls)).toHaveLength(0);
    expect(server.state.items.map((i) => i.boxId)).toEqual(['b1', 'b2']);
    expect(store.canUndo).toBe(true);
    expect(await store.resolveOutsideItems('remove')).toBe(false);
  });

  it('a configuration whose items lie inside its grid shows nothing and saves as before', async () => {
    const { store, server } = setupConfigurator();
    await store.open('p1');
    expect(store.outsideItems).toBeUndefined();
    store.setCursor(2, 2);
    store.applyAtCursor();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 100);
    await store.flush();
    expect(puts(server.calls)).toHaveLength(1);
  });
});
