import { describe, expect, it, vi } from 'vitest';
import { createValueStore } from './valueStore.ts';

describe('createValueStore', () => {
  it('tells its listeners of a change, not of the same value again, and no longer once unsubscribed', () => {
    const store = createValueStore<number | null>(null);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(3);
    store.set(3);
    expect(store.get()).toBe(3);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.set(4);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toBe(4);
  });
});
