import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTripClient } from './pgliteOneTrip.ts';

let pg: PGlite;
const client = () => oneTripClient(pg);

beforeAll(async () => {
  pg = await PGlite.create('memory://');
  await pg.exec(`create table things (
    id serial primary key, name text unique, at timestamptz, day date, tags text[], ids int[],
    doc jsonb, bytes bytea, flag boolean, big bigint)`);
});
afterAll(() => pg.close());

describe('PGlite statements in one trip (pgliteOneTrip)', () => {
  it('writes each kind of parameter as PGlite would, and reads it back the same', async () => {
    const at = new Date('2026-11-29T10:15:30.123Z');
    const values = [
      'tower "A\\1"',
      at,
      '2026-11-29',
      ['a', 'b c', 'd"e', null],
      [1, 2, 3],
      { risk: 3, notes: ['ok'] },
      Buffer.from([0, 1, 255]),
      true,
      9_007_199_254_740_993n,
    ];
    const text = `insert into things (name, at, day, tags, ids, doc, bytes, flag, big)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`;
    const [ours] = (await client().query<Record<string, unknown>>(text, values)).rows;
    const [theirs] = (await pg.query<Record<string, unknown>>(text.replace('$1', "$1 || '-pglite'"), values))
      .rows;
    const { id: _a, name: oursName, ...oursRest } = ours!;
    const { id: _b, name: theirsName, ...theirsRest } = theirs!;
    expect(oursName).toBe('tower "A\\1"');
    expect(theirsName).toBe('tower "A\\1"-pglite');
    expect(oursRest).toEqual(theirsRest);
    expect(oursRest.at).toEqual(at);
    expect(oursRest.tags).toEqual(['a', 'b c', 'd"e', null]);
    expect(oursRest.doc).toEqual({ risk: 3, notes: ['ok'] });
    expect([...(oursRest.bytes as Uint8Array)]).toEqual([0, 1, 255]);
  });

  it('answers rows as objects or arrays, with the caller’s parsers, and a null parameter as NULL', async () => {
    const objects = await client().query<{ n: number; missing: null }>(
      'select 41 + $1::int as n, $2::text as missing',
      [1, null],
    );
    expect(objects.rows).toEqual([{ n: 42, missing: null }]);
    const arrays = await client().query('select now()::timestamptz as t', [], {
      rowMode: 'array',
      parsers: { 1184: (value: string) => `raw:${value}` },
    });
    expect(String((arrays.rows[0] as unknown[])[0])).toMatch(/^raw:\d{4}-/);
  });

  it('counts the rows a statement changed, as PGlite does', async () => {
    await client().query(`insert into things (name) values ('count-1'), ('count-2')`);
    const text = `update things set flag = $1 where name like 'count-%'`;
    const ours = await client().query(text, [false]);
    const theirs = await pg.query(text, [true]);
    expect(ours.affectedRows).toBe(2);
    expect({ affectedRows: ours.affectedRows, rowCount: (ours as { rowCount?: number }).rowCount }).toEqual({
      affectedRows: theirs.affectedRows,
      rowCount: (theirs as { rowCount?: number }).rowCount,
    });
    const none = await client().query(`select name from things where name = $1`, ['nobody']);
    expect(none.rows).toEqual([]);
    expect(none.fields.map((f) => f.name)).toEqual(['name']);
  });

  it('raises PostgreSQL’s error with its code and statement, and the next statement runs normally', async () => {
    await client().query(`insert into things (name) values ('unique-one')`);
    const failure = await client()
      .query(`insert into things (name) values ($1)`, ['unique-one'])
      .catch((err: unknown) => err);
    expect(failure).toMatchObject({ code: '23505', query: 'insert into things (name) values ($1)' });
    await expect(client().query('select nope from things')).rejects.toMatchObject({ code: '42703' });
    expect(
      (
        await client().query<{ n: number }>('select count(*)::int as n from things where name = $1', [
          'unique-one',
        ])
      ).rows,
    ).toEqual([{ n: 1 }]);
  });

  it('runs a transaction’s statements inside it: a rollback undoes them, and a statement from outside waits for its end', async () => {
    const db = drizzle({ client: client() as unknown as PGlite });
    let outsideSaw: number | null = null;
    let outside: Promise<void> | null = null;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into things (name) values ('rolled-back')`);
        // Started while the transaction is open: it must not run inside it, nor see its uncommitted row.
        outside = client()
          .query<{ n: number }>(`select count(*)::int as n from things where name = 'rolled-back'`)
          .then((r) => {
            outsideSaw = r.rows[0]!.n;
          });
        const seen = await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from things where name = 'rolled-back'`,
        );
        expect(seen.rows[0]!.n).toBe(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await outside;
    expect(outsideSaw).toBe(0);
    const after = await client().query<{ n: number }>(
      `select count(*)::int as n from things where name = 'rolled-back'`,
    );
    expect(after.rows[0]!.n).toBe(0);
  });

  it('commits a transaction and keeps statements sent at once in their own order', async () => {
    const db = drizzle({ client: client() as unknown as PGlite });
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into things (name) values ('committed')`);
    });
    const names = Array.from({ length: 20 }, (_, i) => `burst-${i}`);
    await Promise.all(names.map((name) => client().query('insert into things (name) values ($1)', [name])));
    const stored = await client().query<{ name: string }>(
      `select name from things where name = 'committed' or name like 'burst-%' order by id`,
    );
    expect(stored.rows.map((r) => r.name)).toEqual(['committed', ...names]);
  });
});
