import { type AttributeType, PilotAttribute, type PilotItem } from '@linewalker/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/rows.ts';
import { pilotAttributeLinks, pilotAttributes, pilots } from '../../platform/db/schema/index.ts';

const PilotRow = z.object({
  id: z.number(),
  user_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  home_base: z.string().nullable(),
  availability: z.string(),
  license_expiration: z.string().nullable(),
  aircraft: z.string().nullable(),
  role_id: z.number(),
  role_name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/** Attributes of the given pilots, by pilot id, in name order. */
async function attributesOf(db: Db, pilotIds: number[]): Promise<Map<number, PilotAttribute[]>> {
  const out = new Map<number, PilotAttribute[]>();
  if (pilotIds.length === 0) return out;
  const rows = await queryRows(
    db,
    sql`select l.pilot_id, a.attribute_id, a.att_name, a.type_name
      from pilot_attribute_links l join pilot_attributes a on a.attribute_id = l.attribute_id
      where l.pilot_id in (${sql.join(
        pilotIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by lower(a.att_name), a.attribute_id`,
    PilotAttribute.extend({
      pilot_id: z.number(),
    }),
  );
  for (const { pilot_id, ...attribute } of rows) {
    const list = out.get(pilot_id) ?? [];
    list.push(attribute);
    out.set(pilot_id, list);
  }
  return out;
}

/**
 * Current pilots (pilot record not deleted) of the operating company, by last then first name; one pilot
 * when `userId` is given.
 */
export async function listPilots(db: Db, userId?: number): Promise<PilotItem[]> {
  const rows = await queryRows(
    db,
    sql`select p.id, p.user_id, u.first_name, u.last_name, u.email, u.phone, p.home_base, p.availability,
        to_char(p.license_expiration, 'YYYY-MM-DD') as license_expiration, p.aircraft, u.role_id, r.role_name,
        (p.home_location)[1]::float8 as latitude, (p.home_location)[0]::float8 as longitude
      from pilots p
      join users u on u.id = p.user_id
      join roles r on r.id = u.role_id
      where p.pilot_deleted_date is null ${userId === undefined ? sql`` : sql`and p.user_id = ${userId}`}
      order by lower(u.last_name), lower(u.first_name), p.id`,
    PilotRow,
  );
  const attributes = await attributesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const list = attributes.get(r.id) ?? [];
    const names = (type: PilotAttribute['type_name']) =>
      list.filter((a) => a.type_name === type).map((a) => a.att_name);
    return {
      ...r,
      proficiencies: names('prof'),
      certifications: names('cert'),
      skills: names('skill'),
      attributes: list,
    };
  });
}

/**
 * Sets the home base's coordinates (x = longitude, y = latitude). `onlyIfMissing` places a pilot whose home
 * base has no coordinates yet (a pilot saved from the user form) and leaves one already placed as it is.
 */
export async function setHomeLocation(
  tx: Db,
  pilotId: number,
  place: { latitude: number; longitude: number },
  onlyIfMissing = false,
): Promise<void> {
  const missing = onlyIfMissing ? sql`${pilots.homeLocation} is null` : sql`true`;
  await tx
    .update(pilots)
    .set({ homeLocation: { x: place.longitude, y: place.latitude } })
    .where(and(eq(pilots.id, pilotId), missing));
}

/** The user with this email (any case), locked for the transaction, with their pilot record if any. */
export async function lockUserByEmail(tx: Db, email: string) {
  const [row] = await queryRows(
    tx,
    sql`select u.id, u.company_id, p.id as pilot_id, p.home_base, p.home_location is not null as has_location
      from users u left join pilots p on p.user_id = u.id
      where lower(u.email) = ${email.trim().toLowerCase()}
      for update of u`,
    z.object({
      id: z.number(),
      company_id: z.number(),
      pilot_id: z.number().nullable(),
      home_base: z.string().nullable(),
      has_location: z.boolean(),
    }),
  );
  return row ?? null;
}

