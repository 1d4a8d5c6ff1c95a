import { describe, expect, it } from 'vitest';
import { captureCompleteness, EXPECTED_IMAGES_PER_STRUCTURE } from './completeness.ts';

describe('captureCompleteness', () => {
  it('expects five images per structure', () => {
    expect(EXPECTED_IMAGES_PER_STRUCTURE).toBe(5);
    expect(captureCompleteness(3).expected).toBe(5);
  });

  it("reads '0 of 5 images found' with no images", () => {
    expect(captureCompleteness(0)).toEqual({
      found: 0,
      expected: 5,
      short: true,
      message: '0 of 5 images found',
    });
  });

  it("reads 'Only N of 5 images found' with 1 to 4 images", () => {
    for (const n of [1, 2, 3, 4]) {
      expect(captureCompleteness(n)).toEqual({
        found: n,
        expected: 5,
        short: true,
        message: `Only ${n} of 5 images found`,
      });
    }
  });

  it('is complete, with no message, at five or more', () => {
    expect(captureCompleteness(5)).toEqual({ found: 5, expected: 5, short: false, message: null });
    expect(captureCompleteness(9)).toEqual({ found: 9, expected: 5, short: false, message: null });
  });

  it('takes another expected count', () => {
    expect(captureCompleteness(2, 3).message).toBe('Only 2 of 3 images found');
    expect(captureCompleteness(0, 3).message).toBe('0 of 3 images found');
    expect(captureCompleteness(3, 3).short).toBe(false);
  });

  it('never prints a negative or fractional count', () => {
    expect(captureCompleteness(-2).message).toBe('0 of 5 images found');
    expect(captureCompleteness(2.7).message).toBe('Only 2 of 5 images found');
    expect(captureCompleteness(Number.NaN).found).toBe(0);
  });
});
