import { createMeasure, createSurface, SCHEMA_VERSION, type NodeKind, type Waterflow, type WaterflowNode } from '@rainplan/engine';
import { observable, observableRef, runInAction } from 'mobx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EngineBridge } from '../engine/client/EngineBridge.ts';
import { engineApi } from '../engine/shared/engineApi.ts';
import { call } from '../engine/shared/call.ts';
import { NotificationStore } from '../stores/NotificationStore.ts';
import { CUSTOM_RAIN, CUSTOM_RAIN_SHELL } from '../test/planning.ts';
import { saveInSpecOrder, type LoadedProject, type NodeToSave, type ProjectRepository, type ProjectShell } from './repository.ts';
import { PROJECT_SCHEMA_VERSION, WaterflowStore, type ShellSource } from './WaterflowStore.ts';

const rainData = CUSTOM_RAIN;
const shell: ProjectShell = CUSTOM_RAIN_SHELL;

class FakeRepository implements ProjectRepository {
  readonly storage = 'browser' as const;
  waterflow: Waterflow;
  saves: string[] = [];
  failing = new Set<string>();
  nextId = 1;
  gate: Promise<void> | undefined;
  constructor(waterflow: Waterflow) {
    this.waterflow = waterflow;
  }
  async load(): Promise<LoadedProject> {
    return { shell, waterflow: this.waterflow, rainData, facilities: [] };
  }
  async createNode(_p: string, kind: NodeKind, name: string): Promise<WaterflowNode> {
    const id = `new${this.nextId++}`;
    const op = kind === 'surface' ? createSurface : kind === 'measure' ? createMeasure : createSurface;
    return op(this.waterflow, { id, name }).waterflow.sealedSurfaces.find((n) => n.id === id) ?? { id, name, data: {} } as never;
  }
  async saveNode(_p: string, kind: NodeKind, node: WaterflowNode): Promise<WaterflowNode> {
    await this.gate;
    this.saves.push(`${kind}:${node.id}`);
    if (this.failing.has(node.id)) throw new Error('down');
    return node;
  }
  saveChanged(_p: string, nodes: readonly NodeToSave[]) {
    return saveInSpecOrder((kind, node) => this.saveNode(_p, kind, node), nodes);
  }
  deletes: string[] = [];
  async deleteNode(_p: string, _k: NodeKind, id: string) {
    this.deletes.push(id);
  }
  async setRuleEdition() {}
  unload: NodeToSave[] = [];
  saveOnUnload(_p: string, nodes: readonly NodeToSave[]) {
    this.unload = [...nodes];
  }
}

function setup(waterflow: Waterflow = { sealedSurfaces: [], purifications: [], measures: [] }, shellSource?: ShellSource) {
  const repository = new FakeRepository(waterflow);
  const notifications = new NotificationStore();
  const bridge = new EngineBridge({ createEndpoint: () => undefined, loadLocal: async () => engineApi });
  const store = new WaterflowStore({ bridge, notifications, repository, newName: (kind, n) => `${kind} ${n}`, ...(shellSource === undefined ? {} : { shellSource }) });
  return { store, repository, notifications };
}

function sampleWaterflow(): Waterflow {
  let wf = createSurface({ sealedSurfaces: [], purifications: [], measures: [] }, { id: 's1', name: 'Dach' }).waterflow;
  wf = createSurface(wf, { id: 's2', name: 'Hof' }).waterflow;
  wf = createMeasure(wf, { id: 'm1', name: 'Rigole' }).waterflow;
  return wf;
}

