import { z } from 'zod';
import { PositiveId } from '../common.ts';
import { type FieldCheck, plainRows } from '../http/plainRows.ts';

/** Spec 3 §9: the structures table loads 50 at a time; the map preloads up to 50,000 (offset 0, limit 50000). */
export const ASSET_PAGE_SIZE = 50;
export const ASSET_MAP_LIMIT = 50_000;

/** Spec 3 §4 'Structure risk states', in the filter's order, with the risk level each names. */
export const ASSET_STATES = ['all', 'satisfactory', 'minor', 'significant', 'urgent', 'major'] as const;
export type AssetState = (typeof ASSET_STATES)[number];
export const ASSET_STATE_LEVEL: Record<Exclude<AssetState, 'all'>, number> = {
  satisfactory: 1,
  minor: 2,
  significant: 3,
  urgent: 4,
  major: 5,
};

export const ASSET_ORDER_BY = ['max_risk_level', 'issue_count', 'line_name', 'struct_num'] as const;

/** The company a staff caller looks at (a customer's own company always, whatever this says). */
const CompanyFilter = { company_id: PositiveId.optional() };

export const DashboardSummaryQuery = z.object({ ...CompanyFilter, line_id: PositiveId.optional() }).strict();

/** `GET /dashboard/structures?line_id&orderBy&order&offset&limit` (spec 3 §7) plus the state filter. */
export const DashboardStructuresQuery = DashboardSummaryQuery.extend({
  filter: z.enum(ASSET_STATES).default('all'),
  orderBy: z.enum(ASSET_ORDER_BY).default('max_risk_level'),
  order: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC']))
    .default('DESC'),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(ASSET_MAP_LIMIT).default(ASSET_PAGE_SIZE),
}).strict();
export type DashboardStructuresQuery = z.infer<typeof DashboardStructuresQuery>;

/** One issue of an asset's newest completed inspection (an annotation at risk 2 or above). */
export const AssetIssue = z.object({
  annotation_id: z.number().int(),
  image_id: z.number().int(),
  project_id: z.number().int(),
  structure_id: z.number().int().nullable(),
  component: z.string().nullable(),
  deficiency: z.string().nullable(),
  risk: z.number().int(),
});
export type AssetIssue = z.infer<typeof AssetIssue>;

/** Spec 3 §3 'Transmission structure': one asset with its health. */
export const TransmissionStructure = z.object({
  /** The asset (the structure across projects). */
  asset_id: z.number().int(),
  /** The project structure its health comes from (else the one of its newest project). */
  structure_id: z.number().int().nullable(),
  struct_num: z.string(),
  line_name: z.string(),
  line_num: z.string().nullable(),
  company_id: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  /** 1–5 from the newest completed inspection; −2 Not Inspected, −1 Not Acquired. */
  max_risk_level: z.number().int(),
  issue_count: z.number().int(),
  issues: z.array(AssetIssue),
  /** When that inspection was completed. */
  health_date: z.string().nullable(),
  /** The live sensor on the structure, if any (the Sensor Data modal). */
  device_id: z.string().nullable(),
});
export type TransmissionStructure = z.infer<typeof TransmissionStructure>;

/** Spec 3 §3 'Summary'; pct_w_issue = share of the total with at least one issue, in percent (2 decimals). */
export const AssetSummary = z.object({
  total: z.number().int(),
  satisfactory: z.number().int(),
  minor: z.number().int(),
  significant: z.number().int(),
  urgent: z.number().int(),
  major: z.number().int(),
  not_inspected: z.number().int(),
  not_acquired: z.number().int(),
  pct_w_issue: z.number(),
});
export type AssetSummary = z.infer<typeof AssetSummary>;

export const DashboardStructuresPage = z.object({
  structures: z.array(TransmissionStructure),
  summary: AssetSummary,
  /** Structures passing the filter (for loading more). */
  total: z.number().int(),
});
export type DashboardStructuresPage = z.infer<typeof DashboardStructuresPage>;

export const StructureHealthQuery = z.object({ structureId: PositiveId }).strict();
export const AssetParams = z.object({ assetId: PositiveId });

export const AssetHistoryPhoto = z.object({ image_id: z.number().int(), image_name: z.string() });

/** One inspection of the asset, in one project. */
export const AssetHistoryEntry = z.object({
  project_id: z.number().int(),
  project_name: z.string(),
  structure_id: z.number().int(),
  inspection_id: z.number().int(),
  review_status: z.string(),
  /** When it was completed; null while it is not. */
  date_reviewed: z.string().nullable(),
  /** Max risk of that inspection (as the asset's health is read); −2 photos but not completed, −1 no photos. */
  risk: z.number().int(),
  issue_count: z.number().int(),
  issues: z.array(AssetIssue),
  photo_count: z.number().int(),
  /** The first photos (at most 24). */
  photos: z.array(AssetHistoryPhoto),
  /** The caller may open this project's inspection in the viewer. */
  can_open: z.boolean(),
});
export type AssetHistoryEntry = z.infer<typeof AssetHistoryEntry>;

export const AssetHistory = z.object({
  asset: TransmissionStructure,
  /** Newest first: completed ones by completion, then the open ones by project, newest first. */
  inspections: z.array(AssetHistoryEntry),
});
export type AssetHistory = z.infer<typeof AssetHistory>;

/** The row checks of `TransmissionStructure`, for the map's preload of up to 50,000 rows. */
const STRUCTURE_FIELDS: Record<keyof TransmissionStructure, FieldCheck> = {
  asset_id: 'int',
  structure_id: 'int?',
  struct_num: 'string',
  line_name: 'string',
  line_num: 'string?',
  company_id: 'int',
  latitude: 'number',
  longitude: 'number',
  max_risk_level: 'int',
  issue_count: 'int',
  issues: { list: z.array(AssetIssue) },
  health_date: 'string?',
  device_id: 'string?',
};

/**
 * `DashboardStructuresPage.parse` with the structures checked by plain loops: the map's preload is up to
 * 50,000 rows (650,000 values), which zod checks one by one in a few hundred ms of the page's first second.
 * Anything the loops refuse goes through the schema, so a bad answer fails with the schema's own error.
 */
export function parseDashboardStructuresPage(input: unknown): DashboardStructuresPage {
  if (typeof input === 'object' && input !== null) {
    const { structures, summary, total } = input as Record<string, unknown>;
    const parsedSummary = AssetSummary.safeParse(summary);
    const rows = plainRows<TransmissionStructure>(structures, STRUCTURE_FIELDS);
    if (parsedSummary.success && Number.isSafeInteger(total) && rows)
      return { structures: rows, summary: parsedSummary.data, total: total as number };
  }
  return DashboardStructuresPage.parse(input);
}
