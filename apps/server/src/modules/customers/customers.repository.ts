import { OPERATING_COMPANY_ID } from '@linewalker/domain';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { companies, sessions, users } from '../../platform/db/schema/index.ts';

const customerColumns = {
  id: companies.id,
  company_name: companies.companyName,
  poc_first_name: companies.pocFirstName,
  poc_last_name: companies.pocLastName,
  poc_email: companies.pocEmail,
  poc_phone: companies.pocPhone,
  inspection_fields: companies.inspectionFields,
  deleted_date: companies.deletedDate,
};

/** Active customer companies: every company but the operating one, not deleted, by name. */
export function listActiveCustomers(db: Db) {
  return db
    .select(customerColumns)
    .from(companies)
    .where(and(ne(companies.id, OPERATING_COMPANY_ID), isNull(companies.deletedDate)))
    .orderBy(asc(sql`lower(${companies.companyName})`), asc(companies.id));
}

/** Every customer company, inactive ones too, with the latest login of its users; by name. */
export function listAllCustomers(db: Db) {
  const lastLogin = db
    .select({
      companyId: users.companyId,
      lastLogin: sql<Date | null>`max(${users.lastLogin})`.as('last_login'),
    })
    .from(users)
    .groupBy(users.companyId)
    .as('company_logins');
  return db
    .select({ ...customerColumns, last_login: lastLogin.lastLogin })
    .from(companies)
    .leftJoin(lastLogin, eq(lastLogin.companyId, companies.id))
    .where(ne(companies.id, OPERATING_COMPANY_ID))
    .orderBy(asc(sql`lower(${companies.companyName})`), asc(companies.id));
}

/** True when `companyId` is an active customer company (a project may be created for it). */
export async function isActiveCustomer(db: Db, companyId: number): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        sql`${companies.id} = ${companyId}`,
        ne(companies.id, OPERATING_COMPANY_ID),
        isNull(companies.deletedDate),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether another company has this name, compared as the unique index does (lower case), spaces trimmed. */
export async function companyNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        sql`lower(${companies.companyName}) = lower(${name.trim()})`,
        exceptId === undefined ? undefined : ne(companies.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export interface CustomerRow {
  companyName: string;
  pocFirstName: string | null;
  pocLastName: string | null;
  pocEmail: string | null;
  pocPhone: string | null;
  inspectionFields: string[];
  deletedDate: Date | null;
}

export async function insertCustomer(db: Db, row: CustomerRow): Promise<number> {
  const [created] = await db.insert(companies).values(row).returning({ id: companies.id });
  return created!.id;
}

/** The customer company with this id, locked for the rest of the transaction; never the operating company. */
export async function lockCustomer(db: Db, id: number) {
  const [row] = await db
    .select({
      id: companies.id,
      companyName: companies.companyName,
      pocFirstName: companies.pocFirstName,
      pocLastName: companies.pocLastName,
      pocEmail: companies.pocEmail,
      pocPhone: companies.pocPhone,
      inspectionFields: companies.inspectionFields,
      deletedDate: companies.deletedDate,
    })
    .from(companies)
    .where(and(eq(companies.id, id), ne(companies.id, OPERATING_COMPANY_ID)))
    .for('update');
  return row;
}

export async function updateCustomer(db: Db, id: number, row: CustomerRow): Promise<void> {
  await db.update(companies).set(row).where(eq(companies.id, id));
}

/** Ends every live session of the company's users; answers how many were ended. */
export async function revokeCompanySessions(db: Db, companyId: number, at: Date): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        isNull(sessions.revokedAt),
        inArray(
          sessions.userId,
          db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId)),
        ),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
