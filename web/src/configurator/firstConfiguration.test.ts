/**
 * A project's first configuration without a measure starts on the new project's grid, 10 m wide ×
 * 20 m long (planning spec §9, decision 0235); a later one and a measure's keep the api's grid.
 */
import { DEFAULTS } from '@rainplan/engine/tables';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupConfigurator, type Call } from './testServer.ts';

/** The api's new configuration: the new-configurator grid (api/src/box-configurator/store.ts DEFAULT_DIMENSIONING). */
const API_GRID = { width: DEFAULTS.newConfiguratorGridWidthM, length: DEFAULTS.newConfiguratorGridLengthM };

/**
 * A project without configurations in front of the fake server (which still answers the
 * catalogue): POST makes "new1" on the api's grid, PATCH changes it (409 on a stale version), or
 * answers `patchStatus` when set.
 */
function emptyProject(options: { patchStatus?: number } = {}) {
  const calls: Call[] = [];
  let created: Record<string, unknown> | undefined;
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  const fetch = (serverFetch: typeof globalThis.fetch) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      if (path === '/BoxConfigurator/configurations/p1') return json(created === undefined ? [] : [created]);
      if (path === '/BoxConfigurator' && method === 'POST') {
        created = {
          id: 'new1',
          projectId: 'p1',
          measureId: body.measureId,
          name: body.name === '' ? 'newConfig' : body.name,
          dimensioning: { ...API_GRID, height: 0.66, levels: 1, storageCoefficient: 95 },
          projectionAxes: { xProjectionAxes: [], yProjectionAxes: [] },
          groundLevel: 0,
          plantBottomLevel: -1.46,
          stormwaterObjective: 'infiltration',
          itemCount: 0,
          version: 1,
        };
        return json(created);
      }
      if (path === '/BoxConfigurator/new1' && method === 'PATCH' && created !== undefined) {
        if (options.patchStatus !== undefined) return json({ type: 'ERROR', code: 1, message: 'down' }, options.patchStatus);
        if (body.version !== created['version']) return json({ type: 'ERROR', code: 56, message: 'stale', current: created }, 409);
        created = { ...created, dimensioning: { ...(created['dimensioning'] as object), ...body.dimensioning }, version: body.version + 1 };
        return json(created);
      }
      if (path === '/BoxConfigurator/new1' && method === 'GET') return json(created);
      if (path === '/BoxConfigurator/new1/boxItems') return json({ version: created?.['version'], boxItems: [] });
      return serverFetch(input, init);
    }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const configurationCalls = (calls: readonly Call[]) => calls.filter((c) => c.method !== 'GET').map((c) => ({ method: c.method, path: c.path, body: c.body }));

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('the first configuration of a project', () => {
  it('without a measure gets the new project’s 10 m × 20 m grid at once, before anything is drawn', async () => {
    const project = emptyProject();
    const { store, notifications } = setupConfigurator({ fetch: project.fetch });
    await store.open('p1');
    expect(store.configurations).toEqual([]);
    const id = await store.createConfiguration(null, 'Hof');
    expect(id).toBe('new1');
    // only the edge that differs from the api's grid is sent (the api rounds a sent edge down to whole 0.8 m cells)
    expect(configurationCalls(project.calls)).toEqual([
      { method: 'POST', path: '/BoxConfigurator', body: { projectId: 'p1', measureId: null, name: 'Hof' } },
      { method: 'PATCH', path: '/BoxConfigurator/new1', body: { version: 1, dimensioning: { length: DEFAULTS.newProjectLengthM } } },
    ]);
    // 20 m long = 25 cells of 0.8 m, 10 m wide = 12 whole cells; opened with the changed version
    expect([store.grid?.sizeX, store.grid?.sizeZ]).toEqual([25, 12]);
    expect(store.selected?.dimensioning).toMatchObject({ width: 10, length: 20 });
    expect(store.selected?.version).toBe(2);
    expect(notifications.notices).toEqual([]);
  });

  it('for a measure takes the measure’s block as before (no change of the grid)', async () => {
    const project = emptyProject();
    const { store } = setupConfigurator({ fetch: project.fetch });
    await store.open('p1');
    await store.createConfiguration('m1', 'Rigole');
    expect(configurationCalls(project.calls).map((c) => c.method)).toEqual(['POST']);
  });

  it('a failed grid change keeps the configuration on the api’s grid, opened, and says so', async () => {
    const project = emptyProject({ patchStatus: 500 });
    const { store, notifications } = setupConfigurator({ fetch: project.fetch });
    await store.open('p1');
    expect(await store.createConfiguration(null, '')).toBe('new1');
    expect(store.selectedId).toBe('new1');
    expect([store.grid?.sizeX, store.grid?.sizeZ]).toEqual([12, 12]);
    expect(notifications.notices.map((n) => n.message)).toEqual(['configurator:create.gridFailed']);
  });
});

describe('a later configuration', () => {
  it('stays on the api’s new-configurator grid (no PATCH after the POST)', async () => {
    const { store, server } = setupConfigurator();
    await store.open('p1');
    expect(store.configurations).toHaveLength(1);
    await store.createConfiguration(null, 'Zweite');
    expect(configurationCalls(server.calls).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /BoxConfigurator']);
  });
});
