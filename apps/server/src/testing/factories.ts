import { OPERATING_COMPANY_ID, ROLE_ID_BY_NAME, type RoleName } from '@linewalker/domain';
import { hashPassword } from '../platform/auth/password.ts';
import type { Db } from '../platform/db/client.ts';
import { companies, users } from '../platform/db/schema/index.ts';
import type { App } from '../platform/http/app.types.ts';

let sequence = 0;
const next = () => `${process.pid}-${++sequence}`;
let cachedHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct-horse-battery';

export async function createCompany(db: Db, name = `Customer ${next()}`): Promise<number> {
  const [row] = await db.insert(companies).values({ companyName: name }).returning({ id: companies.id });
  return row!.id;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  roleName: RoleName;
  companyId: number;
}

/** A user with a known password; customers need a customer company. */
export async function createUser(
  db: Db,
  roleName: RoleName,
  opts: { companyId?: number; email?: string; status?: number } = {},
): Promise<TestUser> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const companyId = opts.companyId ?? OPERATING_COMPANY_ID;
  const email = opts.email ?? `${roleName}-${next()}@example.test`;
  const [row] = await db
    .insert(users)
    .values({
      companyId,
      roleId: ROLE_ID_BY_NAME[roleName],
      firstName: 'Test',
      lastName: roleName,
      email,
      passwordHash: await cachedHash,
      status: opts.status ?? 1,
    })
    .returning({ id: users.id });
  return { id: row!.id, email, password: TEST_PASSWORD, roleName, companyId };
}

/** Logs in through the real route and returns the bearer token. */
export async function loginToken(app: App, user: { email: string; password: string }): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/users/login', payload: user });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
