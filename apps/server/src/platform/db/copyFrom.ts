import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import type { Db } from './client.ts';

/**
 * The node-postgres connection a transaction runs on, or null on PGlite (one connection, no COPY FROM
 * STDIN). drizzle keeps it in the transaction's session; COPY has to be sent on that same connection to be
 * part of the transaction.
 */
export function postgresClientOf(tx: Db): pg.ClientBase | null {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof client !== 'object' || !('connection' in client)) return null;
  return client as unknown as pg.ClientBase;
}

/**
 * Runs `copy … from stdin` (text format) with `text` as its input on `client`; answers the rows copied.
 * Values in `text` must be escaped for COPY's text format (copyTextValue).
 */
export async function copyIn(client: pg.ClientBase, statement: string, text: string): Promise<number> {
  const stream = client.query(copyFromStdin(statement));
  await pipeline(Readable.from([text]), stream);
  return stream.rowCount ?? 0;
}

/** A value in COPY's text format: backslash, tab, newline and carriage return escaped. */
export function copyTextValue(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      )
    : value;
}
