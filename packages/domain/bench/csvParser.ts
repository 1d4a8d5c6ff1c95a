/**
 * Parser speed against papaparse on 1,000,000 structure rows (`npm run bench:csv -w @linewalker/domain`).
 * Target: at least 0.8× papaparse's rows/s (its faster mode: chunked or one string); exits 1 below it. All
 * run in the same process, interleaved, median of 5 rounds after a warm-up, only counting records.
 */
import Papa from 'papaparse';
import { StructureCsvImport } from '../src/csv/importer.ts';
import { CsvStreamParser } from '../src/csv/parser.ts';

const ROWS = 1_000_000;
const CHUNK = 65_536;
const TARGET = 0.8;

function makeFile(quoted: boolean): string {
  const lines = ['Line Name,Structure,Latitude,Longitude,Type,Notes'];
  for (let i = 0; i < ROWS; i++) {
    const note = quoted && i % 10 === 0 ? '"pole, leaning ""a bit"""' : '';
    const lat = (30 + (i % 1000) / 1000).toFixed(6);
    const lon = (-90 - (i % 777) / 1000).toFixed(6);
    lines.push(`Line ${i % 500},STR-${i},${lat},${lon},${i % 3 ? 'tower' : 'pole'},${note}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

function ours(text: string): number {
  let n = 0;
  const parser = new CsvStreamParser({ onRecord: () => n++ });
  for (let i = 0; i < text.length; i += CHUNK) parser.push(text.slice(i, i + CHUNK));
  parser.end();
  return n;
}

function papaChunked(text: string): number {
  let n = 0;
  // papaparse's own streaming over a string: `chunkSize` pieces, records handed to `step`.
  Papa.parse<string[]>(text, { chunkSize: CHUNK, skipEmptyLines: 'greedy', step: () => n++ });
  return n;
}

function papaWhole(text: string): number {
  let n = 0;
  // The whole string in one go (papaparse's fastest path), records handed to `step`.
  Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', step: () => n++ });
  return n;
}

function importer(text: string): number {
  const run = new StructureCsvImport({ lineNameField: 'Line Name', structNumField: 'Structure' });
  for (let i = 0; i < text.length; i += CHUNK) run.push(text.slice(i, i + CHUNK));
  return run.end().validRows;
}

function time(fn: (t: string) => number, text: string): number {
  const start = performance.now();
  const n = fn(text);
  const ms = performance.now() - start;
  if (n < ROWS) throw new Error(`counted ${n} rows`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const rate = (ms: number) => Math.round((ROWS / ms) * 1000);

let failed = false;
for (const quoted of [false, true]) {
  const text = makeFile(quoted);
  const contenders: Record<string, (t: string) => number> = {
    ours,
    'papaparse chunked': papaChunked,
    'papaparse whole': papaWhole,
    'ours + row checks': importer,
  };
  const runs: Record<string, number[]> = {};
  for (const [name, fn] of Object.entries(contenders)) {
    time(fn, text);
    runs[name] = [];
  }
  for (let round = 0; round < 5; round++) {
    for (const [name, fn] of Object.entries(contenders)) runs[name]?.push(time(fn, text));
  }
  const label = quoted ? '10% quoted fields' : 'no quotes';
  console.log(`\n${ROWS.toLocaleString('en-US')} rows, ${(text.length / 1e6).toFixed(1)} MB, ${label}`);
  for (const [name, ms] of Object.entries(runs)) {
    console.log(`  ${name.padEnd(18)} ${rate(median(ms)).toLocaleString('en-US').padStart(10)} rows/s`);
  }
  // Against papaparse's faster mode on this input.
  const bestPapa = Math.min(median(runs['papaparse chunked'] ?? []), median(runs['papaparse whole'] ?? []));
  const ratio = bestPapa / median(runs.ours ?? []);
  console.log(`  ours ÷ best papaparse: ${ratio.toFixed(2)}× (target ≥ ${TARGET}×)`);
  if (ratio < TARGET) failed = true;
}
process.exit(failed ? 1 : 0);
