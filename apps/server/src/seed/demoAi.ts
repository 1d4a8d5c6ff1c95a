import { createHash } from 'node:crypto';
import { ROLE_IDS } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { syntheticImage } from '../modules/ai/detector/syntheticSet.ts';
import { IdRow, queryRows } from '../platform/db/rows.ts';
import { aiImages, aiModelImages, aiModels, aiPatches } from '../platform/db/schema/index.ts';
import type { Deps } from '../platform/deps.types.ts';

/** Images of the demo model: past the 100 that training needs, so 'Launch Training Now' works at once. */
const DEMO_IMAGES = 120;

/**
 * The demo AI model 'Orange Marker': 120 generated images marked up (each object a patch, an image without
 * one marked 'nothing to find here'), ready to train (the demo data's other models wait for images).
 * Skipped when it exists.
 */
export async function loadDemoAi(deps: Deps): Promise<number> {
  const db = deps.database.db;
  const name = 'Orange Marker';
  if (
    (await queryRows(db, sql`select id from ai_models where model_class_name = ${name}`, IdRow)).length > 0
  ) {
    return 0;
  }
  const [manager] = await queryRows(
    db,
    sql`select id from users where role_id = ${ROLE_IDS.projectManager} and status = 1 order by id limit 1`,
    IdRow,
  );
  const createdBy = manager?.id ?? null;
  const [model] = await db
    .insert(aiModels)
    .values({
      modelClassName: name,
      modelHoldbackpercentage: 15,
      modelNotes: 'Generated demo images: orange discs with a dark core on cluttered backgrounds.',
      createdBy,
      markupChangedAt: new Date(),
    })
    .returning({ id: aiModels.id });
  for (let i = 0; i < DEMO_IMAGES; i++) {
    const s = await syntheticImage(50_000 + i);
    const key = `ai/demo/${i}.jpg`;
    await deps.storage.write(key, s.bytes, 'image/jpeg');
    const [image] = await db
      .insert(aiImages)
      .values({
        md5: createHash('md5').update(s.bytes).digest('base64'),
        imageName: `demo_${String(i).padStart(3, '0')}.jpg`,
        storageKey: key,
        imgWidth: s.width,
        imgHeight: s.height,
        sizeBytes: s.bytes.length,
        contentType: 'image/jpeg',
        uploadedBy: createdBy,
      })
      .returning({ id: aiImages.id });
    await db.insert(aiModelImages).values({
      modelId: model!.id,
      aiImageId: image!.id,
      uploadedBy: createdBy,
      nothingToFind: s.boxes.length === 0,
      markedBy: createdBy,
    });
    if (s.boxes.length > 0) {
      await db
        .insert(aiPatches)
        .values(s.boxes.map((b) => ({ modelId: model!.id, aiImageId: image!.id, ...b, createdBy })));
    }
  }
  return DEMO_IMAGES;
}
