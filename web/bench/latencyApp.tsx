/**
 * The latency bench page: the real app (router, stores, screens, engine worker) over a generated
 * 250-node project kept in memory (a ProjectRepository without network), opened at the first
 * surface's editor. scripts/bench-latency.ts drives it in headless Chromium.
 */
import { createRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { App } from '../src/App.tsx';
import { createApi } from '../src/api/index.ts';
import { readConfig } from '../src/config.ts';
import { createI18n } from '../src/i18n/index.ts';
import { createRoutes } from '../src/router/routes.tsx';
import { RootStore } from '../src/stores/RootStore.ts';
import '../src/styles/app.css';
import { detail, MemoryRepository, project, PROJECT_ID, session } from './memoryProject.ts';

localStorage.setItem('rainplan.changelogVersion', '1.0.5');

const fakeFetch = (async (input: RequestInfo | URL) => {
  const url = new URL(String(input), location.origin);
  const body = url.pathname === '/api/User' ? session : url.pathname === `/api/Project/${PROJECT_ID}` ? detail : {};
  return new Response(JSON.stringify(body), { status: 200 });
}) as typeof fetch;

const i18n = createI18n('de');
const store: RootStore = new RootStore({ i18n, api: createApi({ config: readConfig({}), fetch: fakeFetch, culture: () => i18n.language }) });
const surfaceId = project.waterflow.sealedSurfaces[0]!.id;
(window as unknown as { benchInfo: unknown }).benchInfo = {
  nodes: project.waterflow.sealedSurfaces.length + project.waterflow.purifications.length + project.waterflow.measures.length,
  measures: project.waterflow.measures.length,
};
// engine round trips (post → worker → answer), to tell engine time from rendering time
const bridgeMs: number[] = [];
(window as unknown as { benchBridge: number[] }).benchBridge = bridgeMs;
const editCalls: number[] = [];
const answers: number[] = [];
(window as unknown as { benchEdits: number[]; benchAnswers: number[] }).benchEdits = editCalls;
(window as unknown as { benchAnswers: number[] }).benchAnswers = answers;
const edit = store.waterflow.edit.bind(store.waterflow);
store.waterflow.edit = (operation) => {
  editCalls.push(performance.now());
  return edit(operation);
};
// where the edits ran: on the main thread within the keystroke (editNow) or queued (applyAndEvaluate)
const editsRun = { now: 0, queued: 0 };
(window as unknown as { benchEditsRun: typeof editsRun }).benchEditsRun = editsRun;
const bridge = store.waterflow.bridge;
const applyAndEvaluate = bridge.applyAndEvaluate.bind(bridge);
bridge.applyAndEvaluate = async (...args) => {
  const start = performance.now();
  editsRun.queued++;
  try {
    return await applyAndEvaluate(...args);
  } finally {
    bridgeMs.push(performance.now() - start);
    answers.push(performance.now());
  }
};
// the bridge of a build without editNow (a before/after comparison) has none to time
const editNow = (bridge as Partial<typeof bridge>).editNow?.bind(bridge);
if (editNow !== undefined) {
  bridge.editNow = (...args) => {
    const start = performance.now();
    const answer = editNow(...args);
    if (answer !== undefined) {
      editsRun.now++;
      bridgeMs.push(performance.now() - start);
      answers.push(performance.now());
    }
    return answer;
  };
}
// a whole evaluation of the open project on the main thread (what a main-thread seed would cost)
(window as unknown as { benchDerive: (runs: number) => Promise<number[]> }).benchDerive = async (runs) => {
  const { createEngineApi } = await import('../src/engine/shared/engineApi.ts');
  const engine = createEngineApi();
  const project = store.waterflow.engineProject;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    engine.derive(project);
    times.push(performance.now() - start);
  }
  return times;
};
void store.waterflow.open(PROJECT_ID, new MemoryRepository()).then(() => {
  (window as unknown as { benchMode: () => string }).benchMode = () => store.waterflow.bridge.mode;
  const router = createMemoryRouter(createRoutes(store), { initialEntries: [`/project/${PROJECT_ID}/dimensioning/sealedsurfaces/${surfaceId}`] });
  createRoot(document.getElementById('root')!).render(<App store={store} router={router} />);
});

