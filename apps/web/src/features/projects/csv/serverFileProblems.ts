import { type CsvFileProblem, CsvImportError } from '@linewalker/domain';
import { isApiError } from '../../../lib/api.ts';

/**
 * The files a save was refused for (400 csv_invalid), by their `url`. The server checks every file
 * again (e.g. a structure repeated across two files), so its verdict can differ from the browser's.
 */
export function csvProblemsByUrl(error: unknown): Map<string, CsvFileProblem> {
  if (!isApiError(error, 'csv_invalid')) return new Map();
  const parsed = CsvImportError.safeParse(error.body);
  return parsed.success ? new Map(parsed.data.files.map((f) => [f.url, f])) : new Map();
}
