import { endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { exportStructures, listStructures, overviewMap } from './overview.service.ts';

const tags = ['Overview'];
const FILTERS =
  'lineId[] (or lineId, repeated or comma-separated) keeps those lines; q keeps structures whose name or line ' +
  'contains the text (any case); risk keeps one risk key. 404 for a project of another company.';
const RISK_RULE =
  'Risk keys (spec 2 §4): notAcquired (no photos, not complete), notInspected (photos, not complete), ' +
  'satisfactory (complete, highest risk under 2), minor, significant, urgent, major (highest risk 2..5). The ' +
  "highest risk is the greater of the inspections' max_risk_level and the annotations on photos that are not " +
  'rejected; issue_count counts those annotations of risk 2 and above (AI markups left out). A structure is ' +
  'complete once every inspection of it is.';

/** The project Overview: its structure table, its map and the exports utilities use. */
export async function overviewRoutes(app: App): Promise<void> {
  const api = endpoints.overview;
  const db = app.deps.database.db;

  app.route({
    ...endpointRoute(api.listStructures, {
      tags,
      summary: "A page of a project's structures with their photos, issues, status and risk",
      description:
        `Paged by limit (default 50, at most 500) and offset; orderBy struct_num (natural: T-2 before T-10), ` +
        `line_name, line_num, review_status, issue_count, risk or image_count; order ASC or DESC. total counts ` +
        `the structures passing the filters. structureId answers that one structure. ${FILTERS} ${RISK_RULE}`,
    }),
    config: { access: 'structure.read' },
    handler: (req) => listStructures(db, actorOf(req), req.query),
  });

  app.route({
    ...endpointRoute(api.overviewMap, {
      tags,
      summary: "The overview map's structures as columns, and the count per risk key",
      description:
        'structure_id, latitude, longitude and risk (an index into notAcquired, notInspected, satisfactory, ' +
        'minor, significant, urgent, major) are parallel arrays in structure id order; counts and total are ' +
        `for the filter buttons and the stat bar. ${FILTERS}`,
    }),
    config: { access: 'structure.read' },
    handler: (req) => overviewMap(db, actorOf(req), req.query),
  });

  app.route({
    ...endpointRoute(api.exportStructures, {
      tags,
      summary: "A project's structures with risk, issues and review status as GeoJSON, KML or CSV",
      description:
        'format geojson (a FeatureCollection of points), kml (Google Earth: placemarks styled in the risk ' +
        'colours) or csv (byte-order mark, comma separated, cells a spreadsheet would run as formulas start ' +
        `with an apostrophe). Streamed as an attachment. ${FILTERS}`,
    }),
    config: { access: 'structure.read' },
    handler: async (req, reply) => {
      const file = await exportStructures(db, actorOf(req), req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  });
}
