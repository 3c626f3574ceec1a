/**
 * A MobX computed value inside an `observer` component: the component reacts only when what
 * `read` returns changes (by `equals`), not whenever an observable it reads changes. A form can
 * then read one value of a node that every edit replaces (the node object changes, the value
 * often not) without re-rendering with each edit. `read` should be stable (useCallback).
 */
import { compareDefault, computed, type IEqualsComparer } from 'mobx';
import { useMemo } from 'react';

export function useComputedValue<T>(read: () => T, equals: IEqualsComparer<T> = compareDefault): T {
  const value = useMemo(() => computed(read, { equals }), [read, equals]);
  return value.get();
}
