import { StructureCsvImport } from '@linewalker/domain';
import Papa from 'papaparse';
import { defineScenario, type Scenario } from './scenario.ts';
import { CSV_COLUMNS, structureCsv } from './structureCsv.ts';

/** The size of the pieces a file arrives in (a read stream's chunk); both sides get the same text. */
const CHUNK = 65_536;

export interface CsvParseContext {
  text: string;
  rows: number;
}

/** Our path: the streaming parser and the row checks of the mapping step, chunk by chunk. */
function parseAndValidate({ text, rows }: CsvParseContext): number {
  const run = new StructureCsvImport({
    lineNameField: CSV_COLUMNS.lineNameField,
    structNumField: CSV_COLUMNS.structNumField,
  });
  for (let i = 0; i < text.length; i += CHUNK) run.push(text.slice(i, i + CHUNK));
  const report = run.end();
  if (report.validRows !== rows) throw new Error(`expected ${rows} valid rows, got ${report.validRows}`);
  return report.validRows;
}

/**
 * papaparse over the whole string, records handed to `step` and only counted: its fastest mode here
 * (chunked input measured slower), and no checks at all.
 */
function papaparse({ text, rows }: CsvParseContext): number {
  let n = 0;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step: () => {
      n++;
    },
  });
  if (n !== rows + 1) throw new Error(`papaparse counted ${n} records for ${rows} rows`);
  return n;
}

/** One operation is one whole file: rows/s = ops/s × rows, the same factor on both sides. */
export function csvParseScenario(name: string, rows: number, label: string): Scenario<CsvParseContext> {
  return defineScenario<CsvParseContext>({
    name,
    description: `parse + validate ${label} CSV rows (CsvStreamParser + StructureRowValidator) vs plain papaparse`,
    target: 0.8,
    measure: rows >= 1_000_000 ? { rounds: 9, roundMs: 1, warmup: 1 } : { rounds: 5, roundMs: 1000 },
    setup: async () => ({ text: structureCsv(rows), rows }),
    subject: parseAndValidate,
    baseline: papaparse,
  });
}
