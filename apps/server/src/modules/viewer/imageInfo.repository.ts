import { StepClipBody } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import { acceptedPhotoFor, projectInActorScope } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { execute, queryRows } from '../../platform/db/rows.ts';

/** The shot identifiers by id. */
export function identifiers(db: Db) {
  return queryRows(
    db,
    sql`select anno_img_id, anno_img_name from image_identifiers order by anno_img_id`,
    z.object({
      anno_img_id: z.number(),
      anno_img_name: z.string(),
    }),
  );
}

/** The identifier's name, or null when there is no such identifier. */
export async function identifierName(db: Db, id: number): Promise<string | null> {
  const [row] = await queryRows(
    db,
    sql`select anno_img_name as name from image_identifiers where anno_img_id = ${id}`,
    z.object({
      name: z.string(),
    }),
  );
  return row?.name ?? null;
}

const ImageToIdentifierRow = z.object({
  image_id: z.number(),
  anno_img_id: z.number(),
});

/**
 * The identifiers of every photo the actor may see: staff all of them; a customer the accepted photos of
 * their company's projects (not a bid's still open).
 */
export function identifiersSeenBy(db: Db, actor: Actor) {
  return queryRows(
    db,
    sql`select l.image_id, l.anno_img_id
        from image_identifier_links l
        join images im on im.id = l.image_id
        join projects p on p.id = im.project_id
        where ${projectInActorScope(actor, 'p')} and ${acceptedPhotoFor(actor, 'im')}
        order by l.image_id`,
    ImageToIdentifierRow,
  );
}

/** The identifiers of a structure's photos the actor may see (photos without one are left out). */
export function identifiersOfStructure(db: Db, actor: Actor, structureId: number) {
  return queryRows(
    db,
    sql`select l.image_id, l.anno_img_id
        from image_identifier_links l join images im on im.id = l.image_id
        where im.structure_id = ${structureId} and ${acceptedPhotoFor(actor, 'im')}
        order by l.image_id`,
    ImageToIdentifierRow,
  );
}

/** The photo's identifier, or null without one. */
export async function identifierOf(db: Db, imageId: number): Promise<number | null> {
  const [row] = await queryRows(
    db,
    sql`select anno_img_id from image_identifier_links where image_id = ${imageId}`,
    z.object({
      anno_img_id: z.number(),
    }),
  );
  return row?.anno_img_id ?? null;
}

export async function setIdentifier(db: Db, imageId: number, identifierId: number): Promise<void> {
  await db.execute(sql`
    insert into image_identifier_links (image_id, anno_img_id) values (${imageId}::int, ${identifierId}::int)
    on conflict (image_id) do update set anno_img_id = excluded.anno_img_id`);
}

export async function clearIdentifier(db: Db, imageId: number): Promise<boolean> {
  return (await execute(db, sql`delete from image_identifier_links where image_id = ${imageId}`)) > 0;
}

/** The project's inspection type and the photo's angles (the caller holds the photo's row lock). */
export async function stepClipOf(db: Db, imageId: number) {
  const [row] = await queryRows(
    db,
    sql`select p.inspection_type, im.stepclip_json
        from images im join projects p on p.id = im.project_id
        where im.id = ${imageId}`,
    z.object({
      inspection_type: z.string(),
      stepclip_json: StepClipBody.partial().nullable(),
    }),
  );
  return row ?? null;
}

export async function setStepClip(db: Db, imageId: number, angles: StepClipBody): Promise<void> {
  await db.execute(
    sql`update images set stepclip_json = ${JSON.stringify(angles)}::jsonb where id = ${imageId}`,
  );
}
