import { PROJECT_REPORT_MIN_RISK } from '@linewalker/domain';
import { z } from 'zod';
import { defineJob, PermanentJobError } from '../../platform/jobs/define.ts';
import { cropper, toReport } from './reportContents.ts';
import { renderReportPdf } from './reportPdf.ts';
import * as repo from './reports.repository.ts';

const BuildPayload = z.object({ reportId: z.number().int().positive() });

/** How often the report row's progress is written while structures are rendered. */
const PROGRESS_EVERY_MS = 500;

/**
 * Builds a project risk report: every completed structure whose highest annotation risk is at least 3, riskiest
 * first, each with its annotations and their outlined photo crops, as one PDF stored under the report's key.
 * Progress (structures written) is kept on the report for the page and reported to the queue.
 *
 * Idempotent: a report that is ready with its file stored is left alone; a rerun renders the whole PDF again
 * and replaces the file under the same key.
 */
export const projectReportJob = defineJob({
  name: 'reports.build-project-report',
  payload: BuildPayload,
  maxAttempts: 3,
  backoff: { baseMs: 10_000, maxMs: 300_000 },
  leaseMs: 120_000,
  async run(ctx, { reportId }) {
    const db = ctx.deps.database.db;
    const report = await repo.findReport(db, reportId);
    if (!report) return { skipped: 'gone' };
    if (report.status === 'ready' && (await ctx.deps.storage.exists(report.storage_key))) {
      return { skipped: 'ready' };
    }
    try {
      const inspections = await repo.riskyInspections(db, report.project_id, PROJECT_REPORT_MIN_RISK);
      await repo.markBuilding(db, reportId, inspections.length);
      const sections = [];
      const annotationRows = [];
      for (const row of inspections) {
        const annotations = await repo.reportAnnotations(db, row.structure_id, row.component_id);
        sections.push(toReport(row, annotations));
        annotationRows.push(...annotations);
      }
      const crops = cropper(ctx.deps.storage, annotationRows);
      let lastSaved = 0;
      const total = sections.length;
      const pdf = await renderReportPdf({
        title: 'Structures at Risk',
        subtitle: `${report.project_name} · risk ${PROJECT_REPORT_MIN_RISK} (Significant) and above · ${total} structure${total === 1 ? '' : 's'}`,
        sections,
        crop: crops.crop,
        signal: ctx.signal,
        onSection: (done) => {
          crops.clear();
          const now = Date.now();
          if (done < total && now - lastSaved < PROGRESS_EVERY_MS) return;
          lastSaved = now;
          void repo.reportStructuresDone(db, reportId, done).catch(() => {});
          void ctx.reportProgress(done, total).catch(() => {});
        },
      });
      await ctx.deps.storage.write(report.storage_key, pdf, 'application/pdf');
      await repo.markReady(db, reportId, pdf.length);
      return { sizeBytes: pdf.length, structures: total };
    } catch (err) {
      const final = err instanceof PermanentJobError || ctx.attempt >= ctx.maxAttempts;
      const message = err instanceof Error ? err.message : String(err);
      if (!ctx.signal.aborted) await repo.markAttemptFailed(db, reportId, message, final);
      throw err;
    }
  },
});
