/**
 * One store per root store, created on first use: a screen's store (and the code it imports) loads
 * with its route, not with the login bundle.
 *
 * @example
 * export const variantsStore = lazyStore((root: RootStore) => new VariantsStore(root));
 * const store = variantsStore(useStores());
 */
export function lazyStore<Root extends object, Store>(create: (root: Root) => Store): (root: Root) => Store {
  const stores = new WeakMap<Root, Store>();
  return (root) => {
    let store = stores.get(root);
    if (store === undefined) {
      store = create(root);
      stores.set(root, store);
    }
    return store;
  };
}
