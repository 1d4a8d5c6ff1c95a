import type { Readable } from 'node:stream';
import { type InspectionReport, type ReportAnnotation, reviewRisk, riskInfo } from '@linewalker/domain';
import type { Storage } from '../../platform/storage/storage.ts';
import { derivedKey } from '../upload/imageKeys.ts';
import { annotationCrop, type Crop } from './annotationCrop.ts';
import type * as repo from './reports.repository.ts';

/** Completion answers printed in the report, in the completion form's order. */
const COMPLETION_FIELDS: Array<[keyof repo.ReportInspectionRow, string]> = [
  ['str_type', 'STR Type'],
  ['arm_type', 'Arm Type'],
  ['arm_qty', 'Arm Quantity'],
  ['anchor_qty', 'Anchor Quantity'],
  ['guy_qty', 'Guy Quantity'],
  ['insulator_type', 'Insulator Type'],
  ['insulator_qty', 'Insulator Quantity'],
  ['cond_sleeve_qty', 'Conductor Sleeve Quantity'],
  ['inspector', 'Inspector'],
  ['comments', 'Comments'],
];

/** A report row and its annotations as the report shows them. */
export function toReport(
  row: repo.ReportInspectionRow,
  annotations: repo.ReportAnnotationRow[],
): InspectionReport {
  const risk = reviewRisk({
    complete: row.review_status === 'Complete',
    standingImages: row.standing_images,
    maxRiskLevel: row.max_risk_level,
  });
  return {
    inspection_id: row.id,
    project_id: row.project_id,
    project_name: row.project_name,
    structure: row.struct_num,
    line_name: row.line_name,
    line_num: row.line_num,
    component: row.component,
    latitude: row.latitude,
    longitude: row.longitude,
    review_status: row.review_status,
    date_reviewed: row.date_reviewed,
    reviewer: row.reviewer,
    risk: { key: risk.key, label: risk.label, level: risk.level, color: risk.color },
    completion: COMPLETION_FIELDS.flatMap(([key, label]) => {
      const value = row[key];
      return value === null || value === '' ? [] : [{ label, value: String(value) }];
    }),
    annotations: annotations.map((a) => ({
      id: a.id,
      annotation_number: a.annotation_number,
      image_id: a.image_id,
      image_name: a.image_name,
      shape: a.shape,
      rectangle:
        a.shape === 'rect'
          ? {
              x: a.rect_top_left_x ?? 0,
              y: a.rect_top_left_y ?? 0,
              width: a.rect_width ?? 0,
              height: a.rect_height ?? 0,
            }
          : null,
      polygon: a.shape === 'polygon' ? a.polygon : null,
      image_width: a.image_width,
      image_height: a.image_height,
      component: a.component,
      deficiency: a.deficiency,
      risk_level: a.risk_level,
      severity: riskInfo(a.risk_level).label,
      note: a.note,
    })),
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Crops annotations from their photos: the medium rendition where it was made, else the original; each photo
 * is read once per report. A photo missing from storage (or not decodable) gives no crop.
 */
export function cropper(storage: Storage, rows: readonly repo.ReportAnnotationRow[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sources = new Map<number, Promise<Buffer | null>>();
  const source = (a: repo.ReportAnnotationRow) => {
    let bytes = sources.get(a.image_id);
    if (!bytes) {
      const key = a.has_medium ? derivedKey(a.storage_key, 'MEDIUM_IMG') : a.storage_key;
      bytes = storage.read(key).then(readAll, () => null);
      sources.set(a.image_id, bytes);
    }
    return bytes;
  };
  return {
    crop: async (annotation: ReportAnnotation): Promise<Crop | null> => {
      const row = byId.get(annotation.id);
      const bytes = row ? await source(row) : null;
      if (!row || !bytes) return null;
      return annotationCrop(bytes, annotation).catch(() => null);
    },
    /** Forget a structure's photos once its section is written (a project report holds many). */
    clear: () => sources.clear(),
  };
}
