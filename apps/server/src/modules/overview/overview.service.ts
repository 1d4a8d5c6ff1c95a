import { Readable } from 'node:stream';
import {
  emptyRiskCounts,
  lineIdsOf,
  OVERVIEW_RISK_KEYS,
  type OverviewFilterQuery,
  type OverviewMap,
  type OverviewStructure,
  type StructureExportQuery,
  type StructureListQuery,
  type StructurePage,
} from '@linewalker/domain';
import type { Actor } from '../../platform/auth/actor.ts';
import { requireProject } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { EXPORT_WRITERS } from './exportFormats.ts';
import {
  imageIdsOf,
  mapColumns,
  type OverviewRow,
  rowsAfter,
  type StructureFilter,
  structurePage,
} from './overview.repository.ts';

const filterOf = (q: OverviewFilterQuery & { structureId?: number | undefined }): StructureFilter => ({
  projectId: q.projectId,
  lineIds: lineIdsOf(q),
  q: q.q ?? '',
  structureId: q.structureId,
});

const toStructure = (row: OverviewRow, imageIds: number[]): OverviewStructure => ({
  structure_id: row.structure_id,
  struct_num: row.struct_num,
  line_id: row.line_id,
  line_name: row.line_name,
  line_num: row.line_num,
  company_id: row.company_id,
  component: null,
  component_id: null,
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  image_count: row.image_count,
  archived_count: row.archived_count,
  image_ids: imageIds,
  max_risk_level: row.max_risk_level,
  issue_count: row.issue_count,
  uploaded_image_count: row.uploaded_image_count,
  review_status: row.review_status,
  inspection_id: row.inspection_id,
  risk: OVERVIEW_RISK_KEYS[row.risk_rank] ?? 'notAcquired',
});

/** `GET /structures`: one page of the overview table. */
export async function listStructures(
  db: Db,
  actor: Actor,
  query: StructureListQuery,
): Promise<StructurePage> {
  await requireProject(db, actor, 'structure.read', query.projectId);
  const { rows, total } = await structurePage(db, actor, {
    ...filterOf(query),
    risk: query.risk,
    orderBy: query.orderBy,
    order: query.order,
    limit: query.limit,
    offset: query.offset,
  });
  const images = await imageIdsOf(
    db,
    rows.map((r) => r.structure_id),
  );
  return { structures: rows.map((r) => toStructure(r, images.get(r.structure_id) ?? [])), total };
}

/** `GET /structures/overview`: every filtered structure's position and risk, and the count per risk. */
export async function overviewMap(db: Db, actor: Actor, query: OverviewFilterQuery): Promise<OverviewMap> {
  await requireProject(db, actor, 'structure.read', query.projectId);
  const columns = await mapColumns(db, actor, filterOf(query));
  const counts = emptyRiskCounts();
  for (const rank of columns.risk) {
    const key = OVERVIEW_RISK_KEYS[rank];
    if (key) counts[key]++;
  }
  return { ...columns, counts, total: columns.risk.length };
}

/** Structures read per database round trip while exporting. */
export const EXPORT_BATCH = 2000;

export interface StructureExport {
  fileName: string;
  contentType: string;
  body: Readable;
}

/** A file name safe in a Content-Disposition header: the project's name in letters, digits, - and _. */
const fileStem = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80) || 'project';

/**
 * `GET /structures/export`: the filtered structures with their risk, issue count and review status as
 * GeoJSON, KML or CSV, streamed batch by batch (the first batch is read before answering, so a database error
 * is still a proper error answer).
 */
export async function exportStructures(
  db: Db,
  actor: Actor,
  query: StructureExportQuery,
): Promise<StructureExport> {
  const { project_name: projectName } = await requireProject(db, actor, 'structure.read', query.projectId);
  const writer = EXPORT_WRITERS[query.format];
  const filter = filterOf(query);
  const keep = (rows: OverviewRow[]) =>
    query.risk ? rows.filter((r) => OVERVIEW_RISK_KEYS[r.risk_rank] === query.risk) : rows;
  const firstBatch = await rowsAfter(db, actor, filter, 0, EXPORT_BATCH);

  async function* chunks(): AsyncGenerator<string> {
    yield writer.header(projectName);
    let batch = firstBatch;
    let first = true;
    while (batch.length > 0) {
      let text = '';
      for (const row of keep(batch)) {
        text += writer.row(row, first);
        first = false;
      }
      if (text) yield text;
      if (batch.length < EXPORT_BATCH) break;
      batch = await rowsAfter(db, actor, filter, batch.at(-1)!.structure_id, EXPORT_BATCH);
    }
    yield writer.footer();
  }

  return {
    fileName: `${fileStem(projectName)}-structures.${writer.extension}`,
    contentType: writer.contentType,
    body: Readable.from(chunks()),
  };
}
