import { z } from 'zod';
import { Text } from '../text.ts';
import { COLUMN_CHOICE_MESSAGES } from './columns.ts';
import { CSV_DELIMITERS } from './delimiter.ts';
import { MAX_LISTED_ROWS } from './structureRows.ts';

/**
 * A kmzs entry of the create/update payload: the six fields of spec 1 §7, plus the import choices
 * (optional, so a spec payload stays valid): `latField`/`lonField` are taken as hand-picked when the
 * file's own detection finds no unique pair; `structNumFallbackField` names blank structures;
 * `skipInvalidRows` imports the valid rows and skips the rest (the server counts them itself).
 */
export const KmzEntry = z.object({
  url: Text().trim().min(1).max(2048),
  name: Text()
    .trim()
    .min(1)
    .max(255)
    .refine((n) => n.toLowerCase().endsWith('.csv'), 'Only .csv files are accepted.'),
  latField: Text().min(1).max(255),
  lonField: Text().min(1).max(255),
  lineNameField: Text().min(1, COLUMN_CHOICE_MESSAGES.lineRequired).max(255),
  structNumField: Text().min(1, COLUMN_CHOICE_MESSAGES.structureRequired).max(255),
  structNumFallbackField: Text().min(1).max(255).nullable().optional(),
  skipInvalidRows: z.boolean().optional(),
});
export type KmzEntry = z.infer<typeof KmzEntry>;

/** The choices that decide which rows of a file are valid (what the skipped-rows download re-reads). */
export const CsvRowChoice = KmzEntry.pick({
  url: true,
  latField: true,
  lonField: true,
  lineNameField: true,
  structNumField: true,
  structNumFallbackField: true,
});
export type CsvRowChoice = z.infer<typeof CsvRowChoice>;

/** POST /api/v1/kmz/getFields. */
export const GetFieldsRequest = z.object({ url: Text().trim().min(1).max(2048) });
export type GetFieldsRequest = z.infer<typeof GetFieldsRequest>;

export const CsvFieldSampleSchema = z.object({
  name: z.string(),
  samples: z.array(z.string()),
  isLat: z.boolean(),
  isLon: z.boolean(),
  filled: z.number().int().nonnegative().optional(),
  sampledRows: z.number().int().nonnegative().optional(),
});

/** The getFields answer: the columns with samples, plus the server's coordinate-column verdict. */
export const GetFieldsResponse = z.object({
  delimiter: z.enum(CSV_DELIMITERS),
  fields: z.array(CsvFieldSampleSchema),
  latField: z.string().nullable(),
  lonField: z.string().nullable(),
  coordinateFieldsError: z.string().nullable(),
  rowCount: z.number().int().nonnegative(),
});
export type GetFieldsResponse = z.infer<typeof GetFieldsResponse>;

export const StructureRowSchema = z.object({
  rowNumber: z.number().int(),
  line: z.string(),
  structure: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

export const StructureRowErrorSchema = z.object({
  rowNumber: z.number().int(),
  line: z.string(),
  structure: z.string(),
  latitude: z.string(),
  longitude: z.string(),
  reasons: z.array(z.string()),
  text: z.string(),
});

/** A `StructureCsvReport` on the wire (worker → page, or server → client). */
export const StructureCsvReportSchema = z.object({
  delimiter: z.enum(CSV_DELIMITERS),
  fields: z.array(CsvFieldSampleSchema),
  latField: z.string().nullable(),
  lonField: z.string().nullable(),
  lineNameField: z.string().nullable(),
  structNumField: z.string().nullable(),
  structNumFallbackField: z.string().nullable(),
  coordinatesChosen: z.boolean(),
  coordinateFieldsError: z.string().nullable(),
  columnErrors: z.array(z.string()),
  rowsChecked: z.boolean(),
  rowCount: z.number().int().nonnegative(),
  validRows: z.number().int().nonnegative(),
  errorRowCount: z.number().int().nonnegative(),
  errorRows: z.array(StructureRowErrorSchema).max(MAX_LISTED_ROWS),
  rows: z.array(StructureRowSchema).max(MAX_LISTED_ROWS),
  numLines: z.number().int().nonnegative(),
  summary: z.string().nullable(),
  unclosedQuote: z.boolean(),
});
