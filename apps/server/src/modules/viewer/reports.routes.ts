import { endpoints, PROJECT_REPORT_MIN_RISK } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { redirectToSignedUrl } from '../../platform/http/signedRedirect.ts';
import { SIGNED_GET_SECONDS } from '../../platform/storage/storage.ts';
import * as reports from './reports.service.ts';

const tags = ['Reports'];
const WHO = 'Staff, and customers of the project’s company; another company’s 404.';

/**
 * Inspection reports ('View Inspection Report' in the viewer, and its PDF) and the project risk report: a PDF
 * of every structure at risk ≥ 3 built in the background and downloaded through a short-lived signed URL.
 */
export async function reportsRoutes(app: App): Promise<void> {
  const api = endpoints.reports;
  const deps = app.deps;
  const db = deps.database.db;

  app.route({
    ...endpointRoute(api.report, {
      tags,
      summary: 'The inspection report: structure, line, location, reviewer, date, risk and every annotation',
      description:
        'Annotations of the structure’s standing photos (rejected photos and AI markups left out; for a ' +
        `component-level inspection those of its component), by photo name and number. ${WHO}`,
    }),
    config: { access: 'inspection.read' },
    handler: (req) => reports.inspectionReport(db, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(api.reportPdf, {
      tags,
      summary: 'The inspection report as a PDF (an attachment)',
      description:
        'A4; each annotation with a crop of its photo (the medium rendition, else the original) around the ' +
        `rectangle or polygon, outlined in red. ${WHO}`,
    }),
    config: { access: 'inspection.read' },
    handler: async (req, reply) => {
      const { fileName, pdf } = await reports.inspectionReportPdf(deps, actorOf(req), req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  app.route({
    ...endpointRoute(api.createProjectReport, {
      tags,
      summary: `Build the project's risk report (every structure at risk ≥ ${PROJECT_REPORT_MIN_RISK})`,
      description:
        'Queues a background build of a PDF of every completed structure whose highest annotation risk is ' +
        `${PROJECT_REPORT_MIN_RISK} or more, riskiest first, with each annotation’s photo crop. Each request makes a ` +
        `new report of the project as it is then. ${WHO}`,
    }),
    config: { access: 'project.read' },
    handler: (req) => reports.createProjectReport(deps, actorOf(req), req.body.projectId),
  });

  app.route({
    ...endpointRoute(api.projectReports, {
      tags,
      summary: "A project's risk reports, newest first (the last 20), with their build progress",
      description: WHO,
    }),
    config: { access: 'project.read' },
    handler: (req) => reports.projectReports(db, actorOf(req), req.query.projectId),
  });

  app.route({
    ...endpointRoute(api.projectReport, {
      tags,
      summary: 'One risk report and its build progress',
      description: `status queued → building (structures_done of structure_count) → ready | failed. ${WHO}`,
    }),
    config: { access: 'project.read' },
    handler: (req) => reports.projectReportStatus(db, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(api.projectReportPdf, {
      tags,
      summary: "Download a risk report's PDF",
      description:
        `302 to a signed URL valid for ${SIGNED_GET_SECONDS} s, served as an attachment. 409 report_not_ready ` +
        `while it is being built or when it failed. ${WHO}`,
    }),
    config: { access: 'project.read' },
    handler: async (req, reply) => {
      const url = await reports.projectReportDownloadUrl(deps, actorOf(req), req.params.id);
      return redirectToSignedUrl(reply, url);
    },
  });
}
