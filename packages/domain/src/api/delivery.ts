import { z } from 'zod';
import { Ok, OptionalQueryId, PositiveId } from '../common.ts';
import { Text } from '../text.ts';
import { IMAGE_BATCH_SIZE } from './images.ts';

/**
 * The Delivery (archive) sub-page (spec 2 §2 'Archive (Delivery)', §3 'Structure (overview/archive)',
 * 'Archived image', 'Delivery counts', §4 'Archive') and the delivery packages built by 'Archive Selected'.
 */

/** Structure page size of the archive table (spec 2 §9). */
export const DELIVERY_PAGE_SIZE = 50;
/** The archive table keeps at most about this many rows loaded, dropping earlier pages (spec 2 §4). */
export const DELIVERY_WINDOW_ROWS = 500;

export const DELIVERY_FILTERS = ['all', 'delivered', 'undelivered'] as const;
export type DeliveryFilter = (typeof DELIVERY_FILTERS)[number];
/** The filter buttons' labels, word for word (spec 2 §2). */
export const DELIVERY_FILTER_LABELS: Record<DeliveryFilter, string> = {
  all: 'All',
  delivered: 'Delivered',
  undelivered: 'Undelivered',
};

/**
 * Line ids as a query parameter: `lineId=1&lineId=2`, `lineId=1,2` or the spec's `lineId[]=1`. Empty means
 * every line.
 */
