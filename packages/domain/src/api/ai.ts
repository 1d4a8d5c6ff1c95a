import { z } from 'zod';
import { DbInt, PositiveId } from '../common.ts';
import { Annotation, AnnotationPolygon, polygonPoints } from './annotations.ts';

/**
 * AI models (spec 3 §2 'AI models', §3 'AI model', 'AI upload item', §4, §7 'AI', §9). Field names are the
 * spec's (snake case and its spellings: `users_contibuting`, `userinitatedstarttrainingdate`).
 */

/** Spec 3 §9: at least 100 marked-up images to train; 1000 recommended. */
export const AI_MIN_TRAINING_IMAGES = 100;
export const AI_RECOMMENDED_TRAINING_IMAGES = 1000;
/** Spec 3 §9: images uploaded at once and tries per step (metadata, token, completion). */
export const AI_UPLOAD_CONCURRENCY = 2;
export const AI_UPLOAD_RETRIES = 3;
export const AI_CLASS_NAME_MAX = 100;
export const AI_NOTES_MAX = 2000;
export const AI_PATCH_NOTE_MAX = 500;

export const AI_MODEL_STATES = [
  'Trained',
  'Training',
  'Ready to Train',
  'Waiting for Markup',
  'Waiting for Images',
] as const;
export type AiModelState = (typeof AI_MODEL_STATES)[number];

/** The colour each state is shown in (Mantine colour names). */
export const AI_MODEL_STATE_COLORS: Record<AiModelState, string> = {
  Trained: 'green',
  Training: 'blue',
  'Ready to Train': 'teal',
  'Waiting for Markup': 'yellow',
  'Waiting for Images': 'gray',
};

/**
 * A model's state from its counts: training while a start date is set, trained once a version exists and
 * nothing was marked up since, otherwise by how far the images are.
 */
export function aiModelState(m: {
  training: boolean;
  trainedAndCurrent: boolean;
  imgsTotal: number;
  imgsReady: number;
}): AiModelState {
  if (m.training) return 'Training';
  if (m.trainedAndCurrent) return 'Trained';
  if (m.imgsReady >= AI_MIN_TRAINING_IMAGES) return 'Ready to Train';
  if (m.imgsTotal > 0) return 'Waiting for Markup';
  return 'Waiting for Images';
}

/** Spec 3 §2: the model page's slug, the class name in lower case with spaces replaced by hyphens. */
export const aiModelSlug = (className: string): string => className.trim().toLowerCase().replace(/ /g, '-');

/** Spec 3 §4: the rounded-down share of currentstep in totalstepcount. */
export const aiTrainingPercent = (currentstep: number, totalstepcount: number): number =>
  totalstepcount > 0 ? Math.min(100, Math.max(0, Math.floor((currentstep / totalstepcount) * 100))) : 0;

/** Spec 3 §4: ready for training only at ≥ 100 marked-up images. */
export const aiReadyForTraining = (imgsReady: number): boolean => imgsReady >= AI_MIN_TRAINING_IMAGES;

