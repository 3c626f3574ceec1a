import { createBrowserRouter, createMemoryRouter } from 'react-router';
import type { RootStore } from '../stores/RootStore.ts';
import { createRoutes } from './routes.tsx';

/** The browser router of the app, with the guards bound to `store`. */
export function createAppRouter(store: RootStore) {
  return createBrowserRouter(createRoutes(store));
}

/** A memory router for component tests: `createTestRouter(store, ['/projects/projects'])`. */
export function createTestRouter(store: RootStore, initialEntries: string[] = ['/']) {
  return createMemoryRouter(createRoutes(store), { initialEntries });
}
