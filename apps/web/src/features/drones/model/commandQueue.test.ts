import { describe, expect, it } from 'vitest';
import { enqueue, QUEUE_LENGTH, type QueuedCommand, settle } from './commandQueue.ts';

const entry = (n: number): QueuedCommand => ({
  requestId: `r${n}`,
  endpoint: '/moveForward',
  result: null,
  message: null,
  roundTripMs: null,
});

describe('the console’s Input Queue', () => {
  it('keeps the newest commands first, at most 18, and settles one by its requestId', () => {
    let queue: QueuedCommand[] = [];
    for (let i = 0; i < 25; i++) queue = enqueue(queue, entry(i));
    expect(queue).toHaveLength(QUEUE_LENGTH);
    expect(queue[0]!.requestId).toBe('r24');
    queue = settle(queue, 'r20', { result: 'executed', message: null, roundTripMs: 12 });
    expect(queue.find((c) => c.requestId === 'r20')).toMatchObject({ result: 'executed', roundTripMs: 12 });
    expect(queue.filter((c) => c.result === null)).toHaveLength(QUEUE_LENGTH - 1);
  });
});
