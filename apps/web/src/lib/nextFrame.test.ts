import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onNextFrame } from './nextFrame.ts';

describe('onNextFrame', () => {
  let frames: Array<() => void>;
  beforeEach(() => {
    frames = [];
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs once, on the frame when it comes first', () => {
    const run = vi.fn();
    onNextFrame(run, 150);
    frames[0]!();
    vi.advanceTimersByTime(200);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after the fallback when no frame comes', () => {
    const run = vi.fn();
    onNextFrame(run, 150);
    vi.advanceTimersByTime(149);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    frames[0]!();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs never once cancelled', () => {
    const run = vi.fn();
    const cancel = onNextFrame(run, 150);
    cancel();
    frames[0]!();
    vi.advanceTimersByTime(200);
    expect(run).not.toHaveBeenCalled();
  });
});
