import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// What Mantine asks of the browser and happy-dom does not provide (STACK-NOTES 'Web').
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!window.ResizeObserver) window.ResizeObserver = NoopResizeObserver as unknown as typeof ResizeObserver;

// Mantine's autosize Textarea re-measures when web fonts finish loading.
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

// findBy… and waitFor: a limit against a hang, not a timing (the default second fails on a loaded machine).
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
