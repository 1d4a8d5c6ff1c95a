/**
 * One value outside React that components read with `useSyncExternalStore(store.subscribe, store.get)`:
 * only they re-render when it changes, not the tree around them.
 */
export interface ValueStore<T> {
  get(): T;
  /** Replaces the value; listeners hear of it only when it changed (Object.is). */
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function createValueStore<T>(initial: T): ValueStore<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(value) {
      if (Object.is(value, current)) return;
      current = value;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
