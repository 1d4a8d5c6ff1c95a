import { type CsvDelimiter, detectDelimiter, firstLineBounds } from './delimiter.ts';
import { CsvRecordView } from './recordView.ts';

/**
 * A streaming CSV parser (RFC 4180 plus the leniencies real exports need), free of dependencies so it
 * runs in the server and in a browser Web Worker alike.
 *
 * - Text arrives in chunks (`push`), `end()` flushes; each record is handed to `onRecord` as it completes,
 *   so a 1,000,000-row file never has to exist as one array.
 * - A leading byte-order mark is dropped.
 * - Line ends: LF, CRLF (and a mix of the two) or CR alone. The kind is read from the first line end:
 *   a lone CR there makes CR the separator, anything else makes LF the separator with a CR before it dropped.
 * - Quoted fields may hold delimiters, newlines and doubled quotes (`""` → `"`). Text after a closing quote
 *   and before the next delimiter is kept (`"a"b` → `ab`), as papaparse does.
 * - An unclosed quote runs to the end of the input; it is reported in `problems`, not thrown.
 * - Blank records (no field with anything but whitespace, e.g. an empty line or `,,,`) are skipped and not
 *   counted: spec 1 §5 'Blank lines are skipped', and spreadsheet exports pad files with `,,,` rows.
 * - Ragged records are passed on as they are; the caller decides (see `structureRows.ts`).
 * - The delimiter (`,` `;` or tab) is detected from the first non-blank line unless given.
 *
 * Speed: fields are found with `indexOf` and handed on as ranges of the chunk (`onRecordView`), so a plain
 * field costs no string at all; `onRecord` slices each field out of those ranges.
 */
export type CsvParserOptions = {
  delimiter?: CsvDelimiter;
} & (
  | {
      /** Receives each record as a new array of strings. */
      onRecord: (fields: string[]) => void;
    }
  | {
      /**
       * Receives each record as a view of ranges, without a string per field (see `CsvRecordView`). The view
       * is valid only during the call.
       */
      onRecordView: (record: CsvRecordView) => void;
    }
);

export interface CsvParseProblem {
  kind: 'unclosedQuote';
  /** 0-based index of the record (blank records not counted) whose quote was never closed. */
  record: number;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;
const BOM = 0xfeff;
const MAX_HEADER_SCAN = 65_536;

// Parser states between chunks.
const FIELD = 0; // at or inside an unquoted field (with `acc` as a prefix after a stray closing quote)
const QUOTED = 1; // inside a quoted field; its text so far is `acc` + buf[segStart, pos)
const AFTER_QUOTE = 2; // just after a closing quote; the field's text is `acc` + buf[segStart, segEnd)

export class CsvStreamParser {
  delimiter: CsvDelimiter | null;
  /** Records emitted so far (blank records excluded). */
  records = 0;
  readonly problems: CsvParseProblem[] = [];

  private readonly deliver: (record: CsvRecordView) => void;
  /** The record being read; completed fields of an unfinished record are kept here between chunks. */
  private readonly view = new CsvRecordView();
  private newline: '\n' | '\r' | null = null;
  private buf = '';
  private pos = 0;
  private bomChecked = false;
  private ended = false;
  private state = FIELD;
  private acc = '';
  private segStart = 0;
  private segEnd = 0;

  /**
   * Characters of the last chunk not consumed yet, which the next push copies and reads again. It stays
   * below a line's length even inside a long quoted field (whose text moves to `acc`), which keeps parsing
   * linear in the input.
   */
  get carriedChars(): number {
    return this.buf.length - this.pos;
  }

  constructor(options: CsvParserOptions) {
    this.delimiter = options.delimiter ?? null;
    if ('onRecordView' in options) {
      this.deliver = options.onRecordView;
    } else {
      const onRecord = options.onRecord;
      this.deliver = (record) => onRecord(record.toArray());
    }
  }

