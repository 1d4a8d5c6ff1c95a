import type { CsvRowChoice } from '@linewalker/domain';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api.ts';

/** Every row an import with these choices skips, as a CSV with the reason per row (the server reads the file). */
export const getSkippedRows = (choice: CsvRowChoice): Promise<string> =>
  apiRequest('/kmz/skippedRows', { method: 'POST', body: choice, schema: z.string() });
