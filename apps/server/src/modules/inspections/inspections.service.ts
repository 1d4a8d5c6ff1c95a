import type {
  CompleteInspectionRequest,
  InspectionCounts,
  InspectionExportQuery,
  InspectionFilterQuery,
  InspectionListQuery,
  InspectionRow,
} from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor, UserActor } from '../../platform/auth/actor.ts';
import { seesQualityWork } from '../../platform/auth/policy.ts';
import { requireInspection, requireProject } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { chunksOf, type RowChunks } from '../../platform/db/rowChunks.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { conditionToSem, semToCondition } from './conditionAnswers.ts';
import * as listRepo from './inspectionList.repository.ts';
import * as repo from './inspections.repository.ts';

/**
 * Adds the condition answers to a row. It mutates instead of copying because a list can hold 50,000 rows;
 * the response schema drops sem_conditions on the way out.
 */
const toRow = (r: repo.InspectionRowRaw): InspectionRow =>
  Object.assign(r, { condition: semToCondition(r.sem_conditions) });

/**
 * What a customer may ask of the list: the Rejected button lets nothing through (`none`), sorting by reject
 * count is refused (400: the column is not theirs), and Count sorts by the accepted images they are shown.
 */
function customerQuery<Q extends InspectionListQuery>(actor: Actor, query: Q): { query: Q; none: boolean } {
  if (seesQualityWork(actor)) return { query, none: false };
  if (query.sort === 'rejectCount') {
    throw badRequest('The list cannot be sorted by reject count.', 'sort_not_allowed');
  }
  return { query, none: query.status === 'rejected' };
}

/**
 * A customer sees the delivered, accepted result (spec 2 §6), not the internal quality work: its rows carry
 * no reject_count nor AI markup count and count the accepted images only. Mutates, like toRow.
 */
const forActor = (actor: Actor, rows: InspectionRow[]): InspectionRow[] => {
  if (seesQualityWork(actor)) return rows;
  for (const row of rows) {
    row.count = row.uploaded_image_count;
    delete row.reject_count;
    delete row.ai_markups;
  }
  return rows;
};

const hasFilters = (f: InspectionFilterQuery): boolean =>
  (f.lineIds?.length ?? 0) > 0 ||
  f.aiMarkups !== undefined ||
  [f.q, f.structure, f.search].some((t) => (t ?? '').trim() !== '');

/** AI markups are staff work: a customer's filter or sort by them is ignored (nothing is revealed by it). */
function staffQuery<Q extends InspectionFilterQuery & { sort?: InspectionListQuery['sort'] }>(
  actor: Actor,
  query: Q,
): Q {
  if (actor.roleName !== 'customer') return query;
  const { aiMarkups: _ai, ...rest } = query;
  return (rest.sort === 'aiMarkups' ? { ...rest, sort: undefined } : rest) as Q;
}

/**
 * The filter buttons' counts: of the whole project (spec 2 §7: the call names the project), or, when the
 * list's filters are given, of the inspections they let through, so each button's count is the number of
 * rows it shows.
 */
export async function inspectionCounts(
  db: Db,
  actor: Actor,
  projectId: number,
  asked: InspectionFilterQuery = {},
): Promise<InspectionCounts> {
  let counts: InspectionCounts | null;
  const filters = staffQuery(actor, asked);
  if (hasFilters(filters)) {
    await requireProject(db, actor, 'inspection.read', projectId);
    counts = await listRepo.filteredCounts(db, projectId, filters);
  } else {
    counts = await repo.inspectionCounts(db, actor, projectId);
    if (!counts) throw notFound('Project');
  }
  // No Rejected button for a customer: the count is left out, as reject_count is from the rows.
  if (!seesQualityWork(actor)) delete counts.rejected;
  return counts;
}

/**
 * The inspection list: without paging, filters or sort every row in the list's order (the original call);
 * otherwise the window `offset`/`limit` of the rows that pass the filters, in the asked order. A list
 * without limit (every matching row: 30,000 and more) comes as chunks read in order, never whole in memory.
 */
export async function inspectionList(
  db: Db,
  actor: Actor,
  projectId: number,
  asked: InspectionListQuery = {},
): Promise<InspectionRow[] | RowChunks<InspectionRow>> {
  const { query, none } = customerQuery(actor, staffQuery(actor, asked));
  await requireProject(db, actor, 'inspection.read', projectId);
  if (none) return [];
  const window = { offset: query.offset ?? 0, acceptedOnly: !seesQualityWork(actor) };
  if (query.limit === undefined) return wholeList(db, actor, projectId, query, window);
  const rows = await listRepo.inspectionWindow(db, projectId, query, { ...window, limit: query.limit });
  return forActor(actor, rows.map(toRow));
}

