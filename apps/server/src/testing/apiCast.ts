import type { RoleName } from '@linewalker/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../platform/db/client.ts';
import { bearer, createCompany, createUser, loginToken, type TestUser } from './factories.ts';
import { createTestApp, type TestContext } from './testApp.ts';

/** Who a request is made as: a staff role, 'customer_own' (the utility's customer) or 'customer_other'. */
export type Caller = string;

type Inject = Promise<LightMyRequestResponse>;

export interface ApiCast {
  readonly ctx: TestContext;
  readonly db: Db;
  /** The utility whose projects the tests build; customer_own belongs to it. */
  readonly companyId: number;
  /** Another utility; customer_other belongs to it and must never see the first one's data. */
  readonly otherCompanyId: number;
  readonly people: Record<Caller, TestUser>;
  headers(who: Caller): Record<string, string>;
  /** Requests under /api/v1, as `who` (an inspector unless said). */
  get(url: string, who?: Caller): Inject;
  post(url: string, payload?: unknown, who?: Caller): Inject;
  put(url: string, payload?: unknown, who?: Caller): Inject;
  del(url: string, payload?: unknown, who?: Caller): Inject;
}

const STAFF: RoleName[] = ['super_admin', 'project_manager', 'inspector', 'user'];

/**
 * The cast most API tests of a project's review need, set up once per file: a test app, a utility and
 * another one, one logged-in user per staff role, a customer of each utility, and `extra` users (e.g. a second
 * inspector) — so each test file states only what it tests. Registers its own beforeAll/afterAll: call it at
 * the top of the file, before hooks that use it.
 */
export function useApiCast(utility: string, extra: Record<Caller, RoleName> = {}): ApiCast {
  let ctx: TestContext | undefined;
  let ids = { companyId: 0, otherCompanyId: 0 };
  const people: Record<Caller, TestUser> = {};
  const tokens: Record<Caller, string> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    ids = {
      companyId: await createCompany(db, utility),
      otherCompanyId: await createCompany(db, `${utility} Other`),
    };
    for (const role of STAFF) people[role] = await createUser(db, role);
    for (const [who, role] of Object.entries(extra)) people[who] = await createUser(db, role);
    people.customer_own = await createUser(db, 'customer', { companyId: ids.companyId });
    people.customer_other = await createUser(db, 'customer', { companyId: ids.otherCompanyId });
    for (const [who, user] of Object.entries(people)) tokens[who] = await loginToken(ctx.app, user);
  });
  afterAll(() => ctx?.close());

  const live = () => {
    if (!ctx) throw new Error('useApiCast: used before its beforeAll ran');
    return ctx;
  };
  const headers = (who: Caller) => {
    const token = tokens[who];
    if (!token) throw new Error(`useApiCast: no user '${who}'`);
    return bearer(token);
  };
  const send =
    (method: 'POST' | 'PUT' | 'DELETE') =>
    (url: string, payload?: unknown, who = 'inspector') =>
      live().app.inject({
        method,
        url: `/api/v1${url}`,
        headers: headers(who),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

  return {
    get ctx() {
      return live();
    },
    get db() {
      return live().database.db;
    },
    get companyId() {
      return ids.companyId;
    },
    get otherCompanyId() {
      return ids.otherCompanyId;
    },
    people,
    headers,
    get: (url, who = 'inspector') => live().app.inject({ url: `/api/v1${url}`, headers: headers(who) }),
    post: send('POST'),
    put: send('PUT'),
    del: send('DELETE'),
  };
}