  push(chunk: string): void {
    if (this.ended) throw new Error('CsvStreamParser: push after end');
    if (chunk.length === 0) return;
    // join, not +: it copies into one flat string, where `a + b` makes a rope that every character read
    // of the row checks would then have to go through.
    this.buf = this.pos < this.buf.length ? [this.buf.slice(this.pos), chunk].join('') : chunk;
    this.pos = 0;
    this.run(false);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.buf = this.buf.slice(this.pos);
    this.pos = 0;
    this.run(true);
    this.buf = '';
    this.view.setBuffer('');
    this.view.clear();
  }

  private run(final: boolean): void {
    if (!this.bomChecked) {
      if (this.buf.length === 0) return;
      if (this.buf.charCodeAt(0) === BOM) this.buf = this.buf.slice(1);
      this.bomChecked = true;
    }
    if ((this.delimiter === null || this.newline === null) && !this.detect(final)) return;
    this.scan(final);
  }

  /** Reads delimiter and line-end kind from the first line; false while that line is incomplete. */
  private detect(final: boolean): boolean {
    const { start, end } = firstLineBounds(this.buf);
    // Past 64k characters without a line end (an unclosed quote?) detect from what is there.
    if (end === -1 && !final && this.buf.length < MAX_HEADER_SCAN) return false;
    const lineEnd = end === -1 ? this.buf.length : end;
    if (this.delimiter === null) this.delimiter = detectDelimiter(this.buf.slice(start, lineEnd));
    // The line-end kind comes from the first line break, which may precede the header (leading blank lines).
    const at = start > 0 ? 0 : end;
    if (at === -1 || this.buf.charCodeAt(at) === LF) this.newline = '\n';
    else if (at + 1 < this.buf.length) this.newline = this.buf.charCodeAt(at + 1) === LF ? '\n' : '\r';
    else if (final) this.newline = '\r';
    else return false; // a CR ends the chunk: CRLF or CR alone decides on the next chunk
    return true;
  }

  /** Hands on the completed record unless it is blank, and starts the next one. */
  private emit(): void {
    const view = this.view;
    // Most records start with a visible character: only the others are checked for being blank.
    const first = view.count > 0 ? view.source(0).charCodeAt(view.start(0)) : 0;
    const firstEmpty = view.count === 0 || view.end(0) === view.start(0);
    if (view.count === 1 || firstEmpty || first <= 32) {
      if (view.isBlank()) {
        view.clear();
        return;
      }
    }
    this.records++;
    this.deliver(view);
    view.clear();
  }

