import { z } from 'zod';
import { Text } from './text.ts';

export const Ok = z.object({ ok: z.literal(true), success: z.literal(true) });
export const ok = { ok: true, success: true } as const;

/** Ids are PostgreSQL integers: a larger id answers 400 here instead of failing in the database (500). */
export const MAX_DB_ID = 2_147_483_647;
/**
 * A number checked by `schema`, given as a number or as its text (path and query values are text; some
 * clients send ids quoted, forms send numbers as text). Nothing else is read as a number: `[3]` or `true`
 * (which plain coercion turns into 3 and 1) answer 400. Typed as taking a number, so the web's calls still
 * send numbers (the text form is for other clients and URLs).
 */
export const NumberOrText = (schema: z.ZodNumber) =>
  z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined ? 'Required' : 'Must be a number'),
    })
    .pipe(z.coerce.number<string | number>().pipe(schema)) as unknown as z.ZodType<number, number>;

export const PositiveId = NumberOrText(z.number().int().positive().max(MAX_DB_ID));
export const IdParam = z.object({ id: PositiveId });
/**
 * An optional id in a query string, where a client with no id writes it empty or as 'null' (spec 2 §7:
 * 'component id or null'): those mean no id, not a 400.
 */
export const OptionalQueryId = z
  .union([PositiveId, z.literal('null'), z.literal('')])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : undefined));
/** Any value of a PostgreSQL integer column (a field id, a value id): outside it answers 400, not 500. */
export const DbInt = z
  .number()
  .int()
  .min(-MAX_DB_ID - 1)
  .max(MAX_DB_ID);

/** Public settings the web app reads at start (`GET /api/v1/config`). */
/** The base maps every map offers: the first two from settings, Offline bundled with the app. */
export const BASEMAPS = ['streets', 'satellite', 'offline'] as const;
export type Basemap = (typeof BASEMAPS)[number];

/** Where a basemap's tiles come from, and whether the server reached them at its last probe. */
export const BasemapSource = z.object({
  /**
   * `style`: a MapLibre style URL (MAP_STYLE_URL); `raster`: an XYZ tile URL template with {z}, {x}, {y}
   * (MAP_SATELLITE_TILES_URL); `pmtiles`: the self-hosted extract our server serves with range requests.
   */
  kind: z.enum(['style', 'raster', 'pmtiles']),
  url: z.string(),
  /** Reached at the server's last probe (a self-hosted extract: it is in storage). */
  available: z.boolean(),
  /** The licence/attribution text the map shows (HTML links allowed, as MapLibre's attribution). */
  attribution: z.string(),
  /** A PMTiles extract's tiles: vector (drawn with the app's streets style) or raster images. */
  tileType: z.enum(['vector', 'raster']).optional(),
  /** Highest zoom the tiles exist at (closer views enlarge them). */
  maxZoom: z.number().int().min(0).max(30).optional(),
});
export type BasemapSource = z.infer<typeof BasemapSource>;

export const ClientConfig = z.object({
  productName: z.string(),
  /**
   * The maps' Streets and Satellite basemaps (null: not configured); every map also offers the bundled
   * Offline style, and shows it when the chosen basemap is not available.
   */
  basemaps: z.object({ streets: BasemapSource.nullable(), satellite: BasemapSource.nullable() }),
  /**
   * Lower-case words: the Upload tab offers 'Hide Archived' only on projects whose name contains
   * one of them (spec 2 §2 'Upload'; HIDE_ARCHIVED_KEYWORDS).
   */
  hideArchivedKeywords: z.array(z.string()),
});
export type ClientConfig = z.infer<typeof ClientConfig>;

/** A self-hosted basemap extract (a PMTiles archive a super admin uploaded; the newest is the Streets basemap). */
export const BasemapExtract = z.object({
  id: z.number().int(),
  /** Where maps read it, with HTTP range requests. */
  url: z.string(),
  sizeBytes: z.number().int(),
  tileType: z.enum(['vector', 'raster']),
  minZoom: z.number().int(),
  maxZoom: z.number().int(),
  /** West, south, east, north. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** The file name it was uploaded as. */
  name: z.string(),
  /** Who uploaded it (first and last name; null when that user was deleted). */
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type BasemapExtract = z.infer<typeof BasemapExtract>;

/** Use an uploaded file (the `url` its sign call answered) as the basemap extract. */
export const UseBasemapExtractRequest = z.object({
  url: z.string().min(1).max(500),
  /** The file's name as the admin chose it (shown on the admin page); the stored key's name otherwise. */
  name: Text().trim().min(1).max(255).optional(),
});
