import { z } from 'zod';
import { PositiveId } from '../common.ts';
import { Text } from '../text.ts';

/**
 * The photo-ingestion calls of the Upload area (spec 2 §7, paths from spec 3 §7 'Inspections' and
 * 'Images'). One schema per payload, shared by the server's routes and the web client.
 */

/** Base64 MD5 of a file's bytes, as the browser and the server compute it (16 bytes → 24 characters). */
export const Md5Base64 = Text().regex(/^[A-Za-z0-9+/]{22}==$/, {
  message: 'md5 must be the base64 MD5 of the file (24 characters)',
});

/** Upload concurrency when the server names none (spec 2 §9). */
export const DEFAULT_CONCURRENT_UPLOADS = 2;

export const ProjectIdQuery = z.object({ projectId: PositiveId });

/** `GET /inspections/existingMd5/?projectId` */
export const ExistingMd5Response = z.object({
  md5Images: z.array(z.string()).describe('Base64 MD5 of every photo already in the project.'),
  concurrentUploads: z.number().int().positive().describe('How many files the browser uploads at once.'),
});
export type ExistingMd5Response = z.infer<typeof ExistingMd5Response>;

/** `GET /inspections/imageUploadToken/?projectId&md5` */
/** Photo types the upload accepts, by the Content-Type the browser PUTs them with. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
export const ImageUploadTokenQuery = z.object({
  projectId: PositiveId,
  md5: Md5Base64,
  contentType: z
    .enum(IMAGE_CONTENT_TYPES)
    .default('image/jpeg')
    .describe('The Content-Type the file will be PUT with (the signed URL is bound to it).'),
});
export const ImageUploadTokenResponse = z.object({
  alreadyUploaded: z.boolean().describe('The project holds this file already: nothing to upload.'),
  uuid: z.uuid().nullable().describe('The upload id that imageUploadedV2/{uuid} completes.'),
  signedTokenUrl: z
    .string()
    .nullable()
    .describe('PUT the bytes here with the file content type (our storage route or presigned S3).'),
  imageUrl: z.string().nullable().describe('Storage key of the upload; send it back on completion.'),
});
export type ImageUploadTokenResponse = z.infer<typeof ImageUploadTokenResponse>;

/** Step-clip angles typed in the upload dialog for inspection_type 1 (spec 2 §3 'Inspection image'). */
export const StepClipInput = z.object({
  topangleouter: z.number().finite().optional(),
  topangle: z.number().finite().optional(),
  bottomangleouter: z.number().finite().optional(),
  bottomangle: z.number().finite().optional(),
});

/** `POST /inspections/imageUploadedV2/{uuid}` (and the older imageUploaded/{uuid}). */
export const ImageUploadedBody = z.object({
  exif: z
    .record(z.string(), z.unknown())
    .nullish()
    .describe(
      "The browser's reading of the metadata. Advisory only: the server reads the stored file itself.",
    ),
  projectId: PositiveId,
  imageUrl: Text().min(1).max(500),
  fileName: Text().min(1).max(255),
  md5Hash: Md5Base64,
  structureId: PositiveId.nullish().describe('Manual assignment: the chosen structure. Unset → automatic.'),
  imgSizeBytes: z.number().int().nonnegative(),
  stepClip: StepClipInput.nullish(),
});
export type ImageUploadedBody = z.infer<typeof ImageUploadedBody>;
export const UploadUuidParam = z.object({ uuid: z.uuid() });

export const ImageUploadedResponse = z.object({
  alreadyUploaded: z.boolean(),
  imageId: z.number().int().nullable(),
  addImageResponse: z.object({ error: z.string().nullable() }),
});
export type ImageUploadedResponse = z.infer<typeof ImageUploadedResponse>;

/** `POST /inspections/checkImagesUploaded`: which of these hashes the project already holds. */
export const CheckImagesUploadedBody = z.object({
  projectId: PositiveId,
  md5s: z.array(Md5Base64).max(10_000),
});
export const CheckImagesUploadedResponse = z.object({ uploaded: z.array(z.string()) });

