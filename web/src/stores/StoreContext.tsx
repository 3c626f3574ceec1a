import { createContext, useContext, type ReactNode } from 'react';
import type { RootStore } from './RootStore.ts';

const StoreContext = createContext<RootStore | undefined>(undefined);

export function StoreProvider({ store, children }: { store: RootStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The root store; components read observables from it inside `observer(...)`. */
export function useStores(): RootStore {
  const store = useContext(StoreContext);
  if (store === undefined) throw new Error('useStores outside <StoreProvider>');
  return store;
}