describe('WaterflowStore', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('keeps the project-file version equal to the engine', () => {
    expect(PROJECT_SCHEMA_VERSION).toBe(SCHEMA_VERSION);
  });

  it('opens a project, creating a first sealed surface when there is none, and evaluates it', async () => {
    const { store } = setup();
    await store.open('p1');
    expect(store.status).toBe('loaded');
    expect(store.waterflow.sealedSurfaces.map((s) => s.name)).toEqual(['surface 1']);
    expect(store.evaluation?.summary.surfaceCount).toBe(1);
    expect(store.evaluation?.ruleEdition).toBe('DWA-A 138-1:2024');
    expect(store.hasUnsavedChanges).toBe(false);
  });

  it('applies edits in the engine, marks changed nodes and shows new results', async () => {
    const { store } = setup(sampleWaterflow());
    await store.open('p1');
    await store.edit(call('setSurfaceDrain', 's1', 'Groundwater'));
    await store.edit(call('setSurfaceRunoff', 's1', 'flatRoof'));
    await store.edit(call('assignSurfaces', 'm1', ['s1']));
    await store.edit(call('setInstallationTarget', 'm1', 'Infiltration'));
    await store.edit(call('setInstallationVariant', 'm1', 'infiltrationTank'));
    await store.edit(call('setInfiltrationTankType', 'm1', 'Box'));
    await store.edit(call('setSoil', 'm1', 'S2'));
    void store.edit(call('updateSurface', 's1', { value: 100 }));
    void store.edit(call('updateSurface', 's1', { value: 1000 }));
    await store.settled();
    expect(store.surface('s1')?.value).toBe(1000);
    expect(store.measureResults.get('m1')?.AC).toBeCloseTo(900);
    expect(store.measureResults.get('m1')?.requiredVolume).toBeGreaterThan(0);
    // the derived fields are written into the waterflow (what is saved)
    expect(store.measure('m1')?.data.requiredVolume).toBe(store.measureResults.get('m1')?.requiredVolume);
    expect([...store.changed].sort()).toEqual(['m1', 's1']);
  });

  it('applies an edit with nothing before it within the call; one made during a re-evaluation after it', async () => {
    const { store } = setup(sampleWaterflow());
    await store.open('p1');
    await store.edit(call('setSurfaceDrain', 's1', 'Groundwater'));
    await store.edit(call('setSurfaceRunoff', 's1', 'flatRoof'));
    await store.edit(call('assignSurfaces', 'm1', ['s1']));
    const before = store.measureResults.get('m1');
    const s2 = store.surface('s2');
    // synchronous: the state is the edit's when edit() returns (the keystroke's frame shows it)
    const done = store.edit(call('updateSurface', 's1', { value: 500 }));
    expect(store.surface('s1')?.value).toBe(500);
    expect(store.surfaceResults.get('s1')?.areaM2).toBe(500);
    expect(store.measureResults.get('m1')?.AC).toBeGreaterThan(before?.AC ?? Infinity);
    expect(store.surface('s2')).toBe(s2);
    expect(store.editsInFlight).toBe(0);
    expect(await done).toBe(true);
    // an edit made while the project is seeded again waits for the seed and applies to its state
    const seeding = store.rederive();
    const queued = store.edit(call('updateSurface', 's1', { value: 700 }));
    expect(store.surface('s1')?.value).toBe(500);
    expect(store.editsInFlight).toBe(1);
    await seeding;
    expect(await queued).toBe(true);
    expect(store.surface('s1')?.value).toBe(700);
    expect(store.surfaceResults.get('s1')?.areaM2).toBe(700);
  });

  it('reports an edit the engine refuses, and goes on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = setup(sampleWaterflow());
    await store.open('p1');
    expect(await store.edit(call('deleteNode', 'nope'))).toBe(false);
    expect(await store.edit(call('renameNode', 's1', 'Dach 1'))).toBe(true);
  });

  it('saves changed nodes surfaces → measures → purifications and clears them', async () => {
    const { store, repository } = setup(sampleWaterflow());
    await store.open('p1');
    void store.edit(call('renameNode', 'm1', 'R'));
    void store.edit(call('updateSurface', 's2', { value: 5 }));
    expect(await store.saveChanged()).toBe(true);
    expect(repository.saves).toEqual(['surface:s2', 'measure:m1']);
    expect(store.hasUnsavedChanges).toBe(false);
    expect(store.saveStatus).toBe('saved');
    expect(store.saveFailures).toEqual([]);
  });

  it('tells what choosing a purification\'s measure would move, and counts nodes draining nowhere as incomplete', async () => {
    const { store } = setup(sampleWaterflow());
    await store.open('p1');
    await store.edit(call('createPurification', { id: 'p', name: 'Reinigung' }));
    const purification = store.waterflow.purifications[0]!;
    await store.edit(call('setSurfaceDrain', 's1', 'Groundwater'));
    await store.edit(call('setSurfaceDrain', 's2', 'Groundwater'));
    await store.edit(call('assignSurfaces', purification.id, ['s1']));
    await store.edit(call('assignSurfaces', 'm1', ['s2']));
    const change = store.purificationMeasureChange(purification.id, 'm1');
    expect(change.detached.map((s) => s.name)).toEqual(['Dach']);
    expect(change.previousMeasure).toBeUndefined();
    expect(change.adopted.map((s) => s.name)).toEqual(['Hof']);
    expect(store.purificationMeasureChange(purification.id, null).detached).toEqual([]);
    await store.edit(call('setPurificationMeasure', purification.id, 'm1'));
    expect(store.surface('s1')?.parentId ?? null).toBeNull();
    const summary = store.evaluation!.summary;
    const completeButDetached = store.evaluation!.sealedSurfaces.filter((r) => r.fullyCompleted && store.surface(r.id)?.parentId == null).length;
    expect(store.completion.done).toBe(summary.completedNodes - completeButDetached);
  });

  it('keeps a node changed when it was edited while being saved', async () => {
    const { store, repository } = setup(sampleWaterflow());
    await store.open('p1');
    await store.edit(call('updateSurface', 's1', { value: 10 }));
    let open!: () => void;
    repository.gate = new Promise((resolve) => (open = resolve));
    const saving = store.saveChanged();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await store.edit(call('updateSurface', 's1', { value: 11 }));
    open();
    await saving;
    expect(store.changed.has('s1')).toBe(true);
  });

  it('never loses an edit: a failed save keeps the changes, tells the user once and retries with backoff', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, repository, notifications } = setup(sampleWaterflow());
    await store.open('p1');
    await store.edit(call('updateSurface', 's1', { value: 10 }));
    await store.edit(call('renameNode', 'm1', 'R'));
    repository.failing.add('s1');
    vi.useFakeTimers();
    expect(await store.saveChanged()).toBe(false);
    expect(store.saveStatus).toBe('failed');
    expect([...store.changed]).toEqual(['s1']);
    expect(notifications.errors.length).toBe(1);
    // the failure is kept with its node for the visible alert (issue 14.3)
    expect(store.saveFailures).toEqual([{ kind: 'surface', id: 's1', message: 'down' }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(repository.saves.filter((s) => s === 'surface:s1').length).toBe(3);
    expect(notifications.errors.length).toBe(1);
    repository.failing.clear();
    await vi.advanceTimersByTimeAsync(2000);
    expect(store.hasUnsavedChanges).toBe(false);
    expect(store.saveStatus).toBe('saved');
    // the recovery is told once, and nothing is retried after it
    expect(notifications.notices.filter((n) => n.message === 'dimensioning:save.recovered')).toHaveLength(1);
    const saves = repository.saves.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(repository.saves.length).toBe(saves);
  });

  it('creates nodes (saving first), refuses to delete the last surface, deletes with the engine rules', async () => {
    const { store, repository } = setup(sampleWaterflow());
    await store.open('p1');
    await store.edit(call('setSurfaceDrain', 's1', 'Groundwater'));
    await store.edit(call('assignSurfaces', 'm1', ['s1']));
    const id = await store.createNode('measure');
    expect(repository.saves).toEqual(['surface:s1', 'measure:m1']);
    expect(store.measure(id)?.name).toBe('measure 2');
    expect(store.changed.has(id!)).toBe(false);
    expect(await store.deleteNode('measure', 'm1')).toBe(true);
    expect(store.surface('s1')?.parentId ?? null).toBeNull();
    expect(await store.deleteNode('surface', 's1')).toBe(true);
    expect(await store.deleteNode('surface', 's2')).toBe(false);
    expect(repository.deletes).toEqual(['m1', 's1']);
  });

  it('duplicates a surface and saves the copy', async () => {
    const { store } = setup(sampleWaterflow());
    await store.open('p1');
    await store.edit(call('updateSurface', 's1', { value: 42 }));
    const copy = await store.duplicateSurface('s1');
    expect(store.surface(copy)?.value).toBe(42);
    expect(store.hasUnsavedChanges).toBe(false);
  });

  it('saves on unload with the repository', async () => {
    const { store, repository } = setup(sampleWaterflow());
    await store.open('p1');
    await store.edit(call('updateSurface', 's1', { value: 42 }));
    store.saveOnUnload();
    expect(repository.unload.map((n) => n.node.id)).toEqual(['s1']);
  });

  it("follows (b)'s project shell: a new rule edition re-sizes", async () => {
    const source = observable({ projectId: 'p1', project: undefined as ShellSource['project'] }, { project: observableRef });
    const { store } = setup(sampleWaterflow(), source);
    await store.open('p1');
    await store.edit(call('setSurfaceDrain', 's1', 'Groundwater'));
    await store.edit(call('updateSurface', 's1', { value: 500, data: { cm: 0.9, cs: 1 } }));
    await store.edit(call('assignSurfaces', 'm1', ['s1']));
    await store.edit(call('setInstallationTarget', 'm1', 'Retention'));
    await store.edit(call('setInstallationType', 'm1', 'retentionBasin'));
    const before = store.measureResults.get('m1')?.requiredVolume;
    runInAction(() => (source.project = { ...shell, airPollution: 'L2', ruleEdition: 'DWA-A 138:2005' }));
    await store.settled();
    expect(store.evaluation?.ruleEdition).toBe('DWA-A 138:2005');
    expect(store.measureResults.get('m1')?.ruleEdition).toBe('DWA-A 138:2005');
    expect(typeof before).toBe('number');
  });
});
