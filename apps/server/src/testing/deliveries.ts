import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { numberArrayLiteral } from '../platform/db/rows.ts';
import { sqlRows } from './rows.ts';

/**
 * Whether each of `imageIds` is in a package, and every package of the project counts exactly the photos
 * that name it (none counted by two requests): what concurrent deliveries must leave behind.
 */
export async function eachPhotoInOnePackage(db: Db, projectId: number, imageIds: readonly number[]) {
  const photos = await sqlRows<{ package_id: number | null }>(
    db,
    sql`select delivery_package_id as package_id from images where id = any(${numberArrayLiteral(imageIds)}::int[])`,
  );
  const packages = await sqlRows<{ image_count: number; n: number }>(
    db,
    sql`select d.image_count, (select count(*)::int from images i where i.delivery_package_id = d.id) as n
        from delivery_packages d where d.project_id = ${projectId}`,
  );
  return (
    photos.length === imageIds.length &&
    photos.every((p) => p.package_id !== null) &&
    packages.every((p) => p.image_count === p.n)
  );
}
