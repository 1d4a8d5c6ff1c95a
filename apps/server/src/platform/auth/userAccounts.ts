import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, roles, users } from '../db/schema/index.ts';

/** A user with their current role and company: what login, sessions and jobs decide on. */
export interface UserAccount {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  status: number;
  roleId: number;
  roleName: string;
  companyId: number;
  companyName: string;
  companyDeleted: Date | null;
}

/** The one user matching `where` (on `users`), with role and company, or undefined. */
export async function findUserAccount(db: Db, where: SQL): Promise<UserAccount | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      passwordHash: users.passwordHash,
      status: users.status,
      roleId: users.roleId,
      roleName: roles.roleName,
      companyId: users.companyId,
      companyName: companies.companyName,
      companyDeleted: companies.deletedDate,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(where)
    .limit(1);
  return row;
}

/** Active user of a company that is not deleted: who may log in and have work done in their name. */
export const isActiveAccount = (u: UserAccount | undefined): u is UserAccount =>
  u !== undefined && u.status === 1 && u.companyDeleted === null;
