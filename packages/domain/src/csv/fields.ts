import type { CsvColumn } from './header.ts';
import { CsvRecordView, TrimmedCell } from './recordView.ts';

/** Sample values shown per column in the mapping modal's column pickers. */
export const FIELD_SAMPLE_COUNT = 3;
/** Rows whose cells are counted per column (`filled`): enough to tell a sparse column, cheap on big files. */
export const FIELD_FILL_ROWS = 1000;

/** One column as the mapping modal lists it (the `getFields` answer). */
export interface CsvFieldSample {
  name: string;
  /** The first few non-empty values (trimmed), in file order. */
  samples: string[];
  isLat: boolean;
  isLon: boolean;
  /** Non-empty cells among the first `sampledRows` data rows (the suggestions rank sparse columns down). */
  filled?: number;
  sampledRows?: number;
}

/** Collects the first non-empty values of every column; `full` tells a reader it may stop early. */
export class FieldSampler {
  private readonly samples: string[][];
  private missing: number;
  private readonly cell = new TrimmedCell();
  private readonly filled: number[];
  private rows = 0;

  constructor(
    private readonly columns: readonly CsvColumn[],
    private readonly per = FIELD_SAMPLE_COUNT,
  ) {
    this.samples = columns.map(() => []);
    this.missing = columns.length * per;
    this.filled = columns.map(() => 0);
  }

  get full(): boolean {
    return this.missing === 0 && this.rows >= FIELD_FILL_ROWS;
  }

  add(fields: readonly string[]): void {
    if (this.missing === 0) return;
    this.addRecord(CsvRecordView.of(fields));
  }

  /** Samples a record as the parser hands it out; only the values kept become strings. */
  addRecord(record: CsvRecordView): void {
    const counting = this.rows < FIELD_FILL_ROWS;
    if (this.missing === 0 && !counting) return;
    if (counting) this.rows++;
    const n = Math.min(record.count, this.columns.length);
    for (let i = 0; i < n; i++) {
      const list = this.samples[i];
      if (list === undefined || (list.length >= this.per && !counting)) continue;
      const cell = this.cell.read(record, i);
      if (cell.length === 0) continue;
      if (counting) this.filled[i]!++;
      if (list.length >= this.per) continue;
      list.push(cell.text());
      this.missing--;
    }
  }

  /** Every column named like a coordinate is flagged, also when there are too many of them. */
  result(coordinates: {
    latCandidates: readonly string[];
    lonCandidates: readonly string[];
  }): CsvFieldSample[] {
    return this.columns.map((c, i) => ({
      name: c.name,
      samples: this.samples[i] ?? [],
      isLat: coordinates.latCandidates.includes(c.name),
      isLon: coordinates.lonCandidates.includes(c.name),
      filled: this.filled[i] ?? 0,
      sampledRows: this.rows,
    }));
  }
}
