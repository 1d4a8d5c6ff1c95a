import type { DroneEndpoint } from '@linewalker/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRM_HOLD_MS, HoldToConfirm, KeyRepeater, REPEAT_MS } from './keyControl.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('movement keys', () => {
  it('send at key-down, repeat at 10–20 Hz while held, ignore the browser’s own repeat, stop at key-up', () => {
    const sent: DroneEndpoint[] = [];
    const keys = new KeyRepeater((e) => sent.push(e));
    expect(1000 / REPEAT_MS).toBeGreaterThanOrEqual(10);
    expect(1000 / REPEAT_MS).toBeLessThanOrEqual(20);
    expect(keys.down('W')).toBe(true);
    expect(sent).toEqual(['/moveForward']);
    keys.down('w'); // auto-repeat keydown
    vi.advanceTimersByTime(1000);
    expect(sent.length).toBe(1 + Math.floor(1000 / REPEAT_MS));
    keys.up('w');
    const count = sent.length;
    vi.advanceTimersByTime(1000);
    expect(sent.length).toBe(count);
    expect(keys.down('x')).toBe(false);
  });

  it('stop every held key on blur or a hidden tab', () => {
    const sent: DroneEndpoint[] = [];
    const keys = new KeyRepeater((e) => sent.push(e));
    keys.down('q');
    keys.down('r');
    vi.advanceTimersByTime(REPEAT_MS);
    expect(sent).toEqual(['/yawLeft', '/moveUp', '/yawLeft', '/moveUp']);
    keys.releaseAll();
    expect(keys.active).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(sent.length).toBe(4);
  });
});

describe('hold to confirm', () => {
  it('fires only after the hold time, and never when released early', () => {
    const confirmed: DroneEndpoint[] = [];
    const hold = new HoldToConfirm((e) => confirmed.push(e));
    hold.start('/arm');
    vi.advanceTimersByTime(CONFIRM_HOLD_MS - 1);
    hold.cancel();
    vi.advanceTimersByTime(CONFIRM_HOLD_MS);
    expect(confirmed).toEqual([]);
    hold.start('/takeoff');
    expect(hold.pending).toBe(true);
    vi.advanceTimersByTime(CONFIRM_HOLD_MS);
    expect(confirmed).toEqual(['/takeoff']);
    expect(hold.pending).toBe(false);
  });

  it('confirms once at a release after the hold time when the busy page has not run the timer yet', () => {
    const confirmed: DroneEndpoint[] = [];
    const hold = new HoldToConfirm((e) => confirmed.push(e));
    hold.start('/returnHome');
    // The clock moves on, the timer has not fired (the page was busy).
    vi.setSystemTime(Date.now() + CONFIRM_HOLD_MS + 400);
    hold.cancel();
    expect(confirmed).toEqual(['/returnHome']);
    expect(hold.pending).toBe(false);
    vi.advanceTimersByTime(CONFIRM_HOLD_MS * 2);
    expect(confirmed).toEqual(['/returnHome']);
  });
});