/** Whether the user has a current (not deleted) pilot record; for the scheduling calls. */
export async function activePilot(db: Db, userId: number) {
  const [row] = await queryRows(
    db,
    sql`select p.id, u.phone, u.first_name from pilots p join users u on u.id = p.user_id
      where p.user_id = ${userId} and p.pilot_deleted_date is null`,
    z.object({
      id: z.number(),
      phone: z.string().nullable(),
      first_name: z.string(),
    }),
  );
  return row ?? null;
}

/** The user's pilot record (live or ended), locked for the transaction. */
export async function findPilot(tx: Db, userId: number) {
  const [row] = await tx.select().from(pilots).where(eq(pilots.userId, userId)).for('update').limit(1);
  return row;
}

export interface PilotWrite {
  availability: (typeof pilots.$inferInsert)['availability'] & string;
  licenseExpiration: string;
  homeBase: string;
  aircraft: string | null;
}

/** Creates or revives the user's pilot record; the home base's coordinates are left for geocoding. */
export async function upsertPilot(tx: Db, userId: number, values: PilotWrite, at: Date): Promise<number> {
  const [row] = await tx
    .insert(pilots)
    .values({ userId, ...values, homeLocation: null })
    .onConflictDoUpdate({
      target: pilots.userId,
      set: {
        ...values,
        // A changed home base no longer matches the old coordinates.
        homeLocation: sql`case when ${pilots.homeBase} is distinct from excluded.home_base then null else ${pilots.homeLocation} end`,
        pilotDeletedDate: null,
        updatedAt: at,
      },
    })
    .returning({ id: pilots.id });
  return row!.id;
}

export async function endPilot(tx: Db, pilotId: number, at: Date): Promise<void> {
  await tx.update(pilots).set({ pilotDeletedDate: at, updatedAt: at }).where(eq(pilots.id, pilotId));
}

/**
 * The ids of the named attributes of each type, adding the names not known yet (case-insensitive match;
 * a concurrent add of the same name is absorbed by the unique index).
 */
export async function resolveAttributes(
  tx: Db,
  named: Array<{ type: AttributeType; name: string }>,
): Promise<number[]> {
  if (named.length === 0) return [];
  await tx
    .insert(pilotAttributes)
    .values(named.map((n) => ({ attName: n.name, typeName: n.type })))
    .onConflictDoNothing();
  const keys = named.map((n) => `${n.type}:${n.name.toLowerCase()}`);
  const rows = await tx
    .select({ id: pilotAttributes.attributeId })
    .from(pilotAttributes)
    .where(inArray(sql`${pilotAttributes.typeName} || ':' || lower(${pilotAttributes.attName})`, keys));
  return rows.map((r) => r.id);
}

export async function existingAttributeIds(tx: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: pilotAttributes.attributeId })
    .from(pilotAttributes)
    .where(inArray(pilotAttributes.attributeId, ids));
  return rows.map((r) => r.id);
}

/** Replaces the pilot's attribute links. */
export async function setPilotAttributes(tx: Db, pilotId: number, attributeIds: number[]): Promise<void> {
  await tx.delete(pilotAttributeLinks).where(eq(pilotAttributeLinks.pilotId, pilotId));
  const unique = [...new Set(attributeIds)].sort((a, b) => a - b);
  if (unique.length > 0) {
    await tx.insert(pilotAttributeLinks).values(unique.map((attributeId) => ({ pilotId, attributeId })));
  }
}

export async function listAttributes(db: Db): Promise<PilotAttribute[]> {
  return db
    .select({
      attribute_id: pilotAttributes.attributeId,
      att_name: pilotAttributes.attName,
      type_name: pilotAttributes.typeName,
    })
    .from(pilotAttributes)
    .orderBy(asc(pilotAttributes.typeName), asc(sql`lower(${pilotAttributes.attName})`));
}
