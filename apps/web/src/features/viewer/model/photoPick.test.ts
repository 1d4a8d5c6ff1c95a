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

  it('keeps a newer pick when the address was asked for the older one after the newer pick landed', () => {
    // Next to 2; Next to 3 lands before the viewer asks the address to name 2, which it then still does.
    const second = pickPhoto(pickPhoto(null, 2, 1), 3, 1);
    const askedForOlder = askAddress(second, 2);
    expect(askedForOlder.id).toBe(3);
    expect(settlePick(askedForOlder, 2)).toBe(askedForOlder);
    expect(addressBehind(askedForOlder)).toBe(true);
    // Without the record, the address reaching 2 looked like a move elsewhere, and the pick of 3 was lost.
    expect(settlePick(second, 2)).toBeNull();
    expect(settlePick(askAddress(askedForOlder), 3)).toBeNull();
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