  private scan(final: boolean): void {
    const buf = this.buf;
    const len = buf.length;
    const delim = this.delimiter as string;
    const nl = this.newline as string;
    const nlCode = nl.charCodeAt(0);
    const delimCode = delim.charCodeAt(0);
    const stripCr = nl === '\n';
    const view = this.view;
    view.setBuffer(buf);
    let pos = this.pos;
    let state = this.state;
    let acc = this.acc;
    let segStart = this.segStart;
    let segEnd = this.segEnd;
    let nextDelim = -2; // -2: not looked up in this buffer yet; -1: none left
    let nextNl = -2;

    while (pos < len) {
      if (state === QUOTED) {
        const q = buf.indexOf('"', pos);
        if (q === -1) {
          pos = len;
          break;
        }
        if (q + 1 === len && !final) {
          // Cannot tell a closing quote from an escaped one yet: keep the quote for the next chunk.
          pos = q;
          break;
        }
        if (q + 1 < len && buf.charCodeAt(q + 1) === QUOTE) {
          acc += buf.slice(segStart, q + 1);
          pos = q + 2;
          segStart = pos;
          continue;
        }
        segEnd = q;
        pos = q + 1;
        state = AFTER_QUOTE;
        continue;
      }
      if (state === AFTER_QUOTE) {
        const c = buf.charCodeAt(pos);
        if (c === delimCode) {
          addQuoted(view, buf, acc, segStart, segEnd);
          acc = '';
          pos++;
          state = FIELD;
          continue;
        }
        if (c === nlCode) {
          addQuoted(view, buf, acc, segStart, segEnd);
          acc = '';
          this.emit();
          pos++;
          state = FIELD;
          continue;
        }
        if (stripCr && c === CR) {
          if (pos + 1 === len && !final) break; // CR at the chunk's end: wait for what follows
          if (pos + 1 === len || buf.charCodeAt(pos + 1) === LF) {
            addQuoted(view, buf, acc, segStart, segEnd);
            acc = '';
            this.emit();
            pos += 2;
            state = FIELD;
            continue;
          }
        }
        // Stray text after a closing quote: keep it, as part of the same field.
        acc += buf.slice(segStart, segEnd);
        state = FIELD;
      } else if (acc.length === 0 && buf.charCodeAt(pos) === QUOTE) {
        state = QUOTED;
        pos++;
        segStart = pos;
        continue;
      }

      // Unquoted field (or the tail after a stray closing quote) starting at `pos`.
      if (nextDelim < pos && nextDelim !== -1) nextDelim = buf.indexOf(delim, pos);
      if (nextNl < pos && nextNl !== -1) nextNl = buf.indexOf(nl, pos);
      if (nextDelim !== -1 && (nextNl === -1 || nextDelim < nextNl)) {
        if (acc.length === 0) view.addRange(pos, nextDelim);
        else view.addText(acc + buf.slice(pos, nextDelim));
        acc = '';
        pos = nextDelim + 1;
        continue;
      }
      if (nextNl !== -1) {
        let end = nextNl;
        if (stripCr && end > pos && buf.charCodeAt(end - 1) === CR) end--;
        if (acc.length === 0) view.addRange(pos, end);
        else view.addText(acc + buf.slice(pos, end));
        acc = '';
        this.emit();
        pos = nextNl + 1;
        continue;
      }
      if (!final) break; // the field may continue in the next chunk: keep it from `pos`
      let end = len;
      if (stripCr && end > pos && buf.charCodeAt(end - 1) === CR) end--;
      view.addText(acc + buf.slice(pos, end));
      acc = '';
      this.emit();
      pos = len;
    }

    if (final) {
      if (state === QUOTED) {
        this.problems.push({ kind: 'unclosedQuote', record: this.records });
        view.addText(acc + buf.slice(segStart, len));
        acc = '';
        this.emit();
      } else if (state === AFTER_QUOTE) {
        addQuoted(view, buf, acc, segStart, segEnd);
        acc = '';
        this.emit();
      } else if (view.count > 0 || acc.length > 0) {
        view.addText(acc);
        acc = '';
        this.emit();
      }
      state = FIELD;
    } else {
      // `push` replaces the buffer with its tail from `pos`: keep what points before it.
      if (state === QUOTED) acc += buf.slice(segStart, pos);
      else if (state === AFTER_QUOTE) acc += buf.slice(segStart, segEnd);
      segStart = 0;
      segEnd = 0;
      view.detach();
    }
    this.pos = pos;
    this.state = state;
    this.acc = acc;
    this.segStart = segStart;
    this.segEnd = segEnd;
  }
}

/** Adds a closed quoted field: a range when it had no doubled quotes and began in this buffer. */
function addQuoted(view: CsvRecordView, buf: string, acc: string, segStart: number, segEnd: number): void {
  if (acc.length === 0) view.addRange(segStart, segEnd);
  else view.addText(acc + buf.slice(segStart, segEnd));
}

/** Parses a whole text at once (tests, small files). */
export function parseCsvText(
  text: string,
  delimiter?: CsvDelimiter,
): { delimiter: CsvDelimiter; records: string[][]; problems: CsvParseProblem[] } {
  const records: string[][] = [];
  const parser = new CsvStreamParser({ onRecord: (r) => records.push(r), delimiter });
  parser.push(text);
  parser.end();
  return { delimiter: parser.delimiter ?? ',', records, problems: parser.problems };
}
