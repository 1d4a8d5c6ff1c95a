import type { Db } from '../../platform/db/client.ts';
import { aiImages, aiMarkups, aiModelImages, aiModels, aiPatches } from '../../platform/db/schema/index.ts';

/** The AI objects the matrix points at: a model using one 100 × 100 image, and patches to delete. */
export interface AiMatrixFixture {
  modelId: number;
  imageId: number;
  /** A fresh patch of the model at each call, for deletion. */
  nextPatchId: () => number;
  /** A fresh open AI markup on the fixture's photo at each call, for dismissal. */
  nextMarkupId: () => number;
}

export async function buildAiFixture(db: Db, tag: string, photoId: number): Promise<AiMatrixFixture> {
  const [model] = await db
    .insert(aiModels)
    .values({ modelClassName: `Matrix Model ${tag}`, modelHoldbackpercentage: 10 })
    .returning({ id: aiModels.id });
  const [image] = await db
    .insert(aiImages)
    .values({
      md5: `matrix-${tag}`,
      imageName: 'matrix.jpg',
      storageKey: `ai/matrix/${tag}.jpg`,
      imgWidth: 100,
      imgHeight: 100,
    })
    .returning({ id: aiImages.id });
  await db.insert(aiModelImages).values({ modelId: model!.id, aiImageId: image!.id });
  const patches = await db
    .insert(aiPatches)
    .values(
      Array.from({ length: 10 }, () => ({
        modelId: model!.id,
        aiImageId: image!.id,
        left: 1,
        top: 1,
        width: 10,
        height: 10,
      })),
    )
    .returning({ id: aiPatches.id });
  const patchIds = patches.map((p) => p.id);
  const markups = await db
    .insert(aiMarkups)
    .values(
      Array.from({ length: 20 }, () => ({
        modelId: model!.id,
        version: 1,
        imageId: photoId,
        left: 1,
        top: 1,
        width: 20,
        height: 20,
        score: 0.9,
      })),
    )
    .returning({ id: aiMarkups.id });
  const markupIds = markups.map((m) => m.id);
  return {
    modelId: model!.id,
    imageId: image!.id,
    nextPatchId: () => {
      const id = patchIds.shift();
      if (id === undefined) throw new Error('the matrix fixture ran out of AI patches');
      return id;
    },
    nextMarkupId: () => {
      const id = markupIds.shift();
      if (id === undefined) throw new Error('the matrix fixture ran out of AI markups');
      return id;
    },
  };
}
