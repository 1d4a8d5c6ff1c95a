import { endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import * as service from './assetHealth.service.ts';

const tags = ['Asset Health'];
const READ =
  "Everyone logged in (read-only): a customer sees its own company's assets only (company_id is ignored); " +
  'staff see every company, or the one company_id names.';
const TRANSMISSION =
  'Transmission assets only (an asset whose newest project is a Transmission project); line_id keeps the ' +
  "assets of that line's name. A line of a company the caller cannot see matches nothing.";

export async function assetHealthRoutes(app: App): Promise<void> {
  const api = endpoints.assetHealth;
  const db = app.deps.database.db;

  app.route({
    ...endpointRoute(api.getSummary, {
      tags,
      summary: 'Asset Health summary counts',
      description:
        `${READ} ${TRANSMISSION} Counts per health state (spec 3 §3 'Summary'): total, satisfactory, minor, ` +
        'significant, urgent, major (the newest completed inspection of each asset), not_inspected and ' +
        'not_acquired; pct_w_issue = percent of the total with at least one issue (risk ≥ 2), 2 decimals.',
    }),
    config: { access: 'asset.read' },
    handler: (req) => service.summary(db, actorOf(req), req.query),
  });

  app.route({
    ...endpointRoute(api.getStructures, {
      tags,
      summary: 'Asset Health structures (table pages and the map)',
      description:
        `${READ} ${TRANSMISSION} One page of assets with their health (spec 3 §3 'Transmission structure') ` +
        'in the state filter (all, satisfactory, minor, significant, urgent, major), ordered by orderBy ' +
        '(max_risk_level default, issue_count, line_name, struct_num) and order (ASC, DESC default), then ' +
        'line and structure; offset and limit (1–50000, default 50: the table asks 50 at a time, the map ' +
        'offset 0 and limit 50000). With the summary of the whole scope and total = assets in the filter.',
    }),
    config: { access: 'asset.read' },
    // Written as read: the rows are checked against the schema where they are read (rows.ts, in tests and
    // development); parsing a 50,000-row map answer again here copied all of it (0.1 s with its garbage).
    handler: async (req, reply) =>
      reply.serializer(JSON.stringify).send(await service.structures(db, actorOf(req), req.query)),
  });

  app.route({
    ...endpointRoute(api.getHealth, {
      tags,
      summary: "A project structure's asset health",
      description:
        `${READ} The health of the asset the project structure structureId belongs to (any asset class). ` +
        'A structure that does not exist, or of another company for a customer, 404.',
    }),
    config: { access: 'asset.read' },
    handler: (req) => service.structureHealth(db, actorOf(req), req.query.structureId),
  });

  app.route({
    ...endpointRoute(api.getHistory, {
      tags,
      summary: "An asset's inspection history across projects",
      description:
        `${READ} The asset and every inspection of it in every project, newest first (completed ones by ` +
        'completion time, then the open ones, newest project first), each with its risk (as the asset ' +
        'health is read; −2 photos not yet reviewed, −1 none), issues, photos (the first 24) and can_open: ' +
        'whether the caller may open that project in the inspection viewer. An asset that does not exist, ' +
        'or of another company for a customer, 404.',
    }),
    config: { access: 'asset.read' },
    handler: (req) => service.assetHistory(db, actorOf(req), req.params.assetId),
  });
}
