import { inflateSync } from 'node:zlib';

/** The content streams of a PDF, inflated where they are FlateDecode-compressed. */
function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream\n', at);
    if (start < 0) break;
    const end = pdf.indexOf('\nendstream', start);
    if (end < 0) break;
    const body = pdf.subarray(start + 'stream\n'.length, end);
    try {
      out.push(inflateSync(body).toString('latin1'));
    } catch {
      out.push(body.toString('latin1'));
    }
    at = end + '\nendstream'.length;
  }
  return out;
}

/**
 * The text a PDF shows (pdfkit's standard fonts write it as hex strings in TJ arrays), one line per text
 * operation. Enough for tests to find names and notes; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const s of streams(pdf)) {
    for (const tj of s.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push(
        [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'))
          .join(''),
      );
    }
  }
  return lines.join('\n');
}

/** How many images (XObjects) the PDF embeds. */
export const pdfImageCount = (pdf: Buffer): number =>
  (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;
