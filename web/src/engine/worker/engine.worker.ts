/**
 * The engine worker: exposes {@link engineApi} over Comlink. Compiled with `lib: webworker`
 * (tsconfig.worker.json): it cannot name DOM types.
 */
import { expose } from 'comlink';
import { engineApi } from '../shared/engineApi.ts';

expose(engineApi);