/** Every inspection `query` lets through (from `window.offset`), ordered first, then read a chunk at a time. */
async function wholeList(
  db: Db,
  actor: Actor,
  projectId: number,
  query: Parameters<typeof listRepo.inspectionOrder>[2],
  window: { offset: number; acceptedOnly: boolean },
): Promise<RowChunks<InspectionRow>> {
  const ids = await listRepo.inspectionOrder(db, projectId, query, window);
  return chunksOf(ids, async (chunk) =>
    forActor(actor, (await listRepo.inspectionRowsInOrder(db, projectId, chunk)).map(toRow)),
  );
}

/**
 * The rows of the CSV export: the inspections named by `ids` (every one must exist and be visible: 404
 * otherwise), or every inspection of `projectId` that the list's filters let through, minus `exclude`
 * (the table's select-all, resolved here rather than from the rows the browser has loaded). Rows come in
 * the list's order under `sort`.
 */
export async function exportRows(
  db: Db,
  actor: Actor,
  asked: InspectionExportQuery,
): Promise<InspectionRow[] | RowChunks<InspectionRow>> {
  const { query, none } = customerQuery(actor, staffQuery(actor, asked));
  const { ids, projectId, exclude, ...list } = query;
  const acceptedOnly = !seesQualityWork(actor);
  if (ids) {
    // Rows picked one by one are exported as picked: only the order follows the table.
    const order = { sort: list.sort, direction: list.direction };
    const found = await repo.visibleInspections(db, actor, ids);
    if (found.length !== ids.length) throw notFound('Inspection');
    if (none) return [];
    const projects = [...new Set(found.map((f) => f.project_id))].sort((a, b) => a - b);
    const rows: repo.InspectionRowRaw[] = [];
    for (const project of projects) {
      const inProject = found.filter((f) => f.project_id === project).map((f) => f.id);
      rows.push(
        ...(await listRepo.inspectionWindow(
          db,
          project,
          { ...order, ids: inProject },
          { offset: 0, limit: null, acceptedOnly },
        )),
      );
    }
    return forActor(actor, rows.map(toRow));
  }
  await requireProject(db, actor, 'inspection.read', projectId!);
  if (none) return [];
  return wholeList(db, actor, projectId!, { ...list, exclude }, { offset: 0, acceptedOnly });
}

/**
 * Completes (or edits the completion of) an inspection. The structure form (variant 2) sets the completion
 * fields; the dropdown form (variant 3) replaces the field values, each checked against the stored options;
 * the condition form (variant 1) merges its answers into the sem_ conditions. Each way review_status becomes 'Complete' and the first completion's date and reviewer are kept.
 */
export async function completeInspection(
  db: Db,
  actor: UserActor,
  inspectionId: number,
  body: CompleteInspectionRequest,
): Promise<InspectionRow> {
  const { data } = body;
  return withTransaction(db, async (tx) => {
    const inspection = await requireInspection(tx, actor, 'inspection.complete', inspectionId, {
      lock: true,
    });
    // The component names which inspection of a component-level structure the form was filled for.
    if (body.component != null && body.component !== inspection.component_id) {
      throw badRequest('The component does not match this inspection.', 'component_mismatch');
    }

    if ('field_values' in data) {
      const options = await repo.fieldOptions(tx);
      for (const fv of data.field_values) {
        const field = options.find((f) => f.field_id === fv.field_id);
        if (!field?.options.some((o) => o.value_id === fv.value_id)) {
          throw badRequest(
            `${field?.field_name ?? 'Field'} has no option ${fv.value_id}.`,
            'invalid_field_value',
          );
        }
      }
      await repo.replaceFieldValues(tx, inspectionId, data.field_values);
      await repo.markComplete(tx, inspectionId, actor.userId, data.comments);
    } else if ('replacementPriority' in data) {
      await repo.mergeSemConditions(tx, inspectionId, conditionToSem(data));
      await repo.markComplete(tx, inspectionId, actor.userId, data.comments);
    } else {
      await repo.markComplete(tx, inspectionId, actor.userId, data.comments, {
        strType: data.strType,
        armType: data.armType,
        armQty: data.armQty,
        anchorQty: data.anchorQty,
        guyQty: data.guyQty,
        insulatorType: data.insulatorType ?? null,
        condSleeveQty: data.condSleeveQty,
        inspector: data.inspector,
      });
    }
    await writeAudit(tx, actor, {
      action: 'inspection.complete',
      objectType: 'inspection',
      objectId: inspectionId,
      details: { projectId: inspection.project_id, component: body.component ?? null, data },
    });
    const [row] = await repo.inspectionRows(tx, inspection.project_id, inspectionId);
    return toRow(row!);
  });
}

/**
 * The inspection's list row with its raw condition answers (the viewer shows it beside the photos), as the
 * actor's list shows it. The caller has authorized the read.
 */
export async function inspectionRow(db: Db, actor: Actor, projectId: number, inspectionId: number) {
  const [row] = await repo.inspectionRows(db, projectId, inspectionId);
  if (!row || seesQualityWork(actor)) return row;
  // A customer's row: the accepted images counted, no reject_count (as in the list).
  const { reject_count: _, ...rest } = row;
  return { ...rest, count: row.uploaded_image_count };
}
