import { z } from 'zod';
import { StructureRowErrorSchema } from '../csv/schemas.ts';
import { Text } from '../text.ts';

/**
 * Limits on an uploaded KMZ/KML (chosen here; the spec names none). A KMZ is a zip: its size says nothing of
 * what it unpacks to, so the KML inside is measured while it is inflated and refused past its limit.
 */
export const KMZ_LIMITS = {
  /** Bytes of the uploaded file (KMZ or plain KML). */
  fileBytes: 50 * 1024 * 1024,
  /** Bytes of the KML once uncompressed (the only part read; other entries are skipped unread). */
  kmlBytes: 100 * 1024 * 1024,
  /**
   * Past this many uncompressed bytes, a KML that has grown more than `maxRatio` times the compressed bytes
   * read is a zip bomb (real KMZ files shrink 5–20 times; Bremen's 12 times).
   */
  ratioCheckAfterBytes: 10 * 1024 * 1024,
  maxRatio: 100,
  /** Entries in the zip before its KML (a zip of thousands of tiny entries is refused). */
  zipEntries: 1_000,
  /** Element nesting (folders inside folders). */
  depth: 100,
  /** Distinct field names listed by getFields. */
  fields: 200,
} as const;

const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Why a KMZ or KML cannot be read: shown to the user under the file. */
export const KMZ_MESSAGES = {
  fileTooLarge: `The file is larger than ${MB(KMZ_LIMITS.fileBytes)} MB.`,
  notKml: 'The file is neither a KMZ (zipped KML) nor a KML file.',
  badZip: 'The KMZ is not a readable zip archive.',
  noKml: 'The KMZ holds no .kml file.',
  tooManyEntries: `The KMZ holds more than ${KMZ_LIMITS.zipEntries} files.`,
  kmlTooLarge: `The KML is larger than ${MB(KMZ_LIMITS.kmlBytes)} MB once uncompressed.`,
  zipBomb: `The KMZ expands more than ${KMZ_LIMITS.maxRatio} times its size: it is refused as a zip bomb.`,
  doctype: 'The KML contains a DOCTYPE declaration, which is not accepted.',
  malformed: (detail: string) => `The KML is not well-formed XML: ${detail}`,
  tooDeep: `The KML nests elements more than ${KMZ_LIMITS.depth} levels deep.`,
  noPoints: 'The file has no placemarks with a point, so it has no structures.',
  noValidPoints: 'No placemark of the file can be a structure as mapped.',
  notMapped: 'Choose a line name or line field and a structure field for this file.',
  fileNotFound: 'File not found. Upload it again.',
  fieldNotInFile: (label: string) => `The file has no field "${label}".`,
} as const;

/**
 * Field keys of a KMZ's placemarks, as getFields lists them and a mapping names them: the placemark's own
 * name, the name of the folder holding it (folders are lines in most utility exports), and each
 * ExtendedData `Data` / `SchemaData` `SimpleData` value by its name.
 */
export const KMZ_FIELD_NAME = 'name';
export const KMZ_FIELD_FOLDER = 'folder';
export const kmzDataField = (name: string) => `data:${name}`;

const KMZ_FIELD_LABELS: Record<string, string> = {
  [KMZ_FIELD_NAME]: 'Placemark name',
  [KMZ_FIELD_FOLDER]: 'Folder',
};

/** A field's label as the user sees it. */
export function kmzFieldLabel(key: string): string {
  return KMZ_FIELD_LABELS[key] ?? (key.startsWith('data:') ? key.slice(5) : key);
}

/**
 * The field key a mapping names, whether the client sent the key getFields answered ('name', 'folder',
 * 'data:ref') or the label it showed ('Placemark name', 'Folder', 'ref'): both are accepted as offered.
 */
export function kmzFieldKey(offered: string): string {
  if (offered === KMZ_FIELD_NAME || offered === KMZ_FIELD_FOLDER || offered.startsWith('data:'))
    return offered;
  for (const [key, label] of Object.entries(KMZ_FIELD_LABELS)) if (label === offered) return key;
  return kmzDataField(offered);
}

export const KmzFieldSample = z.object({
  name: z.string().describe("The key a mapping names: 'name', 'folder' or 'data:<Data name>'."),
  label: z.string(),
  source: z.enum(['placemark', 'folder', 'data']),
  samples: z.array(z.string()).describe('Up to 3 distinct values, from placemarks with a point.'),
});
export type KmzFieldSample = z.infer<typeof KmzFieldSample>;

