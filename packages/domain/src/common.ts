import { z } from 'zod';

export const Ok = z.object({ ok: z.literal(true), success: z.literal(true) });
export const ok = { ok: true, success: true } as const;

/** Ids are PostgreSQL integers: a larger id answers 400 here instead of failing in the database (500). */
export const MAX_DB_ID = 2_147_483_647;
export const PositiveId = z.coerce.number().int().positive().max(MAX_DB_ID);
export const IdParam = z.object({ id: PositiveId });
/** Any value of a PostgreSQL integer column (a field id, a value id): outside it answers 400, not 500. */
export const DbInt = z
  .number()
  .int()
  .min(-MAX_DB_ID - 1)
  .max(MAX_DB_ID);

/** Public settings the web app reads at start (`GET /api/v1/config`). */
export const ClientConfig = z.object({
  productName: z.string(),
  /** A MapLibre style URL; null means the app's bundled offline style. */
  mapStyleUrl: z.string().nullable(),
  /**
   * Lower-case words: the Upload tab offers 'Hide Archived' only on projects whose name contains
   * one of them (spec 2 §2 'Upload'; HIDE_ARCHIVED_KEYWORDS).
   */
  hideArchivedKeywords: z.array(z.string()),
});
export type ClientConfig = z.infer<typeof ClientConfig>;
