import { z } from 'zod';
import { PositiveId } from '../common.ts';
import { OVERVIEW_RISK_KEYS } from '../overview/risk.ts';
import { Text } from '../text.ts';

/** Structure page size of the overview and archive tables (spec 2 §9). */
export const STRUCTURE_PAGE_SIZE = 50;
/** The most rows one page may ask for. */
export const STRUCTURE_PAGE_MAX = 500;

export const STRUCTURE_ORDER_BY = [
  'struct_num',
  'line_name',
  'line_num',
  'review_status',
  'issue_count',
  'risk',
  'image_count',
] as const;
export type StructureOrderBy = (typeof STRUCTURE_ORDER_BY)[number];
/** The direction of a server-sorted table (the overview and archive tables' `order`). */
export const TABLE_ORDERS = ['ASC', 'DESC'] as const;
export type TableOrder = (typeof TABLE_ORDERS)[number];

/** `lineId[]=1&lineId[]=2` (the spec's form), `lineId=1&lineId=2` or `lineId=1,2`: one list of ids. */
const IdList = z.preprocess(
  (v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(','))),
  z.array(PositiveId).max(1000).optional(),
);

/** The filters every overview call shares: the header's lines and search, and a risk button. */
export const OverviewFilterQuery = z.object({
  projectId: PositiveId,
  lineId: IdList,
  'lineId[]': IdList,
  q: Text().trim().max(100).optional(),
  risk: z.enum(OVERVIEW_RISK_KEYS).optional(),
});
export type OverviewFilterQuery = z.infer<typeof OverviewFilterQuery>;

/** `GET /structures?projectId&limit&offset&orderBy&order&lineId[]` (spec 3 §7), plus q, risk and structureId. */
export const StructureListQuery = OverviewFilterQuery.extend({
  limit: z.coerce.number().int().min(1).max(STRUCTURE_PAGE_MAX).default(STRUCTURE_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  orderBy: z.enum(STRUCTURE_ORDER_BY).default('struct_num'),
  order: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC']))
    .default('ASC'),
  /** One structure (the map's click). */
  structureId: PositiveId.optional(),
});
export type StructureListQuery = z.infer<typeof StructureListQuery>;

/** A structure of the overview and archive tables (spec 2 §3 'Structure (overview/archive)'). */
export const OverviewStructure = z.object({
  structure_id: z.number().int(),
  struct_num: z.string(),
  line_id: z.number().int(),
  line_name: z.string(),
  line_num: z.string().nullable(),
  company_id: z.number().int(),
  component: z.string().nullable(),
  component_id: z.number().int().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** Photos on the structure, rejected ones included. */
  image_count: z.number().int(),
  /** Photos delivered (archived). */
  archived_count: z.number().int(),
  image_ids: z.array(z.number().int()),
  /** Highest risk of the structure's inspections and of the annotations on its photos; null when none. */
  max_risk_level: z.number().int().nullable(),
  /** Annotations (risk 2 and above) on its photos that are not rejected. */
  issue_count: z.number().int(),
  /** Photos that are not rejected. */
  uploaded_image_count: z.number().int(),
  /** '' pending, 'Complete', 'Reshoot Requested'. */
  review_status: z.string(),
  inspection_id: z.number().int().nullable(),
  /** The overview's risk key (spec 2 §4). */
  risk: z.enum(OVERVIEW_RISK_KEYS),
});
export type OverviewStructure = z.infer<typeof OverviewStructure>;

export const StructurePage = z.object({
  structures: z.array(OverviewStructure),
  /** Structures passing the filters, for the pager. */
  total: z.number().int(),
});
export type StructurePage = z.infer<typeof StructurePage>;

const RiskCountsSchema = z.object(
  Object.fromEntries(OVERVIEW_RISK_KEYS.map((k) => [k, z.number().int()])) as Record<
    (typeof OVERVIEW_RISK_KEYS)[number],
    z.ZodNumber
  >,
);

/**
 * `GET /structures/overview?projectId&lineId[]&q`: the map's points as columns (one array per field, index i
 * is one structure) and the count per risk key, for the filter buttons and the stat bar.
 */
export const OverviewMap = z.object({
  structure_id: z.array(z.number().int()),
  latitude: z.array(z.number()),
  longitude: z.array(z.number()),
  /** Index into OVERVIEW_RISK_KEYS. */
  risk: z.array(z.number().int()),
  counts: RiskCountsSchema,
  total: z.number().int(),
});
export type OverviewMap = z.infer<typeof OverviewMap>;

export const EXPORT_FORMATS = ['geojson', 'kml', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const StructureExportQuery = OverviewFilterQuery.extend({ format: z.enum(EXPORT_FORMATS) });
export type StructureExportQuery = z.infer<typeof StructureExportQuery>;

/** The ids of the filter, whichever of the two spellings the caller used. */
export const lineIdsOf = (q: {
  lineId?: number[] | undefined;
  'lineId[]'?: number[] | undefined;
}): number[] => [...new Set([...(q.lineId ?? []), ...(q['lineId[]'] ?? [])])];
