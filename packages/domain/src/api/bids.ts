import { z } from 'zod';
import { Ok } from '../common.ts';
import { StructureRowErrorSchema } from '../csv/schemas.ts';

/**
 * A bid is a proposal ('open') until staff mark it won: only then does its project reach the customer (in
 * their project list and everything under it).
 */
export const BID_STATUSES = ['open', 'won'] as const;
export const BidStatus = z.enum(BID_STATUSES);
export type BidStatus = z.infer<typeof BidStatus>;
/** How the Bids page names each state. */
export const BID_STATUS_LABELS: Record<BidStatus, string> = { open: 'Open', won: 'Won' };

/** One bid of the Bids page, with the project made from its KMZ files. */
export const BidListItem = z.object({
  id: z.number().int(),
  rfp_name: z.string(),
  project_duration: z.string().describe('YYYY-MM-DD'),
  company_id: z.number().int(),
  company_name: z.string(),
  abbreviation: z.string().nullable(),
  legal_name: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  salutation: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_dept: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  created_at: z.string().describe('ISO 8601 timestamp (UTC)'),
  created_by_name: z.string().nullable(),
  project_id: z.number().int().nullable(),
  project_name: z.string().nullable(),
  structures: z.number().int().describe("Structures of the bid's project."),
  files: z.array(z.string()).describe('Names of the KMZ files.'),
  importing: z
    .object({ jobId: z.number().int() })
    .nullable()
    .describe("Set while the background job writes the project's structures."),
  status: BidStatus,
  won_at: z.string().nullable().describe('ISO 8601 timestamp (UTC) of the day staff marked the bid won.'),
});
export type BidListItem = z.infer<typeof BidListItem>;
export const BidList = z.array(BidListItem);

export const BidCreateResponse = Ok.extend({
  id: z.number().int().describe('The bid.'),
  project_id: z.number().int(),
  jobId: z
    .number()
    .int()
    .describe(
      'The import job (GET /api/v1/jobs/{id}): its progress, and when done its result with the structures, ' +
        'repeated and skipped placemarks and lines it wrote.',
    ),
});
export type BidCreateResponse = z.infer<typeof BidCreateResponse>;

/** `POST /bids/{id}/won`: the bid as it now stands (marking it won again changes nothing). */
export const BidWonResponse = Ok.extend({
  id: z.number().int(),
  status: BidStatus,
  won_at: z.string().describe('ISO 8601 timestamp (UTC)'),
  project_id: z.number().int().nullable(),
});
export type BidWonResponse = z.infer<typeof BidWonResponse>;

/** Per-file verdict in a 400 `kmz_invalid` answer: nothing was written. */
export const KmzFileProblem = z.object({
  url: z.string(),
  name: z.string(),
  reasons: z.array(z.string()),
  errorRowCount: z.number().int(),
  errorRows: z
    .array(StructureRowErrorSchema)
    .describe('The first 100 placemarks that cannot be structures (row = placemark number in the file).'),
});
export type KmzFileProblem = z.infer<typeof KmzFileProblem>;