const LineIdList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((raw, ctx) => {
    const parts = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const ids = parts.map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
      ctx.addIssue({ code: 'custom', message: 'lineId must be positive whole numbers' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/** The filters every delivery list and count shares: lines and the header's structure/line search. */
const DeliveryFilterFields = {
  lineId: LineIdList,
  'lineId[]': LineIdList,
  q: Text().trim().max(100).optional().describe('Part of a structure name or line name, any case.'),
};

export const DELIVERY_STRUCTURE_ORDER = ['struct_num', 'line_name', 'image_count', 'archived_count'] as const;
export type DeliveryStructureOrder = (typeof DELIVERY_STRUCTURE_ORDER)[number];

/** `GET /structures/archive?projectId&limit&offset&orderBy&order&lineId&q&delivery` */
export const DeliveryStructuresQuery = z.object({
  projectId: PositiveId,
  limit: z.coerce.number().int().min(1).max(200).default(DELIVERY_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  orderBy: z.enum(DELIVERY_STRUCTURE_ORDER).default('struct_num'),
  order: z.enum(['ASC', 'DESC']).default('ASC'),
  delivery: z.enum(DELIVERY_FILTERS).default('all'),
  ...DeliveryFilterFields,
});
export type DeliveryStructuresQuery = z.input<typeof DeliveryStructuresQuery>;

/** One row of the archive table (spec 2 §3 'Structure (overview/archive)', the delivery fields). */
export const DeliveryStructure = z.object({
  structure_id: z.number().int(),
  struct_num: z.string(),
  line_id: z.number().int(),
  line_name: z.string(),
  line_num: z.string().nullable(),
  company_id: z.number().int(),
  image_count: z.number().int().describe('Photos that can be delivered: assigned to it and not rejected.'),
  archived_count: z.number().int().describe('Of those, the ones delivered (archived_date set).'),
  uploaded_image_count: z.number().int().describe('Every photo assigned to it, rejected ones included.'),
  image_ids: z.array(z.number().int()).describe('The deliverable photos, by id.'),
  undelivered_image_ids: z.array(z.number().int()).describe('Those not delivered yet.'),
});
export type DeliveryStructure = z.infer<typeof DeliveryStructure>;

export const DeliveryStructurePage = z.object({
  rows: z.array(DeliveryStructure),
  total: z.number().int().describe('Structures matching the filters.'),
  selectable: z
    .object({
      images: z
        .number()
        .int()
        .describe('Photos not delivered yet (nor rejected) of every matching structure.'),
      structures: z.number().int().describe('Matching structures with at least one of those photos.'),
    })
    .describe('What a select-all of these filters delivers, loaded or not (before exclusions).'),
});
export type DeliveryStructurePage = z.infer<typeof DeliveryStructurePage>;

/** `GET /structures/deliveryCounts/{id}?lineId&q` (spec 2 §3 'Delivery counts'). */
export const DeliveryCountsQuery = z.object(DeliveryFilterFields);
export const DeliveryCounts = z.object({
  all_count: z.number().int(),
  undelivered: z.number().int(),
  delivered: z.number().int().describe('Structures with photos, every one of them delivered.'),
});
export type DeliveryCounts = z.infer<typeof DeliveryCounts>;

export const ARCHIVED_IMAGE_ORDER = ['image_name', 'capture_date', 'upload_date', 'archived_date'] as const;
export type ArchivedImageOrder = (typeof ARCHIVED_IMAGE_ORDER)[number];

/** `GET /structures/getArchivedImages?structureId&projectId&componentId&orderBy&order` */
export const ArchivedImagesQuery = z.object({
  structureId: PositiveId,
  projectId: PositiveId,
  componentId: OptionalQueryId.transform((v) => v ?? null).describe(
    'A component: only photos with an annotation of it. Empty or null: every photo.',
  ),
  orderBy: z.enum(ARCHIVED_IMAGE_ORDER).default('image_name'),
  order: z.enum(['ASC', 'DESC']).default('ASC'),
});
export type ArchivedImagesQuery = z.input<typeof ArchivedImagesQuery>;

/** spec 2 §3 'Archived image'. */
export const ArchivedImage = z.object({
  id: z.number().int(),
  structure_id: z.number().int(),
  archive_name: z.string().nullable(),
  image_name: z.string(),
  archived_date: z.string().nullable().describe('ISO time; null: not delivered.'),
  upload_date: z.string(),
  uploaded_by_name: z.string().nullable(),
  inspected_by_name: z.string().nullable().describe("Who completed the structure's inspection."),
  capture_date: z.string().nullable(),
  has_thumb: z.boolean(),
  delivery_package_id: z.number().int().nullable().describe('The package it was delivered in.'),
});
export type ArchivedImage = z.infer<typeof ArchivedImage>;

export const DELIVERY_PACKAGE_STATUSES = ['queued', 'building', 'ready', 'failed'] as const;
export type DeliveryPackageStatus = (typeof DELIVERY_PACKAGE_STATUSES)[number];

/** A delivery package: the photos of one 'Archive Selected' and the ZIP built of them. */
export const DeliveryPackage = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  number: z.number().int().describe('1, 2, 3 … within the project.'),
  archive_name: z.string(),
  status: z.enum(DELIVERY_PACKAGE_STATUSES),
  image_count: z.number().int(),
  files_done: z.number().int().describe('Photos written into the ZIP so far.'),
  bytes_total: z.number().int().nullable(),
  size_bytes: z.number().int().nullable().describe("The ZIP's size once ready."),
  error: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type DeliveryPackage = z.infer<typeof DeliveryPackage>;

export const DeliveryPackagesQuery = z.object({ projectId: PositiveId });

export const ARCHIVE_NAME_MAX = 100;

/**
 * A select-all of the archive table: the filters it was made under, as the table's list calls send them.
 * The server resolves it to photos (not delivered, not rejected, of the structures the filters match).
 */
export const DeliverySelectionFilter = z.object({
  lineIds: z.array(PositiveId).max(1000).default([]).describe("The header's lines; empty: every line."),
  q: DeliveryFilterFields.q,
  delivery: z.enum(DELIVERY_FILTERS).default('all').describe('The All / Delivered / Undelivered button.'),
});
export type DeliverySelectionFilter = z.input<typeof DeliverySelectionFilter>;

/**
 * `POST /deliveries`: 'Archive Selected'. The same either/or as the Inspect tab's CSV export: photos picked
 * one by one (`imageIds`), or a select-all (`filter`) minus the photos unticked after it (`exclude`),
 * resolved on the server, so a select-all covers pages the browser never loaded.
 */
export const CreateDeliveryBody = z
  .object({
    projectId: PositiveId,
    imageIds: z.array(PositiveId).min(1, 'Select at least one image').max(IMAGE_BATCH_SIZE).optional(),
    filter: DeliverySelectionFilter.optional().describe(
      'Select-all: every photo not delivered yet of the structures these filters match.',
    ),
    exclude: z
      .array(PositiveId)
      .max(IMAGE_BATCH_SIZE)
      .optional()
      .describe('With filter: photos unticked after the select-all.'),
    archiveName: Text()
      .trim()
      .min(1, 'Archive name is required')
      .max(ARCHIVE_NAME_MAX, `Maximum character is ${ARCHIVE_NAME_MAX}`)
      .optional()
      .describe("Written to each photo's archive_name; default 'Delivery N (YYYY-MM-DD)'."),
  })
  .refine((b) => (b.imageIds === undefined) !== (b.filter === undefined), {
    message: 'Name either imageIds or filter',
  })
  .refine((b) => b.exclude === undefined || b.filter !== undefined, {
    message: 'exclude goes with filter',
    path: ['exclude'],
  });
export type CreateDeliveryBody = z.input<typeof CreateDeliveryBody>;

export const CreateDeliveryResponse = Ok.extend({
  created: z.boolean().describe('A new package was made (false: every photo was delivered already).'),
  delivered: z.number().int().describe('Photos this request marked delivered.'),
  already_delivered: z.number().int().describe('Photos of the request delivered before it.'),
  skipped_rejected: z.number().int().describe('Rejected photos, which are never delivered.'),
  package: DeliveryPackage.nullable().describe(
    'The new package, or (created false) the latest package holding photos of the request.',
  ),
});
export type CreateDeliveryResponse = z.infer<typeof CreateDeliveryResponse>;

/** The default archive name of a project's n-th delivery on `isoDate`. */
export const defaultArchiveName = (number: number, isoDate: string): string =>
  `Delivery ${number} (${isoDate})`;
