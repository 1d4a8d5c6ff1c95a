import { endpoints, InspectionRow, ok } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { sendJsonArray } from '../../platform/http/jsonArrayStream.ts';
import { validateCompletionForm } from './completionValidation.ts';
import { fieldOptions } from './inspections.repository.ts';
import * as service from './inspections.service.ts';

const tags = ['Inspections'];

/** The inspection list, its counts and Complete Inspection (spec 1 §2, §4, §7). */
export async function inspectionsRoutes(app: App): Promise<void> {
  const api = endpoints.inspections;
  const db = app.deps.database.db;

  app.route({
    ...endpointRoute(api.counts, {
      tags,
      summary: "Counts of a project's inspections for the list tabs",
      description:
        'One row: all_count; pending (date_reviewed not set); completed (date_reviewed set); rejected ' +
        '(the structure has at least one rejected image). Without filters, of the whole project; with the ' +
        "list's filters (lineIds, q, structure, search), of the inspections they let through, so each " +
        'count is the number of rows its button shows. A customer has no Rejected button: rejected is left ' +
        'out of their answer. 404 for a project of another company.',
    }),
    config: { access: 'inspection.read' },
    handler: async (req) => [await service.inspectionCounts(db, actorOf(req), req.params.id, req.query)],
  });

  app.route({
    ...endpointRoute(api.exportRows, {
      tags,
      summary: 'Rows of the CSV export (UAV CAI Inspection Sheet)',
      description:
        'Either ids (comma-separated, at most 1000: the rows picked one by one; 404 when one does not exist ' +
        "or belongs to another company's project) or projectId with the list's filters and status (the " +
        "table's select-all, resolved on the server) minus exclude. sort and direction order the rows as " +
        'the table does. The web writes them as CSV (byte-order mark, comma, formula cells neutralised). ' +
        "A customer gets the list's customer answer (no reject_count; status=rejected no rows; " +
        'sort=rejectCount 400).',
    }),
    config: { access: 'inspection.read' },
    handler: async (req, reply) => {
      const rows = await service.exportRows(db, actorOf(req), req.query);
      return Array.isArray(rows) ? rows : sendJsonArray(reply, InspectionRow, rows);
    },
  });

  app.route({
    ...endpointRoute(api.fieldOptions, {
      tags,
      summary: 'Dropdown fields of the Complete Inspection form with their options',
      description: 'Asset Material (values 1..5) and Asset Type (values 6..9), as stored on the server.',
    }),
    config: { access: 'authenticated' },
    handler: () => fieldOptions(db),
  });

  app.route({
    ...endpointRoute(api.list, {
      tags,
      summary: "A project's inspections (the inspection list), whole or one window of it",
      description:
        'Ordered by line name, then structure creation order, then component; sort/direction order by a ' +
        'column instead (empty values last, that order breaking ties). status, lineIds, q, structure and ' +
        'search filter in the database; offset/limit (at most 1000) answer one window of the result, and ' +
        'GET /inspections/counts/{id} with the same filters counts it. Without limit every matching row. ' +
        "Image counts are those of the inspection's structure. A customer sees the accepted result: no " +
        'reject_count, count of accepted images only (and sort=count by them), status=rejected answers no ' +
        'rows and sort=rejectCount is refused (400). 404 for a project of another company.',
    }),
    config: { access: 'inspection.read' },
    handler: async (req, reply) => {
      const rows = await service.inspectionList(db, actorOf(req), req.params.id, req.query);
      // Without limit: every row, streamed as it is read (the same JSON, never whole in memory).
      return Array.isArray(rows) ? rows : sendJsonArray(reply, InspectionRow, rows);
    },
  });

  app.route({
    ...endpointRoute(api.complete, {
      tags,
      summary: 'Complete an inspection',
      description:
        'Staff with a role id below 4 only (403 otherwise, before anything else is checked). data is either ' +
        'the structure form (strType, armType, armQty 0–10, anchorQty 0–16, guyQty, condSleeveQty and inspector ' +
        'required; insulatorType Ceramic, Glass or Polymer) or the dropdown form (field_values: one Asset ' +
        'Material and one Asset Type option) or the condition form (replacementPriority None/Minor/Major and ' +
        'crackDetected Yes/No required; bendAngle 0–180 and bendRadius optional). Sets review_status Complete; the first completion sets ' +
        'date_reviewed and reviewed_by, later saves update the data and keep both. component, when given, must ' +
        "be the inspection's component. 400 with the field messages and nothing changed when invalid; 404 when " +
        'the inspection does not exist.',
    }),
    preValidation: validateCompletionForm,
    config: { access: 'inspection.complete' },
    handler: async (req) => ({
      ...ok,
      inspection: await service.completeInspection(db, actorOf(req), req.params.id, req.body),
    }),
  });
}
