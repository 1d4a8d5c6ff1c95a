import {
  CUSTOMER_MESSAGES,
  CUSTOMER_STATUS,
  type Customer,
  type CustomerCreateRequest,
  type CustomerSaveResponse,
  type CustomerUpdateRequest,
  LEAD_MESSAGES,
  ok,
} from '@linewalker/domain';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import * as repo from './customers.repository.ts';
import { markLeadConverted } from './leads.repository.ts';

type CreateBody = z.output<typeof CustomerCreateRequest>;
type UpdateBody = z.output<typeof CustomerUpdateRequest>;

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * The customers a caller may see: active ones for any staff member (the project form), or every one with
 * its users' latest login for the Customers page (super admins and project managers).
 */
export async function listCustomers(db: Db, actor: UserActor, includeInactive: boolean): Promise<Customer[]> {
  authorize(actor, 'customer.list');
  if (!includeInactive) {
    const rows = await repo.listActiveCustomers(db);
    return rows.map((r) => ({ ...r, deleted_date: null }));
  }
  authorize(actor, 'customer.admin_list');
  const rows = await repo.listAllCustomers(db);
  return rows.map((r) => ({ ...r, deleted_date: iso(r.deleted_date), last_login: iso(r.last_login) }));
}

export async function customerNameInUse(
  db: Db,
  actor: UserActor,
  name: string,
  exceptId: number | undefined,
): Promise<boolean> {
  authorize(actor, 'customer.admin_list');
  return repo.companyNameTaken(db, name, exceptId);
}

const nameTaken = () => conflict(CUSTOMER_MESSAGES.nameTaken, 'customer_name_taken');

/** A save that lost a race on the unique name index answers 409 like the check before it, never 500. */
async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
      const pg = e as { code?: string; constraint?: string };
      if (pg.code === '23505' && pg.constraint === 'companies_name_unique') throw nameTaken();
    }
    throw err;
  }
}

function columns(body: CreateBody | UpdateBody, deletedDate: Date | null): repo.CustomerRow {
  return {
    companyName: body.company_name,
    pocFirstName: body.poc_first_name,
    pocLastName: body.poc_last_name,
    pocEmail: body.poc_email,
    pocPhone: body.poc_phone,
    inspectionFields: body.inspection_fields,
    deletedDate,
  };
}

/** What the audit record keeps of a save: the fields as stored. */
const auditDetails = (row: repo.CustomerRow) => ({
  company_name: row.companyName,
  poc_first_name: row.pocFirstName,
  poc_last_name: row.pocLastName,
  poc_email: row.pocEmail,
  poc_phone: row.pocPhone,
  inspection_fields: row.inspectionFields,
  deleted_date: iso(row.deletedDate),
});

/** Creates a customer company (super admins); with lead_id, the lead is marked converted in the same transaction. */
export async function createCustomer(
  deps: Deps,
  actor: UserActor,
  body: CreateBody,
): Promise<CustomerSaveResponse> {
  authorize(actor, 'customer.save');
  const db = deps.database.db;
  if (await repo.companyNameTaken(db, body.company_name)) throw nameTaken();
  const now = deps.now();
  const row = columns(body, body.status === CUSTOMER_STATUS.inactive ? now : null);
  return saving(() =>
    withTransaction(db, async (tx) => {
      const id = await repo.insertCustomer(tx, row);
      if (body.lead_id != null) {
        const lead = await markLeadConverted(tx, body.lead_id, id, now);
        if (lead === 'missing') throw notFound('Lead');
        if (lead === 'already') throw conflict(LEAD_MESSAGES.alreadyConverted, 'lead_converted');
      }
      await writeAudit(tx, actor, {
        action: 'customer.create',
        objectType: 'company',
        objectId: id,
        details: { ...auditDetails(row), lead_id: body.lead_id ?? null },
      });
      return { ...ok, id };
    }),
  );
}

/**
 * Saves a customer company (super admins). Inactive (status 0) sets deleted_date to now (kept when it
 * already was inactive) and ends every session of the company's users at once; active clears it.
 */
export async function updateCustomer(
  deps: Deps,
  actor: UserActor,
  body: UpdateBody,
): Promise<CustomerSaveResponse> {
  authorize(actor, 'customer.save');
  const db = deps.database.db;
  if (await repo.companyNameTaken(db, body.company_name, body.id)) throw nameTaken();
  const now = deps.now();
  return saving(() =>
    withTransaction(db, async (tx) => {
      const current = await repo.lockCustomer(tx, body.id);
      if (!current) throw notFound('Customer');
      const deactivate = body.status === CUSTOMER_STATUS.inactive;
      const row = columns(body, deactivate ? (current.deletedDate ?? now) : null);
      await repo.updateCustomer(tx, body.id, row);
      const sessionsEnded =
        deactivate && current.deletedDate === null ? await repo.revokeCompanySessions(tx, body.id, now) : 0;
      const statusChange =
        deactivate === (current.deletedDate !== null) ? null : deactivate ? 'deactivated' : 'reactivated';
      await writeAudit(tx, actor, {
        action: 'customer.update',
        objectType: 'company',
        objectId: body.id,
        details: { ...auditDetails(row), status_change: statusChange, sessions_ended: sessionsEnded },
      });
      return { ...ok, id: body.id };
    }),
  );
}