const ClassName = z
  .string()
  .trim()
  .min(1, 'Class name is required')
  .max(AI_CLASS_NAME_MAX)
  .refine((s) => !/[/?#\\]/.test(s), 'A class name may not contain / ? # or \\');
// The error option replaces zod's 'expected number, received NaN' for a missing or non-numeric value.
const HoldbackPct = z.coerce
  .number({ error: 'Hold back percent is a number from 0 to 100' })
  .int('Hold back percent is a whole number')
  .min(0, 'Hold back percent is 0 to 100')
  .max(100, 'Hold back percent is 0 to 100');

export const AiModelCreateBody = z.object({
  className: ClassName,
  description: z.string().max(AI_NOTES_MAX).nullish(),
  holdback_pct: HoldbackPct,
});
export type AiModelCreateBody = z.infer<typeof AiModelCreateBody>;
export const AiModelCreateResponse = z.object({ model_id: z.number().int() });

/** Spec 3 §7 'update model': class name, notes, hold back percent, plus model_class_id. */
export const AiModelUpdateBody = AiModelCreateBody.extend({
  // An integer column: past its range a 400, not the database's error (500).
  model_class_id: DbInt.nullish(),
});
export type AiModelUpdateBody = z.infer<typeof AiModelUpdateBody>;

export const AiModelIdParam = z.object({ id: PositiveId });
export const AiModelIdParamAlt = z.object({ modelId: PositiveId });

export const AiConfusion = z.object({
  true_positives: z.number().int(),
  false_positives: z.number().int(),
  false_negatives: z.number().int(),
  true_negative_images: z.number().int(),
});
export const AiPrPoint = z.object({ threshold: z.number(), precision: z.number(), recall: z.number() });

/** One training run's result on its held-back images. */
export const AiModelVersion = z.object({
  version: z.number().int(),
  trained_at: z.string(),
  train_images: z.number().int(),
  validation_images: z.number().int(),
  precision: z.number().nullable(),
  recall: z.number().nullable(),
  ap50: z.number().nullable(),
  threshold: z.number(),
  confusion: AiConfusion,
  pr_curve: z.array(AiPrPoint),
});
export type AiModelVersion = z.infer<typeof AiModelVersion>;

export const AiModel = z.object({
  id: z.number().int(),
  model_class_id: z.number().int().nullable(),
  model_class_name: z.string(),
  model_holdbackpercentage: z.number().int(),
  model_notes: z.string().nullable(),
  imgs_total: z.number().int(),
  imgs_ready_for_training: z.number().int(),
  imgs_not_ready_for_training: z.number().int(),
  users_contibuting: z.number().int(),
  userinitatedstarttrainingdate: z.string().nullable(),
  currentstep: z.number().int(),
  totalstepcount: z.number().int(),
  state: z.enum(AI_MODEL_STATES),
  /** The newest trained version and its metrics, null before the first training. */
  latest_version: AiModelVersion.nullable(),
});
export type AiModel = z.infer<typeof AiModel>;
export const AiModelList = z.array(AiModel);

/** Spec 3 §3 'Token response': PUT the file to signedTokenUrl, then complete with imageUrl. */
export const AiUploadTokenQuery = z.object({
  contentType: z.enum(['image/jpeg', 'image/png']).default('image/jpeg'),
});
export const AiUploadTokenResponse = z.object({ signedTokenUrl: z.string(), imageUrl: z.string() });

/** Base64 MD5 as the browser computes it (24 characters). */
const Md5Base64 = z.string().regex(/^[A-Za-z0-9+/]{22}==$/, 'md5_hash is the base64 MD5 of the file');

export const AiImageUploadedBody = z.object({
  imageUrl: z.string().min(1).max(500),
  fileName: z.string().trim().min(1).max(255),
  md5_hash: Md5Base64,
  img_width: z.number().int().positive().nullish(),
  img_height: z.number().int().positive().nullish(),
});
export type AiImageUploadedBody = z.infer<typeof AiImageUploadedBody>;
export const AiImageUploadedResponse = z.object({
  image_id: z.number().int(),
  /** Spec 3 §3: the completion may hold addImageResponse with an error (null when it worked). */
  addImageResponse: z.object({ error: z.string().nullable() }),
});

/** A patch in the image's pixels; polygon optional (its points inside the rectangle's image). */
export const AiPatchBody = z.object({
  image_id: PositiveId,
  width: z.number().finite().positive(),
  height: z.number().finite().positive(),
  left: z.number().finite().min(0),
  top: z.number().finite().min(0),
  polygon: z.preprocess(polygonPoints, AnnotationPolygon.nullish()),
  note: z.string().max(AI_PATCH_NOTE_MAX).nullish(),
});
export type AiPatchBody = z.infer<typeof AiPatchBody>;
export const AiIdResponse = z.object({ id: z.number().int() });

export const AiPatch = z.object({
  id: z.number().int(),
  left: z.number(),
  top: z.number(),
  width: z.number(),
  height: z.number(),
  polygon: z.array(z.tuple([z.number(), z.number()])).nullable(),
  note: z.string().nullable(),
  created_by: z.number().int().nullable(),
});
export type AiPatch = z.infer<typeof AiPatch>;

export const AiModelImage = z.object({
  image_id: z.number().int(),
  image_name: z.string(),
  img_width: z.number().int().nullable(),
  img_height: z.number().int().nullable(),
  /** 'nothing to find here': a negative example. */
  nothing_to_find: z.boolean(),
  /** Marked up: a patch, or nothing to find. */
  marked_up: z.boolean(),
  url: z.string(),
  patches: z.array(AiPatch),
});
export type AiModelImage = z.infer<typeof AiModelImage>;
export const AiModelImages = z.object({ images: z.array(AiModelImage) });
export type AiModelImages = z.infer<typeof AiModelImages>;

export const AiImageParams = z.object({ id: PositiveId, imageId: PositiveId });
export const AiNothingToFindBody = z.object({ nothing_to_find: z.boolean() });

export const AiOk = z.object({ ok: z.literal(true) });

/** Spec 3 §2: the model page's upload takes .jpg, .jpeg and .png by name (hidden files and folders skipped). */
export const isAiImagePath = (path: string): boolean =>
  /\.(jpe?g|png)$/i.test(path) && !path.split('/').some((part) => part.startsWith('.'));

/**
 * Spec 3 §4 'AI image upload item', §8: the statuses word for word. The spec gives 1005 (blob upload) and
 * 1006 (completion post) without their words; both are network failures, so they read like 1004.
 */
export const AI_UPLOAD_STATUS = {
  pending: 'Pending',
  uploading: 'Uploading',
  complete: 'Complete',
  invalidImage: 'Failed Invalid Image 1002',
  readError: 'Failed Error Reading File 1003',
  tokenFailed: 'Failed Network Error 1004',
  blobFailed: 'Failed Network Error 1005',
  completionFailed: 'Failed Network Error 1006',
} as const;
export type AiUploadStatus = (typeof AI_UPLOAD_STATUS)[keyof typeof AI_UPLOAD_STATUS];
/** Percent complete after each step (spec 3 §4). */
export const AI_UPLOAD_PERCENT = { metadata: 10, token: 50, blob: 70, complete: 100 } as const;

/** Spec 3 §5, word for word. */
export const AI_MESSAGES = {
  noValidImages: 'No valid image .jpg, or .jpeg images found to upload.',
  atLeastOne: 'You must upload at least one Image',
} as const;

/** 'Run on project': a model over a project's photos (optionally only the unreviewed ones). */
export const AiRunOnProjectBody = z.object({
  projectId: PositiveId,
  onlyUnreviewed: z.boolean().default(false),
});
export const AiJobResponse = z.object({ job_id: z.number().int() });

/** What a model version found on an inspection photo. */
export const AiMarkup = z.object({
  id: z.number().int(),
  model_id: z.number().int(),
  model_class_name: z.string(),
  version: z.number().int(),
  image_id: z.number().int(),
  left: z.number(),
  top: z.number(),
  width: z.number(),
  height: z.number(),
  score: z.number(),
  status: z.enum(['open', 'accepted', 'dismissed']),
  annotation_id: z.number().int().nullable(),
});
export type AiMarkup = z.infer<typeof AiMarkup>;

/**
 * A patch drawn on an inspection photo in the viewer's AI mode (spec 2 §7 'Insert AI patch'): a training
 * patch of the model on the photo's training image, in the photo's pixels.
 */
export const AiPhotoPatch = AiPatch.extend({
  model_id: z.number().int(),
  model_class_name: z.string(),
  created_by_name: z.string().nullable(),
});
export type AiPhotoPatch = z.infer<typeof AiPhotoPatch>;
export const CreateAiPatchResponse = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  patch: AiPhotoPatch,
});