/** The getFields answer for a KMZ or KML. */
export const KmzFieldsResponse = z.object({
  kind: z.literal('kmz'),
  fields: z.array(KmzFieldSample),
  points: z.number().int().describe('Placemarks with a point: the structures the file can bring.'),
  otherPlacemarks: z.number().int().describe('Placemarks without a point (lines, polygons): not imported.'),
  folders: z.number().int().describe('Distinct folder names holding points.'),
  error: z.string().nullable().describe('Why the file gives no structures (no point placemarks), else null.'),
});
export type KmzFieldsResponse = z.infer<typeof KmzFieldsResponse>;

export const KMZ_MAPPING_MESSAGES = {
  lineRequired: 'Enter a line name or choose a line field.',
  lineBoth: 'Enter a line name or choose a line field, not both.',
  structureRequired: 'Choose the structure field.',
  fileName: 'Only .kmz or .kml files are accepted.',
} as const;

/** One KMZ of the Create New Bid / KMZ step: a fixed line name or a line field, and a structure field. */
export const KmzMapping = z
  .object({
    url: Text().trim().min(1).max(2048),
    name: Text()
      .trim()
      .min(1)
      .max(255)
      .refine((n) => /\.km[lz]$/i.test(n), KMZ_MAPPING_MESSAGES.fileName),
    lineName: Text().trim().max(50).nullable().optional(),
    lineField: Text().max(255).nullable().optional(),
    structureField: Text({ error: KMZ_MAPPING_MESSAGES.structureRequired })
      .min(1, KMZ_MAPPING_MESSAGES.structureRequired)
      .max(255),
    skipInvalidRows: z
      .boolean()
      .optional()
      .describe("'Import N valid rows, skip M': placemarks that cannot be structures are left out."),
  })
  .superRefine((v, ctx) => {
    if (typeof v !== 'object' || v === null) return;
    const name = (v.lineName ?? '').trim();
    const field = v.lineField ?? '';
    if (name === '' && field === '') {
      ctx.addIssue({ code: 'custom', path: ['lineName'], message: KMZ_MAPPING_MESSAGES.lineRequired });
    } else if (name !== '' && field !== '') {
      ctx.addIssue({ code: 'custom', path: ['lineName'], message: KMZ_MAPPING_MESSAGES.lineBoth });
    }
  });
export type KmzMapping = z.infer<typeof KmzMapping>;

/** Counts of one KMZ's check while mapping (spec 3 §2 KMZ modal; the same checks the import runs). */
export const KmzFileCheck = z.object({
  url: z.string(),
  name: z.string(),
  points: z.number().int().describe('Placemarks with a point.'),
  validRows: z.number().int().describe('Placemarks that become structures.'),
  repeated: z
    .number()
    .int()
    .describe('Placemarks that repeat an earlier one exactly (line, structure and point): imported once.'),
  errorRowCount: z.number().int().describe('Placemarks that cannot be structures: skipped when chosen.'),
  duplicates: z.number().int().describe('Of those: a structure name repeated on its line at another point.'),
  tooLong: z.number().int().describe('Of those: a line or structure name longer than its limit.'),
  reasons: z
    .array(z.string())
    .describe('Why this file cannot be saved as mapped (empty when it can, the skip counted).'),
  errorRows: z.array(StructureRowErrorSchema).describe('The first 100 placemarks that cannot be structures.'),
});
export type KmzFileCheck = z.infer<typeof KmzFileCheck>;

export const KmzCheckRequest = z.object({ kmzs: z.array(KmzMapping).min(1).max(20) });
export type KmzCheckRequest = z.infer<typeof KmzCheckRequest>;
export const KmzCheckResponse = z.object({ files: z.array(KmzFileCheck) });
export type KmzCheckResponse = z.infer<typeof KmzCheckResponse>;

/** One file of a skipped-placemarks download: its mapping among the step's files (duplicates span them). */
export const KmzSkippedRowsRequest = KmzCheckRequest.extend({
  index: z.number().int().min(0).max(19).describe('Which of `kmzs` to list.'),
});
export type KmzSkippedRowsRequest = z.infer<typeof KmzSkippedRowsRequest>;

/** Whether a file of the mapping step is complete: Save is enabled only when every file is (spec 3 §4). */
export const isKmzMappingComplete = (m: {
  lineName?: string | null;
  lineField?: string | null;
  structureField?: string | null;
}): boolean => ((m.lineName ?? '').trim() !== '') !== ((m.lineField ?? '') !== '') && !!m.structureField;
