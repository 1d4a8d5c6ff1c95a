import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logHooks } from './logHooks.ts';

function capture() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ hooks: logHooks }, stream), lines };
}

describe('logHooks', () => {
  it('logs a response stream the client abandoned at info, not error', async () => {
    const { log, lines } = capture();
    log.error(new Error('premature close'));
    await new Promise((r) => setImmediate(r));
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'client closed the connection before the response ended' }),
    ]);
  });

  it('keeps every other error at error level', async () => {
    const { log, lines } = capture();
    log.error(new Error('database is down'));
    log.error({ err: new Error('premature close') }, 'request failed');
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => l.level)).toEqual([50, 50]);
  });
});
