/**
 * The configurator bench page: the real app (router, stores, the configurator screen with its
 * Babylon scene) over an in-memory api: one configuration of 60 × 48 cells × 7 layers filled with
 * 20,160 full boxes (the demo catalogue of fixtures/catalogue). No network. Driven by
 * scripts/bench-configurator.ts in headless Chromium (built in mode `bench`, so the canvas sets its
 * test hook `window.__rainplanConfigurator`: store, stats, nextFrame, renderNow);
 * `window.benchConfigurator` adds the api's save count.
 */
import { createRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { App } from '../src/App.tsx';
import { createApi } from '../src/api/index.ts';
import { readConfig } from '../src/config.ts';
import { createI18n } from '../src/i18n/index.ts';
import { createRoutes } from '../src/router/routes.tsx';
import { RootStore } from '../src/stores/RootStore.ts';
import { configuratorStore } from '../src/configurator/ConfiguratorStore.ts';
import '../src/styles/app.css';
import { detail, MemoryRepository, PROJECT_ID, session } from './memoryProject.ts';

localStorage.setItem('rainplan.changelogVersion', '1.0.5');
const CONFIG_ID = 'cfg-bench';
const SIZE = { x: 60, z: 48, layers: 7 };

// the demo catalogue (fixtures/catalogue/boxes.json), served by the bench script beside the page
const catalogue = (await (await fetch('/fixtures/boxes.json')).json()) as { itemTypes: unknown[]; propertySets: unknown[]; plants: unknown[] };

let version = 1;
const items: unknown[] = [];
for (let y = 0; y < SIZE.layers; y++)
  for (let x = 0; x < SIZE.x; x++) for (let z = 0; z < SIZE.z; z++) items.push({ boxId: `b${items.length + 1}`, boxTypeId: 'BOX_FULL', x, y, z, rotation: 'North', options: [] });
const configuration = () => ({
  id: CONFIG_ID,
  projectId: PROJECT_ID,
  measureId: null,
  name: 'Bench 60 × 48 × 7',
  dimensioning: { length: SIZE.x * 0.8, width: SIZE.z * 0.8, height: SIZE.layers * 0.66, levels: SIZE.layers, storageCoefficient: 95 },
  projectionAxes: { xProjectionAxes: [], yProjectionAxes: [] },
  groundLevel: 10,
  plantBottomLevel: 0,
  stormwaterObjective: 'infiltration',
  itemCount: items.length,
  version,
});
let saves = 0;

const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), location.origin);
  const method = init?.method ?? 'GET';
  const p = url.pathname;
  let body: unknown = {};
  if (p === '/api/User') body = session;
  else if (p === '/api/User/invitations') body = [];
  else if (p === `/api/Project/${PROJECT_ID}`) body = detail;
  else if (p === `/api/BoxConfigurator/configurations/${PROJECT_ID}`) body = [configuration()];
  else if (p === '/api/BoxConfigurator/itemTypes') body = catalogue.itemTypes;
  else if (p === '/api/BoxConfigurator/propertySets') body = catalogue.propertySets;
  else if (p === '/api/BoxConfigurator/plants') body = catalogue.plants;
  else if (p === `/api/BoxConfigurator/${CONFIG_ID}` && method === 'GET') body = configuration();
  else if (p === `/api/BoxConfigurator/${CONFIG_ID}` && method === 'PATCH') {
    version++;
    body = configuration();
  } else if (p === `/api/BoxConfigurator/${CONFIG_ID}/boxItems` && method === 'GET') body = { version, boxItems: items };
  else if (p === `/api/BoxConfigurator/${CONFIG_ID}/boxItems` && method === 'PUT') {
    version++;
    saves++;
    const sent = JSON.parse(String(init?.body)) as { boxItems: { boxId: string | null }[] };
    body = { version, boxItems: sent.boxItems.map((it, i) => ({ ...it, boxId: it.boxId ?? `n${version}-${i}` })) };
  } else if (p.startsWith('/api/BoxConfigurator/')) body = [];
  return new Response(JSON.stringify(body), { status: 200 });
}) as typeof fetch;

const i18n = createI18n('de');
const store: RootStore = new RootStore({ i18n, api: createApi({ config: readConfig({}), fetch: fakeFetch, culture: () => i18n.language }) });

(window as unknown as { benchConfigurator: unknown }).benchConfigurator = {
  store: configuratorStore(store),
  saves: () => saves,
  size: SIZE,
  /** Engine operation alone (no rendering), ms. */
  timeOp: (fn: () => void) => {
    const t0 = performance.now();
    fn();
    return performance.now() - t0;
  },
};

void store.waterflow.open(PROJECT_ID, new MemoryRepository()).then(() => {
  const router = createMemoryRouter(createRoutes(store), { initialEntries: [`/project/${PROJECT_ID}/configurator`] });
  createRoot(document.getElementById('root')!).render(<App store={store} router={router} />);
});
