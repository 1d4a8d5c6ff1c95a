import type { Readable } from 'node:stream';
import {
  type InspectionReport,
  PROJECT_REPORT_MIN_RISK,
  type ProjectReport,
  type ReportAnnotation,
  reviewRisk,
  riskInfo,
} from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { requireFound, requireProject } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { SIGNED_GET_SECONDS } from '../../platform/storage/storage.ts';
import { fileSlug } from '../delivery/packageKey.ts';
import { derivedKey } from '../upload/imageKeys.ts';
import { annotationCrop, type Crop } from './annotationCrop.ts';
import { renderReportPdf } from './reportPdf.ts';
import * as repo from './reports.repository.ts';

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

/** The inspection when the actor may read it: another company's, or none, is 404. */
const visibleInspection = async (db: Db, actor: Actor, inspectionId: number) =>
  requireFound(actor, 'inspection.read', 'Inspection', await repo.findReportInspection(db, inspectionId));

/** What 'View Inspection Report' shows. */
export async function inspectionReport(
  db: Db,
  actor: Actor,
  inspectionId: number,
): Promise<InspectionReport> {
  const row = await visibleInspection(db, actor, inspectionId);
  return toReport(row, await repo.reportAnnotations(db, row.structure_id, row.component_id));
}

/** The inspection report as a PDF, and the name to save it under. */
export async function inspectionReportPdf(
  deps: Pick<Deps, 'database' | 'storage'>,
  actor: Actor,
  inspectionId: number,
): Promise<{ fileName: string; pdf: Buffer }> {
  const db = deps.database.db;
  const row = await visibleInspection(db, actor, inspectionId);
  const annotations = await repo.reportAnnotations(db, row.structure_id, row.component_id);
  const report = toReport(row, annotations);
  const crops = cropper(deps.storage, annotations);
  const pdf = await renderReportPdf({
    title: 'Inspection Report',
    subtitle: `${row.project_name} · ${row.line_name} · ${row.struct_num}`,
    sections: [report],
    crop: crops.crop,
  });
  return { fileName: `${fileSlug(row.struct_num, 60, 'structure')}-inspection-report.pdf`, pdf };
}

/** A report as the API shows it (no storage key or company). */
function publicReport(row: repo.ProjectReportRow): ProjectReport {
  const { company_id: _c, storage_key: _k, project_name: _n, ...report } = row;
  return report;
}

/**
 * Queues the build of the project's risk report (every structure at risk ≥ 3). Each request makes a new
 * report of the project as it is then; the job builds it in the background.
 */
export async function createProjectReport(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  projectId: number,
): Promise<ProjectReport> {
  const db = deps.database.db;
  const id = await withTransaction(db, async (tx) => {
    const project = await requireProject(tx, actor, 'project.read', projectId);
    const prefix = `reports/${project.id}/${fileSlug(project.project_name)}-risk-report-`;
    const reportId = await repo.insertReport(
      tx,
      project.id,
      prefix,
      actor.kind === 'user' ? actor.userId : null,
    );
    const job = await enqueue(tx, 'reports.build-project-report', { reportId }, { actor });
    await repo.setReportJob(tx, reportId, job.id);
    await writeAudit(tx, actor, {
      action: 'report.create',
      objectType: 'project_report',
      objectId: reportId,
      details: { projectId: project.id, minRisk: PROJECT_REPORT_MIN_RISK },
    });
    return reportId;
  });
  return publicReport((await repo.findReport(db, id))!);
}

export async function projectReports(db: Db, actor: Actor, projectId: number): Promise<ProjectReport[]> {
  const project = await requireProject(db, actor, 'project.read', projectId);
  return (await repo.reportList(db, project.id)).map(publicReport);
}

const visibleReport = async (db: Db, actor: Actor, id: number): Promise<repo.ProjectReportRow> =>
  requireFound(actor, 'project.read', 'Report', await repo.findReport(db, id));

export async function projectReportStatus(db: Db, actor: Actor, id: number): Promise<ProjectReport> {
  return publicReport(await visibleReport(db, actor, id));
}

/** A signed GET of the report's PDF valid for a minute; 409 while it is being built (or failed). */
export async function projectReportDownloadUrl(
  deps: Pick<Deps, 'database' | 'storage'>,
  actor: Actor,
  id: number,
): Promise<string> {
  const row = await visibleReport(deps.database.db, actor, id);
  if (row.status !== 'ready') {
    throw conflict(
      row.status === 'failed' ? 'This report could not be built.' : 'This report is still being built.',
      'report_not_ready',
    );
  }
  return deps.storage.signedGetUrl(row.storage_key, SIGNED_GET_SECONDS);
}