/** The AI mode's view of a photo (spec 2 §3 'in AI mode also img_id and patches'). */
export const AiMarkupList = z.object({
  markups: z.array(AiMarkup),
  /** The photo's training image (its ai_images id) once a model uses it; null before. */
  img_id: z.number().int().nullable(),
  /** Every model's patches drawn on the photo (AI mode's Insert AI patch, or the model page's markup). */
  patches: z.array(AiPhotoPatch),
});
export type AiMarkupList = z.infer<typeof AiMarkupList>;
export const AiMarkupQuery = z.object({ imageId: PositiveId });

/** Accepting a markup makes it an annotation: the reviewer picks the component and the risk. */
export const AiAcceptBody = z.object({
  category: PositiveId,
  sub_category: PositiveId.nullish(),
  risk_level: z.number().int().min(2).max(5),
  text: z.string().max(500).nullish(),
});
export type AiAcceptBody = z.infer<typeof AiAcceptBody>;
export const AiAcceptResponse = z.object({ annotation: Annotation });

/** The slider's 'all above': every open markup of a photo at or above minScore, accepted or dismissed. */
export const AiReviewAllBody = z.object({
  imageId: PositiveId,
  minScore: z.number().min(0).max(1),
  /** Only this model's markups (the AI mode's model choice); all models when not given. */
  modelId: PositiveId.nullish(),
  action: z.enum(['accept', 'dismiss']),
  category: PositiveId.nullish().describe('The component (required to accept).'),
  sub_category: PositiveId.nullish(),
  risk_level: z.number().int().min(2).max(5).default(2),
  text: z.string().max(500).nullish(),
});
export type AiReviewAllBody = z.infer<typeof AiReviewAllBody>;
export const AiReviewAllResponse = z.object({ reviewed: z.number().int(), annotations: z.array(Annotation) });
