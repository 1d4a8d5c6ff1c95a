import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { companies, leads } from '../../platform/db/schema/index.ts';

export interface LeadRow {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  phone: string | null;
  message: string | null;
  source: string;
}

export async function insertLead(db: Db, row: LeadRow): Promise<number> {
  const [created] = await db.insert(leads).values(row).returning({ id: leads.id });
  return created!.id;
}

/** Every lead, newest first, with the customer made from it. */
export function listLeads(db: Db) {
  return db
    .select({
      id: leads.id,
      first_name: leads.firstName,
      last_name: leads.lastName,
      company_name: leads.companyName,
      email: leads.email,
      phone: leads.phone,
      message: leads.message,
      created_at: leads.createdAt,
      converted_company_id: leads.convertedCompanyId,
      converted_company_name: companies.companyName,
      converted_at: leads.convertedAt,
    })
    .from(leads)
    .leftJoin(companies, eq(companies.id, leads.convertedCompanyId))
    .orderBy(desc(leads.createdAt), desc(leads.id));
}

/**
 * Marks the lead as turned into `companyId`, unless it already was: one conditional UPDATE, so of two
 * conversions at once exactly one matches. Answers 'converted', 'already' or 'missing'.
 */
export async function markLeadConverted(
  db: Db,
  leadId: number,
  companyId: number,
  at: Date,
): Promise<'converted' | 'already' | 'missing'> {
  const updated = await db
    .update(leads)
    .set({ convertedCompanyId: companyId, convertedAt: at })
    .where(and(eq(leads.id, leadId), isNull(leads.convertedCompanyId)))
    .returning({ id: leads.id });
  if (updated.length > 0) return 'converted';
  const [exists] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId));
  return exists ? 'already' : 'missing';
}
