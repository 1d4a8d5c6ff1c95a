import { type InspectionReport, PROJECT_REPORT_MIN_RISK, type ProjectReport } from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { requireFound, requireProject } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { builtFileUrl } from '../../platform/storage/builtFileUrl.ts';
import { fileSlug } from '../delivery/packageKey.ts';
import { projectReportJob } from './projectReport.job.ts';
import { cropper, toReport } from './reportContents.ts';
import { renderReportPdf } from './reportPdf.ts';
import * as repo from './reports.repository.ts';

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
    const job = await enqueue(tx, projectReportJob, { reportId }, { actor });
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
  return builtFileUrl(deps.storage, row, {
    failed: 'This report could not be built.',
    building: 'This report is still being built.',
    code: 'report_not_ready',
  });
}
