import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rateLimiter.ts';

describe('RateLimiter', () => {
  it('blocks a key after its limit until the window ends, then starts over', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('a')).toBe(0);
      limiter.hit('a');
    }
    expect(limiter.retryAfter('a')).toBe(60);
    expect(limiter.retryAfter('b')).toBe(0);
    now = 45_000;
    expect(limiter.retryAfter('a')).toBe(15);
    now = 60_000;
    expect(limiter.retryAfter('a')).toBe(0);
    limiter.hit('a');
    expect(limiter.retryAfter('a')).toBe(0);
  });

  it('forgets a key on reset (a successful login clears its failures)', () => {
    const limiter = new RateLimiter(1, 60_000);
    limiter.hit('a');
    expect(limiter.retryAfter('a')).toBeGreaterThan(0);
    limiter.reset('a');
    expect(limiter.retryAfter('a')).toBe(0);
  });
});
