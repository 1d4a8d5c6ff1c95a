import { isBlankRange, trimmedEnd, trimmedStart } from './textRange.ts';

/**
 * One CSV record as ranges of text: field i is `source(i).slice(start(i), end(i))` (`text(i)` makes that
 * string). `CsvStreamParser` hands records out this way so that a million-row import need not cut six
 * strings and an array per row out of the text only to read them once and drop them (measured on 1M
 * rows: that was ~40 % of the parser's time, and the row checks then read those copies again).
 *
 * A plain field is a range of the parser's current buffer; a field the parser had to build (quoted with
 * doubled quotes, text after a closing quote, or begun in an earlier chunk) is a whole string of its own.
 * A view is valid only inside the callback that receives it: the parser refills it for the next record.
 * (A `source(i)` string itself never changes, but keeping it keeps the whole chunk alive.)
 *
 * Accessors take 0 ≤ i < count.
 */
export class CsvRecordView {
  /** Number of fields. */
  count = 0;
  /** The text plain fields are ranges of. */
  private buffer = '';
  /** Start of field i in `buffer`, or ~k (negative) when field i is `own[k]` whole. */
  private starts = new Int32Array(16);
  private ends = new Int32Array(16);
  private own: string[] = [];
  private ownCount = 0;
  /** Fields before this index no longer point into `buffer` (see `detach`). */
  private liveFrom = 0;

  /** A view of fields that are already strings (callers holding arrays, tests). */
  static of(fields: readonly string[]): CsvRecordView {
    return new CsvRecordView().load(fields);
  }

  source(i: number): string {
    const s = this.starts[i] as number;
    return s >= 0 ? this.buffer : (this.own[~s] as string);
  }

  start(i: number): number {
    const s = this.starts[i] as number;
    return s >= 0 ? s : 0;
  }

  end(i: number): number {
    return this.ends[i] as number;
  }

  /** Field i as a string; a plain field is sliced only now. */
  text(i: number): string {
    const s = this.starts[i] as number;
    return s >= 0 ? this.buffer.slice(s, this.ends[i]) : (this.own[~s] as string);
  }

  /** Every field as a new array of strings. */
  toArray(): string[] {
    const fields = new Array<string>(this.count);
    for (let i = 0; i < this.count; i++) fields[i] = this.text(i);
    return fields;
  }

  /** No field has anything but whitespace (String.prototype.trim's) in it. */
  isBlank(): boolean {
    for (let i = 0; i < this.count; i++) {
      if (!isBlankRange(this.source(i), this.start(i), this.end(i))) return false;
    }
    return true;
  }

  /** Replaces the fields with `fields`. */
  load(fields: readonly string[]): this {
    this.clear();
    for (const field of fields) this.addText(field);
    return this;
  }

  // The parser's side.

  /** The text that `addRange` ranges refer to from now on (fields added earlier must be detached). */
  setBuffer(buffer: string): void {
    this.buffer = buffer;
  }

  addRange(start: number, end: number): void {
    if (this.count === this.starts.length) this.grow();
    this.starts[this.count] = start;
    this.ends[this.count] = end;
    this.count++;
  }

  addText(text: string): void {
    if (this.count === this.starts.length) this.grow();
    const k = this.ownCount++;
    this.own[k] = text;
    this.starts[this.count] = ~k;
    this.ends[this.count] = text.length;
    this.count++;
  }

  /**
   * Turns the fields that are ranges of the buffer into strings of their own, before the parser replaces
   * the buffer in the middle of a record. Each field is copied at most once, so a record spanning many
   * chunks stays linear.
   */
  detach(): void {
    for (let i = this.liveFrom; i < this.count; i++) {
      const s = this.starts[i] as number;
      if (s < 0) continue;
      const k = this.ownCount++;
      this.own[k] = this.buffer.slice(s, this.ends[i]);
      this.starts[i] = ~k;
      this.ends[i] = (this.own[k] as string).length;
    }
    this.liveFrom = this.count;
  }

  clear(): void {
    this.count = 0;
    this.liveFrom = 0;
    if (this.ownCount > 0) {
      // Drop the references, so one huge field does not outlive its record.
      for (let k = 0; k < this.ownCount; k++) this.own[k] = '';
      this.ownCount = 0;
    }
  }

  private grow(): void {
    const starts = new Int32Array(this.starts.length * 2);
    const ends = new Int32Array(this.ends.length * 2);
    starts.set(this.starts);
    ends.set(this.ends);
    this.starts = starts;
    this.ends = ends;
  }
}

/**
 * One cell of a record, trimmed (as `String.prototype.trim`) without being sliced: `source`, `start`,
 * `end` as in `CsvRecordView`. A missing cell (index past the record's end, or negative) reads as empty.
 * Reused from row to row, so reading a cell allocates nothing.
 */
export class TrimmedCell {
  source = '';
  start = 0;
  end = 0;

  read(record: CsvRecordView, i: number): this {
    if (i < 0 || i >= record.count) {
      this.source = '';
      this.start = 0;
      this.end = 0;
      return this;
    }
    const source = record.source(i);
    let start = record.start(i);
    let end = record.end(i);
    if (start < end) {
      // Most cells start and end with a visible ASCII character: then there is nothing to trim.
      const first = source.charCodeAt(start);
      const last = source.charCodeAt(end - 1);
      if (!(first > 32 && first < 127 && last > 32 && last < 127)) {
        start = trimmedStart(source, start, end);
        end = trimmedEnd(source, start, end);
      }
    }
    this.source = source;
    this.start = start;
    this.end = end;
    return this;
  }

  get length(): number {
    return this.end - this.start;
  }

  text(): string {
    return this.source.slice(this.start, this.end);
  }
}
