import type { UploadImage, UploadStats, UploadStructure } from '@linewalker/domain';
import type { Actor } from '../../platform/auth/actor.ts';
import { seesQualityWork } from '../../platform/auth/policy.ts';
import { requireProject } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { keysetChunks, type RowChunks } from '../../platform/db/rowChunks.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './upload.repository.ts';

/** The most photos one map-bounds answer carries; past it the answer says `truncated` (zoom in). */
export const MAX_BOUNDS_IMAGES = 5_000;

/** Every structure of a project (50,000 and more), read and sent a chunk at a time in creation order. */
export async function structureList(
  db: Db,
  actor: Actor,
  projectId: number,
): Promise<RowChunks<UploadStructure>> {
  await requireProject(db, actor, 'structure.read', projectId);
  return keysetChunks(
    (after: number | null, size) => repo.projectStructuresAfter(db, projectId, after ?? 0, size),
    (row) => row.structure_id,
  );
}

export async function structureWithImages(
  db: Db,
  actor: Actor,
  projectId: number,
  structureId: number,
): Promise<{ structure: UploadStructure; images: UploadImage[] }> {
  await requireProject(db, actor, 'image.read', projectId);
  const [structure, images] = await Promise.all([
    repo.findStructure(db, projectId, structureId),
    repo.structureImages(db, projectId, structureId),
  ]);
  if (!structure) throw notFound('Structure');
  return { structure, images };
}

/** The project's unassigned photos (a whole flight's worth and more), read and sent a chunk at a time. */
export async function unassignedImageList(
  db: Db,
  actor: Actor,
  projectId: number,
): Promise<RowChunks<UploadImage>> {
  await requireProject(db, actor, 'image.quality.read', projectId);
  return keysetChunks(
    (after: { name: string; id: number } | null, size) => repo.unassignedImages(db, projectId, after, size),
    (row) => ({ name: row.image_name, id: row.image_id }),
  );
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The boxes a map view covers. A map that has wrapped around the world reports longitudes past ±180 and
 * a view across the antimeridian has west > east: both become one or two boxes inside [-180, 180].
 */
export function boxesOf({ west, south, east, north }: Bounds): repo.Box[] {
  let width = east - west;
  if (width < 0) width += 360;
  if (width >= 360) return [{ west: -180, south, east: 180, north }];
  const start = ((((west + 180) % 360) + 360) % 360) - 180;
  const end = start + width;
  if (end <= 180) return [{ west: start, south, east: end, north }];
  return [
    { west: start, south, east: 180, north },
    { west: -180, south, east: end - 360, north },
  ];
}

export async function inBounds(
  db: Db,
  actor: Actor,
  projectId: number,
  bounds: Bounds,
): Promise<{ structures: UploadStructure[]; images: UploadImage[]; truncated: boolean }> {
  await requireProject(db, actor, 'image.read', projectId);
  const { structures, images } = await repo.windowContents(
    db,
    projectId,
    boxesOf(bounds),
    MAX_BOUNDS_IMAGES + 1,
    !seesQualityWork(actor),
  );
  const truncated = images.length > MAX_BOUNDS_IMAGES;
  return { structures, images: truncated ? images.slice(0, MAX_BOUNDS_IMAGES) : images, truncated };
}

export async function stats(db: Db, actor: Actor, projectId: number): Promise<UploadStats> {
  await requireProject(db, actor, 'image.read', projectId);
  if (seesQualityWork(actor)) return repo.uploadStats(db, projectId);
  // A customer's header has no Unassigned Images tile: the count is left out, Images Total is of structures.
  const { unassigned_img_count: _, ...rest } = await repo.uploadStats(db, projectId, true);
  return rest;
}

export async function imageList(
  db: Db,
  actor: Actor,
  filter: repo.ImageListFilter,
): Promise<{ rows: UploadImage[]; total: number }> {
  await requireProject(db, actor, 'image.read', filter.projectId);
  return repo.imagePage(db, { ...filter, acceptedOnly: !seesQualityWork(actor) });
}
