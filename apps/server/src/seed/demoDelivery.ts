import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { deliver } from '../modules/delivery/delivery.service.ts';
import type { UserActor } from '../platform/auth/actor.ts';
import { queryRows } from '../platform/db/rows.ts';
import type { Deps } from '../platform/deps.types.ts';
import { DEMO_PHOTO_PROJECT } from './demoPhotos.ts';

/** Structures of the demo photo project whose photos were delivered already (by name). */
const DELIVERED_STRUCTURES = 4;

/**
 * A first delivery in the demo, made through the real service as the demo project manager: the photos of
 * the photo project's first structures, so the Delivery page shows delivered and undelivered structures and
 * a package (built by the job worker once the server runs) that the customer can download. Answers how
 * many photos it delivered (0 when run again).
 */
export async function loadDemoDelivery(deps: Deps): Promise<number> {
  const db = deps.database.db;
  const [manager] = await queryRows(
    db,
    sql`select id, company_id from users where email = 'manager@demo.linewalker.app'`,
    z.object({
      id: z.number(),
      company_id: z.number(),
    }),
  );
  const photos = await queryRows(
    db,
    sql`
    with first as (
      select s.id from structures s join projects p on p.id = s.project_id
      where p.project_name = ${DEMO_PHOTO_PROJECT}
        and exists (select 1 from images i where i.structure_id = s.id)
      order by s.id limit ${DELIVERED_STRUCTURES})
    select i.project_id, i.id from images i where i.structure_id in (select id from first) order by i.id`,
    z.object({
      project_id: z.number(),
      id: z.number(),
    }),
  );
  if (!manager || photos.length === 0) return 0;
  const actor: UserActor = {
    kind: 'user',
    userId: manager.id,
    roleId: 2,
    roleName: 'project_manager',
    companyId: manager.company_id,
    ip: null,
    requestId: 'demo-delivery',
  };
  const answer = await deliver(deps, actor, {
    projectId: photos[0]!.project_id,
    imageIds: photos.map((p) => p.id),
    archiveName: 'First patrol delivery',
  });
  return answer.delivered;
}
