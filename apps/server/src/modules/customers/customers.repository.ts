import { OPERATING_COMPANY_ID } from '@linewalker/domain';
import { and, asc, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { companies } from '../../platform/db/schema/index.ts';

/** Active customer companies: every company but the operating one, not deleted, by name. */
export function listActiveCustomers(db: Db) {
  return db
    .select({
      id: companies.id,
      company_name: companies.companyName,
      poc_first_name: companies.pocFirstName,
      poc_last_name: companies.pocLastName,
      poc_email: companies.pocEmail,
      poc_phone: companies.pocPhone,
      inspection_fields: companies.inspectionFields,
      deleted_date: companies.deletedDate,
    })
    .from(companies)
    .where(and(ne(companies.id, OPERATING_COMPANY_ID), isNull(companies.deletedDate)))
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