/** `GET /image/{id}?size` */
export const IMAGE_SIZES = ['THUMBNAIL_IMG', 'MEDIUM_IMG', 'FULL_IMG'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
export const ImageSizeQuery = z.object({ size: z.enum(IMAGE_SIZES).default('FULL_IMG') });
/** Longest side of the derived sizes, pixels. */
export const IMAGE_SIZE_PX = { THUMBNAIL_IMG: 320, MEDIUM_IMG: 2048 } as const;

/** One photo as the Upload page lists it (spec 2 §3 'Image (upload page)'). */
export const UploadImage = z.object({
  image_id: z.number().int(),
  image_name: z.string(),
  has_thumb: z.boolean(),
  has_medium: z.boolean(),
  meters_from_struct: z.number().nullable(),
  assignment_confidence: z.number().nullable().describe('0..1 for automatic assignment; null otherwise.'),
  uploaded_by_name: z.string().nullable(),
  upload_date: z.string().describe('ISO time.'),
  capture_date: z.string().nullable().describe('ISO time (UTC) of capture, from the stored file.'),
  capture_offset: z
    .string()
    .nullable()
    .describe(
      "The photo's local UTC offset at capture ('+02:00'): the camera's, else its position's zone's.",
    ),
  assigned_date: z.string().nullable(),
  camera_make: z.string().nullable(),
  camera_model: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  bearing: z.number().nullable(),
  structure_id: z.number().int().nullable(),
  anno_count: z.number().int(),
  max_risk_level: z.number().int().nullable(),
  first_viewed: z.string().nullable(),
  rejected: z.boolean(),
  archived: z.boolean().describe('Delivered to the customer (archived_date set).'),
});
export type UploadImage = z.infer<typeof UploadImage>;

/** One structure as the Upload page lists it (spec 2 §3 'Structure (upload/edit)'). */
export const UploadStructure = z.object({
  structure_id: z.number().int(),
  struct_num: z.string(),
  line_id: z.number().int(),
  line_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  structure_source_type_id: z.number().int().describe('1 manual, 2 KMZ (or CSV), 3 nadir.'),
  image_count: z.number().int().describe('Photos assigned to it, rejected ones excluded.'),
  archived_count: z.number().int(),
  inspected: z.boolean().describe('Its inspection (every one, on component projects) is complete.'),
});
export type UploadStructure = z.infer<typeof UploadStructure>;

/** `GET /inspections/getStructureWithImages?structureId&projectId` */
export const StructureImagesQuery = z.object({ structureId: PositiveId, projectId: PositiveId });
export const StructureWithImages = z.object({ structure: UploadStructure, images: z.array(UploadImage) });

/**
 * `GET /inspections/images/byBounds?projectId&bounds`: bounds is 'west,south,east,north' in degrees
 * (spec 2 §3 'Map bounds' as one parameter).
 */
export const ByBoundsQuery = z.object({
  projectId: PositiveId,
  bounds: z.string().transform((v, ctx) => {
    const parts = v.split(',').map(Number);
    const [west, south, east, north] = parts;
    if (
      parts.length !== 4 ||
      parts.some((n) => !Number.isFinite(n)) ||
      (south as number) < -90 ||
      (north as number) > 90 ||
      (south as number) > (north as number)
    ) {
      ctx.addIssue({ code: 'custom', message: 'bounds must be west,south,east,north in degrees' });
      return z.NEVER;
    }
    return { west: west as number, south: south as number, east: east as number, north: north as number };
  }),
});
export const ByBoundsResponse = z.object({
  structures: z.array(UploadStructure),
  images: z.array(UploadImage),
  truncated: z.boolean().describe('More images lie in the bounds than one answer carries; zoom in.'),
});

/** `GET /inspections/uploadStats?projectId`: the header's five tiles. */
export const UploadStats = z.object({
  img_count: z.number().int().describe("Photos not rejected; a customer's: those on structures only."),
  unassigned_img_count: z
    .number()
    .int()
    .optional()
    .describe('Photos without a structure (not rejected). Staff only: absent from a customer answer.'),
  kmz_struct_count: z.number().int(),
  nadir_struct_count: z.number().int(),
  manual_struct_count: z.number().int(),
});
export type UploadStats = z.infer<typeof UploadStats>;

/** `GET /inspections/images?projectId&uploaded_by&limit&offset&orderBy&order&lineId` */
export const IMAGE_ORDER_COLUMNS = [
  'image_name',
  'upload_date',
  'capture_date',
  'assigned_date',
  'meters_from_struct',
] as const;
export const ImageListQuery = z.object({
  projectId: PositiveId,
  uploaded_by: PositiveId.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  orderBy: z.enum(IMAGE_ORDER_COLUMNS).default('image_name'),
  order: z.enum(['ASC', 'DESC']).default('ASC'),
  lineId: PositiveId.optional(),
});
export const ImageListResponse = z.object({ rows: z.array(UploadImage), total: z.number().int() });

/** Selections for reassign and reject (spec 2 §5, §9). */
export const MAX_IMAGE_SELECTION = 500;
export const IMAGE_BATCH_SIZE = 10_000;
export const REJECT_REASON_MAX = 499;

/** `PUT /inspections/reassignImages?newStructureId&projectId` with the image ids in the body. */
export const ReassignImagesQuery = z.object({ newStructureId: PositiveId, projectId: PositiveId });
export const ReassignImagesBody = z.object({
  imageIds: z.array(PositiveId).min(1).max(IMAGE_BATCH_SIZE),
});
export const ReassignImagesResponse = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  count: z.number().int().describe('Photos now on the new structure.'),
});

/** `POST /inspections/images/reject` */
export const RejectImagesBody = z.object({
  notes: Text().trim().min(1, 'A reason is required').max(REJECT_REASON_MAX),
  imageIds: z.array(PositiveId).min(1).max(IMAGE_BATCH_SIZE),
});

/** `GET /inspections/images/getExif?imageId` */
export const ExifQuery = z.object({ imageId: PositiveId });
export const ExifResponse = z.object({
  exif: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .describe('Number and string entries of the stored file, camel-case names as the file has them.'),
  md5: z.string().describe('Base64 MD5 of the stored original, verified on upload.'),
  size_bytes: z.number().int().nullable(),
});
export type ExifResponse = z.infer<typeof ExifResponse>;
