/**
 * The in-memory configurator api of the configurator store's unit tests: one project ("p1") with one
 * configuration ("cfg1", 5 × 4 cells, 2 layers) answering like the api (versions, 409 on a stale
 * version), a second configuration made by POST, and switches to fail or conflict the next save.
 * Reads the demo catalogue from fixtures/catalogue: tests only.
 */
import type { Project } from '@rainplan/engine';
import { createApi } from '../api/index.ts';
import { readConfig } from '../config.ts';
import { NotificationStore } from '../stores/NotificationStore.ts';
import { ConfiguratorStore } from './ConfiguratorStore.ts';
import { demoCatalogue } from './dialogs/testCatalogue.ts';

const catalogue = demoCatalogue();

export interface Call {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

/** An in-memory api of one project with one configuration (5 × 4 cells, 2 layers). */
export function fakeConfiguratorServer() {
  const state = {
    version: 3,
    config: {
      id: 'cfg1',
      projectId: 'p1',
      measureId: null as string | null,
      name: 'Rigole Nord',
      dimensioning: { length: 4, width: 3.2, height: 0.66, levels: 2, storageCoefficient: 95 },
      projectionAxes: { xProjectionAxes: [], yProjectionAxes: [] },
      groundLevel: 2,
      plantBottomLevel: 0,
      stormwaterObjective: 'infiltration',
      itemCount: 2,
    },
    items: [
      { boxId: 'b1', boxTypeId: 'BOX_FULL', x: 0, y: 0, z: 0, rotation: 'North', options: [] },
      { boxId: 'b2', boxTypeId: 'BOX_FULL', x: 1, y: 0, z: 0, rotation: 'North', options: [] },
    ] as { boxId: string | null; boxTypeId: string; x: number; y: number; z: number; rotation: string; options: unknown[] }[],
    nextId: 3,
    /** Answer the next PUT with this status (once). */
    failPut: undefined as number | undefined,
    conflictPut: false,
    itemsAnswer: undefined as unknown,
    /** Property sets the catalogue answer leaves out. */
    dropSets: [] as string[],
    configs: [] as { id: string; name: string; measureId: string | null }[],
  };
  const calls: Call[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  const configuration = () => ({ ...state.config, version: state.version });
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body = init?.body === undefined || init.body === null ? undefined : JSON.parse(String(init.body));
    calls.push({ method, path, body });
    if (path === '/BoxConfigurator/configurations/p1') return json([configuration(), ...state.configs.map((c) => ({ ...configuration(), ...c }))]);
    if (path === '/BoxConfigurator/itemTypes') return json(catalogue.itemTypes);
    if (path === '/BoxConfigurator/propertySets') return json(catalogue.propertySets.filter((set) => !state.dropSets.includes(set.id)));
    if (path === '/BoxConfigurator/plants') return json(catalogue.plants);
    if (path === '/BoxConfigurator/cfg1' && method === 'GET') return json(configuration());
    if (path === '/BoxConfigurator/cfg1' && method === 'PATCH') {
      if (body.version !== state.version) return json({ type: 'ERROR', code: 56, message: 'stale', current: configuration() }, 409);
      Object.assign(state.config, body);
      state.version++;
      return json(configuration());
    }
    if (path === '/BoxConfigurator/cfg1/boxItems' && method === 'GET') return json(state.itemsAnswer ?? { version: state.version, boxItems: state.items });
    if (path === '/BoxConfigurator/cfg1/boxItems' && method === 'PUT') {
      if (state.failPut !== undefined) {
        const status = state.failPut;
        state.failPut = undefined;
        return json({ type: 'ERROR', code: 1, message: 'down' }, status);
      }
      if (state.conflictPut || body.version !== state.version) {
        state.conflictPut = false;
        return json({ type: 'ERROR', code: 56, message: 'stale', current: { version: state.version, boxItems: state.items } }, 409);
      }
      state.items = body.boxItems.map((it: { boxId: string | null }) => ({ ...it, boxId: it.boxId ?? `b${state.nextId++}` }));
      state.version++;
      return json({ version: state.version, boxItems: state.items });
    }
    if (path === '/BoxConfigurator' && method === 'POST') {
      const created = { id: 'cfg2', name: body.name === '' ? 'newConfig' : body.name, measureId: body.measureId };
      state.configs.push(created);
      return json({ ...configuration(), ...created, version: 1 });
    }
    if (path === '/BoxConfigurator/cfg2' && method === 'GET') return json({ ...configuration(), ...state.configs[0], version: 1 });
    if (path === '/BoxConfigurator/cfg2/boxItems') return json({ version: 1, boxItems: [] });
    if (path === '/BoxConfigurator/cfg2' && method === 'DELETE') {
      state.configs = [];
      return json({ type: 'MESSAGE', message: 'deleted' });
    }
    return json({ type: 'ERROR', code: 11, message: 'not found' }, 404);
  }) as typeof globalThis.fetch;
  return { state, calls, fetch };
}

export interface ConfiguratorSetupOptions {
  /** The project is loaded (the store's loading waits for it); true unless told. */
  readonly projectReady?: boolean;
  readonly project?: Project;
  /** Answers some requests itself and passes the rest to the fake server's fetch. */
  readonly fetch?: (serverFetch: typeof globalThis.fetch) => typeof globalThis.fetch;
}

/** A configurator store over a fresh fake server (German culture, debug on). */
export function setupConfigurator(options: ConfiguratorSetupOptions = {}) {
  const server = fakeConfiguratorServer();
  const notifications = new NotificationStore();
  let ready = options.projectReady ?? true;
  const store = new ConfiguratorStore({
    api: createApi({ config: readConfig({}), fetch: options.fetch?.(server.fetch) ?? server.fetch, culture: () => 'de' }),
    notifications,
    project: () => options.project,
    projectReady: () => ready,
    debug: true,
  });
  return { store, server, notifications, setReady: (v: boolean) => (ready = v) };
}
