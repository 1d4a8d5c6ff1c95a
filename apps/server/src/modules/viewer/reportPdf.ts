import type { InspectionReport, ReportAnnotation } from '@linewalker/domain';
import PDFDocument from 'pdfkit';
import type { Crop } from './annotationCrop.ts';

export interface PdfInput {
  title: string;
  /** Printed under the title (the project, the filter). */
  subtitle: string;
  sections: readonly InspectionReport[];
  /** The outlined photo region of an annotation; null prints a placeholder. */
  crop: (annotation: ReportAnnotation) => Promise<Crop | null>;
  /** Called after each section is written (progress of a long report). */
  onSection?: (done: number) => void;
  signal?: AbortSignal;
}

const MARGIN = 50;
const CROP_BOX = { width: 230, height: 170 };
const GREY = '#555555';

/** `2026-03-04T05:06:07.000Z` → `2026-03-04 05:06 UTC`. */
export const printedDateTime = (iso: string | null): string =>
  iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '—';

const coordinates = (r: InspectionReport) => `${r.latitude.toFixed(6)}, ${r.longitude.toFixed(6)}`;

/**
 * An A4 PDF of one or more inspection reports: per structure its line, location, reviewer, review date,
 * risk and completion answers, then every annotation with its outlined photo crop, component, deficiency,
 * severity and note. Each structure starts on a new page. Text uses the standard Helvetica fonts (Latin).
 */
export async function renderReportPdf(input: PdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: input.title, Creator: 'Linewalker' },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const bottom = () => doc.page.height - MARGIN;
  const contentWidth = doc.page.width - 2 * MARGIN;

  doc.font('Helvetica-Bold').fontSize(18).text(input.title);
  doc.font('Helvetica').fontSize(10).fillColor(GREY).text(input.subtitle).fillColor('black');
  if (input.sections.length === 0) {
    doc.moveDown().fontSize(11).text('No structures match.');
  }

  let done = 0;
  for (const [index, r] of input.sections.entries()) {
    input.signal?.throwIfAborted();
    if (index > 0) doc.addPage();
    else doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(15).text(r.structure);
    doc.moveDown(0.3);
    const facts: Array<[string, string]> = [
      ['Project', r.project_name],
      ['Line', r.line_num ? `${r.line_name} (${r.line_num})` : r.line_name],
      ...(r.component ? ([['Component', r.component]] as Array<[string, string]>) : []),
      ['Location', coordinates(r)],
      ['Reviewer', r.reviewer ?? '—'],
      ['Date Reviewed', printedDateTime(r.date_reviewed)],
      ...r.completion.map((c) => [c.label, c.value] as [string, string]),
    ];
    doc.fontSize(10);
    for (const [label, value] of facts) {
      const y = doc.y;
      // The taller of label and value (either may wrap) decides where the next row starts.
      const labelHeight = doc.font('Helvetica-Bold').heightOfString(label, { width: 110 });
      doc.text(label, MARGIN, y, { width: 110 });
      const valueHeight = doc.font('Helvetica').heightOfString(value, { width: contentWidth - 115 });
      doc.text(value, MARGIN + 115, y, { width: contentWidth - 115 });
      doc.x = MARGIN;
      doc.y = y + Math.max(labelHeight, valueHeight) + 3;
    }
    // Risk: a swatch in the scale's colour and the label.
    const y = doc.y + 2;
    doc.font('Helvetica-Bold').text('Risk', MARGIN, y, { width: 110 });
    doc
      .rect(MARGIN + 115, y, 10, 10)
      .fill(r.risk.color)
      .fillColor('black');
    doc.font('Helvetica').text(r.risk.label, MARGIN + 131, y);
    doc.x = MARGIN;
    doc.moveDown(0.8);

    doc.font('Helvetica-Bold').fontSize(12).text(`Annotations (${r.annotations.length})`);
    doc.moveDown(0.4);
    if (r.annotations.length === 0) doc.font('Helvetica').fontSize(10).text('No annotations.');
    for (const a of r.annotations) {
      input.signal?.throwIfAborted();
      if (doc.y + CROP_BOX.height + 10 > bottom()) doc.addPage();
      const top = doc.y;
      const crop = await input.crop(a);
      if (crop) {
        doc.image(crop.jpeg, MARGIN, top, { fit: [CROP_BOX.width, CROP_BOX.height] });
      } else {
        doc.rect(MARGIN, top, CROP_BOX.width, CROP_BOX.height).stroke('#cccccc');
        doc
          .fontSize(9)
          .fillColor(GREY)
          .text('Photo not available', MARGIN + 10, top + 10)
          .fillColor('black');
      }
      const textX = MARGIN + CROP_BOX.width + 15;
      const textWidth = contentWidth - CROP_BOX.width - 15;
      doc.font('Helvetica-Bold').fontSize(11).text(`#${a.annotation_number}  ${a.image_name}`, textX, top, {
        width: textWidth,
      });
      doc.moveDown(0.3);
      const lines: Array<[string, string]> = [
        ['Component', a.component ?? '—'],
        ['Deficiency', a.deficiency ?? '—'],
        ['Severity', `${a.severity} (${a.risk_level})`],
        ['Notes', a.note ?? '—'],
      ];
      for (const [label, value] of lines) {
        doc
          .font('Helvetica-Bold')
          .fontSize(9)
          .fillColor(GREY)
          .text(label, textX, doc.y, { width: textWidth });
        doc.font('Helvetica').fontSize(10).fillColor('black').text(value, textX, doc.y, { width: textWidth });
        doc.moveDown(0.2);
      }
      doc.x = MARGIN;
      doc.y = Math.max(doc.y, top + CROP_BOX.height) + 12;
    }
    done += 1;
    input.onSection?.(done);
  }
  doc.end();
  return finished;
}
