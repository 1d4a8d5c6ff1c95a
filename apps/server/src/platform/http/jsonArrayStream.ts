import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { RowChunks } from '../db/rowChunks.ts';

/**
 * Answers a JSON array written as its chunks are read: byte for byte what the route's response schema
 * would have serialised (each row through `item`'s parse and JSON.stringify, as `zodParseSerializer`
 * does), without the whole list in memory. The first chunk is read before anything is sent, so a refusal
 * or a failure there still answers with its status; a failure later ends the connection early (the
 * client sees a truncated body, never a wrong one). The next chunk is read only once the client took the
 * last (stream back-pressure), and a client that goes away stops the reading: no database connection is
 * held between chunks.
 */
export async function sendJsonArray<T>(
  reply: FastifyReply,
  item: z.ZodType,
  chunks: RowChunks<T>,
): Promise<FastifyReply> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* body(): AsyncGenerator<string> {
    let separator = '[';
    try {
      for (let next = first; !next.done; next = await iterator.next()) {
        if (next.value.length === 0) continue;
        const rows = next.value.map((row) => JSON.stringify(item.parse(row)));
        yield separator + rows.join(',');
        separator = ',';
      }
      yield separator === '[' ? '[]' : ']';
    } finally {
      await iterator.return?.();
    }
  }
  return reply.type('application/json; charset=utf-8').send(Readable.from(body(), { objectMode: false }));
}
