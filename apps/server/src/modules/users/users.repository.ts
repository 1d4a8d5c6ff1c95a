import type { AttributeType, PilotAttribute, UserItem, UserListParams, UserSort } from '@linewalker/domain';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  companies,
  passwordResetTokens,
  pilotAttributeLinks,
  pilotAttributes,
  pilots,
  roles,
  sessions,
  users,
} from '../../platform/db/schema/index.ts';

/** `%`, `_` and `\` match themselves in an ILIKE pattern. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchCondition(search: string | undefined): SQL {
  const text = search?.trim();
  if (!text) return sql`true`;
  const pattern = likePattern(text);
  return sql`(
    (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}
    or ${users.email} ilike ${pattern}
    or ${companies.companyName} ilike ${pattern}
  )`;
}

const SORT_COLUMNS: Record<UserSort, SQL[]> = {
  name: [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`],
  email: [sql`lower(${users.email})`],
  phone: [sql`${users.phone}`],
  role: [sql`${roles.displayName}`],
  company: [sql`lower(${companies.companyName})`],
  status: [sql`${users.status}`],
  last_login: [sql`${users.lastLogin}`],
};

function orderBy(sort: UserSort, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'desc' ? sql`desc` : sql`asc`;
  // Empty values (no phone, never logged in) go last whichever way the column is sorted.
  return [...SORT_COLUMNS[sort].map((c) => sql`${c} ${dir} nulls last`), sql`${users.id} asc`];
}

const itemColumns = {
  id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  phone: users.phone,
  status: users.status,
  start_date: users.startDate,
  role_id: users.roleId,
  role_name: roles.roleName,
  role_display_name: roles.displayName,
  company_id: users.companyId,
  company_name: companies.companyName,
  last_login: users.lastLogin,
  pilot_row_id: pilots.id,
  availability: pilots.availability,
  license_expiration: pilots.licenseExpiration,
  home_base: pilots.homeBase,
  aircraft: pilots.aircraft,
  pilot_deleted_date: pilots.pilotDeletedDate,
};

function baseQuery(db: Db) {
  return db
    .select(itemColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(pilots, eq(pilots.userId, users.id));
}
type ItemRow = Awaited<ReturnType<typeof baseQuery>>[number];

/** Attributes of the given pilots, by pilot id. */
async function attributesOf(db: Db, pilotIds: number[]): Promise<Map<number, PilotAttribute[]>> {
  const out = new Map<number, PilotAttribute[]>();
  if (pilotIds.length === 0) return out;
  const rows = await db
    .select({
      pilotId: pilotAttributeLinks.pilotId,
      attribute_id: pilotAttributes.attributeId,
      att_name: pilotAttributes.attName,
      type_name: pilotAttributes.typeName,
    })
    .from(pilotAttributeLinks)
    .innerJoin(pilotAttributes, eq(pilotAttributes.attributeId, pilotAttributeLinks.attributeId))
    .where(inArray(pilotAttributeLinks.pilotId, pilotIds))
    .orderBy(asc(sql`lower(${pilotAttributes.attName})`));
  for (const { pilotId, ...attribute } of rows) {
    out.set(pilotId, [...(out.get(pilotId) ?? []), attribute]);
  }
  return out;
}

const iso = (d: Date | string | null): string | null =>
  d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

async function toItems(db: Db, rows: ItemRow[]): Promise<UserItem[]> {
  const attributes = await attributesOf(
    db,
    rows.flatMap((r) => (r.pilot_row_id === null ? [] : [r.pilot_row_id])),
  );
  return rows.map((r) => {
    const atts = r.pilot_row_id === null ? [] : (attributes.get(r.pilot_row_id) ?? []);
    const named = (type: AttributeType) => atts.filter((a) => a.type_name === type).map((a) => a.att_name);
    const deleted = iso(r.pilot_deleted_date);
    return {
      id: r.id,
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email,
      phone: r.phone,
      status: r.status,
      start_date: r.start_date,
      role_id: r.role_id,
      role_name: r.role_name as UserItem['role_name'],
      display_name: r.role_display_name,
      role_display_name: r.role_display_name,
      company_id: r.company_id,
      company_name: r.company_name,
      last_login: iso(r.last_login),
      pilot_id: r.pilot_row_id !== null && deleted === null ? r.pilot_row_id : null,
      pilot:
        r.pilot_row_id === null
          ? null
          : {
              id: r.pilot_row_id,
              availability: r.availability ?? 'available',
              license_expiration: r.license_expiration,
              home_base: r.home_base,
              aircraft: r.aircraft,
              attributes: atts.map((a) => a.attribute_id),
              proficiencies: named('prof'),
              certifications: named('cert'),
              skills: named('skill'),
              pilot_deleted_date: deleted,
            },
    };
  });
}

/** One page of users matching the search, in the asked order, and how many match in all. */
export async function listUsers(db: Db, q: UserListParams): Promise<{ items: UserItem[]; total: number }> {
  const where = searchCondition(q.search);
  const [rows, [total]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(...orderBy(q.sort, q.order))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: count() })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(where),
  ]);
  return { items: await toItems(db, rows), total: total?.n ?? 0 };
}

export async function findUserItem(db: Db, where: SQL): Promise<UserItem | undefined> {
  const rows = await baseQuery(db).where(where).limit(1);
  const [item] = await toItems(db, rows);
  return item;
}

export const byId = (id: number) => eq(users.id, id);
export const byEmail = (email: string) => sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

export async function emailInUse(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
  return row !== undefined;
}

/** The user row to change, locked until the transaction ends (two saves of one user run one after the other). */
export async function lockUser(tx: Db, id: number) {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      status: users.status,
      startDate: users.startDate,
      roleId: users.roleId,
      companyId: users.companyId,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function findRole(db: Db, id: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return row;
}

export async function findCompany(db: Db, id: number) {
  const [row] = await db
    .select({ id: companies.id, companyName: companies.companyName, deletedDate: companies.deletedDate })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row;
}

export interface UserWrite {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  status: number;
  startDate: string;
  roleId: number;
  companyId: number;
}

export async function insertUser(tx: Db, values: UserWrite): Promise<number> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function updateUser(tx: Db, id: number, values: UserWrite): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, id));
}

/** Ends every live session of the user at once (deactivation): their next request answers 401. */
export async function revokeSessions(tx: Db, userId: number, at: Date): Promise<number> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** A set-password link for a new user: the reset-token flow's table (only the SHA-256 is kept). */
export async function insertSetPasswordToken(tx: Db, userId: number, tokenHash: string, expiresAt: Date) {
  await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}
