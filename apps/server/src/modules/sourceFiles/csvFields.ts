import type { Readable } from 'node:stream';
import { type GetFieldsResponse, StructureCsvImport } from '@linewalker/domain';
import { textChunks } from './textChunks.ts';

/**
 * The columns of a structure CSV with sample values and the detected coordinate columns. The whole file
 * streams through the domain importer (constant memory): 'No valid latitude or longitude fields found in
 * the file.' and the row count can only be known at the end.
 */
export async function readCsvFields(stream: Readable): Promise<GetFieldsResponse> {
  const importer = new StructureCsvImport();
  for await (const chunk of textChunks(stream)) importer.push(chunk);
  const report = importer.end();
  return {
    delimiter: report.delimiter,
    fields: report.fields,
    latField: report.latField,
    lonField: report.lonField,
    coordinateFieldsError: report.coordinateFieldsError,
    rowCount: report.rowCount,
  };
}
