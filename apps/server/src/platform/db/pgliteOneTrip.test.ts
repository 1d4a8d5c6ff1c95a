import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTripClient, PREPARED_STATEMENTS } from './pgliteOneTrip.ts';

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

  describe('prepared once', () => {
    /** The statements the backend holds prepared through the protocol, by text. */
    const preparedTexts = async () =>
      (
        await pg.query<{ statement: string }>(
          'select statement from pg_prepared_statements where not from_sql order by statement',
        )
      ).rows.map((r) => r.statement);

    it('parses a statement once and binds it again for new values', async () => {
      const text = 'select $1::int * 2 as doubled -- prepared-once';
      for (const n of [1, 2, 3]) {
        const { rows } = await client().query<{ doubled: number }>(text, [n]);
        expect(rows).toEqual([{ doubled: n * 2 }]);
      }
      expect((await preparedTexts()).filter((t) => t === text)).toHaveLength(1);
    });

    it('keeps at most PREPARED_STATEMENTS, closing the least recently used', async () => {
      const first = 'select 0 as n -- lru-first';
      await client().query(first);
      for (let i = 1; i <= PREPARED_STATEMENTS + 10; i++) await client().query(`select ${i} as n -- lru`);
      // The closings of the last evictions travel with the next statement.
      await client().query('select 1 as n -- lru-last');
      const texts = await preparedTexts();
      expect(texts.length).toBeLessThanOrEqual(PREPARED_STATEMENTS + 1);
      expect(texts).not.toContain(first);
      expect(texts).toContain(`select ${PREPARED_STATEMENTS + 10} as n -- lru`);
      // An evicted statement is prepared again and answers as before.
      expect((await client().query<{ n: number }>(first)).rows).toEqual([{ n: 0 }]);
    });

    it('answers with the new columns after the table changed shape under a prepared statement', async () => {
      await pg.exec(
        'create table reshaped (id int primary key, a text); insert into reshaped values (1, $$x$$)',
      );
      const text = 'select * from reshaped where id = $1';
      expect((await client().query(text, [1])).rows).toEqual([{ id: 1, a: 'x' }]);
      await pg.exec('alter table reshaped add column b int default 7');
      expect((await client().query(text, [1])).rows).toEqual([{ id: 1, a: 'x', b: 7 }]);
      await pg.exec('alter table reshaped drop column a');
      expect((await client().query(text, [1])).rows).toEqual([{ id: 1, b: 7 }]);
    });

    it('runs a statement whose first run failed, or was prepared in a transaction rolled back', async () => {
      const text = 'select $1::int + 1 as n -- first-run-fails';
      await expect(client().query(text, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
      expect((await client().query<{ n: number }>(text, [41])).rows).toEqual([{ n: 42 }]);

      const counted = sql`select count(*)::int as n from things where name = ${'tx-prepared'} -- prepared-in-tx`;
      const db = drizzle({ client: client() as unknown as PGlite });
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`insert into things (name) values ('tx-prepared')`);
          expect((await tx.execute<{ n: number }>(counted)).rows).toEqual([{ n: 1 }]);
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      // Prepared statements outlive a rollback: the same text is bound again, and sees the row gone.
      expect((await db.execute<{ n: number }>(counted)).rows).toEqual([{ n: 0 }]);
      expect((await preparedTexts()).filter((t) => t.endsWith('-- prepared-in-tx'))).toHaveLength(1);
    });
  });
});
