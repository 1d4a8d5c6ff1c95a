import { describe, expect, it } from 'vitest';
import { addressBehind, askAddress, pickPhoto, settlePick } from './photoPick.ts';

describe('photo pick', () => {
  it('shows the pick until the address catches up with it', () => {
    const pick = pickPhoto(null, 2, 1);
    expect(settlePick(pick, 1)).toBe(pick);
    expect(addressBehind(pick)).toBe(true);
    const asked = askAddress(pick);
    expect(addressBehind(asked)).toBe(false);
    expect(settlePick(asked, 1)).toBe(asked);
    expect(settlePick(asked, 2)).toBeNull();
  });

  it('keeps a newer pick while the address reaches an older one', () => {
    // Next to 2 (address asked), then Next to 3 before the address named 2.
    const second = pickPhoto(askAddress(pickPhoto(null, 2, 1)), 3, 1);
    expect(second.id).toBe(3);
    expect(addressBehind(second)).toBe(true);
    expect(settlePick(second, 1)).toBe(second);
    expect(settlePick(second, 2)).toBe(second);
    expect(settlePick(askAddress(second), 3)).toBeNull();
  });

  it('asks again for the first photo when the reviewer went back to it while the address moved on', () => {
    // On 1: Next to 2 (address asked), Back to 1 before the address named 2.
    const back = pickPhoto(askAddress(pickPhoto(null, 2, 1)), 1, 1);
    expect(settlePick(back, 1)).toBe(back);
    expect(settlePick(back, 2)).toBe(back);
    expect(addressBehind(back)).toBe(true);
    expect(settlePick(askAddress(back), 1)).toBeNull();
  });

  it('is gone when the reviewer picks the photo the address already names', () => {
    expect(settlePick(pickPhoto(null, 1, 1), 1)).toBeNull();
  });

  it('gives way to an address the viewer did not ask for', () => {
    const pick = askAddress(pickPhoto(null, 2, 1));
    expect(settlePick(pick, 7)).toBeNull();
    expect(settlePick(pickPhoto(null, 2, null), 5)).toBeNull();
  });
});
