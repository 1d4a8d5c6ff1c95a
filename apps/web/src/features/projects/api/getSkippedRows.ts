import type { CsvRowChoice } from '@linewalker/domain';
import { endpoints } from '@linewalker/domain';
import { apiRequest } from '../../../lib/api.ts';

/** Every row an import with these choices skips, as a CSV with the reason per row (the server reads the file). */
export const getSkippedRows = (choice: CsvRowChoice): Promise<string> =>
  apiRequest(endpoints.sourceFiles.skippedRowsCsv, { body: choice });
