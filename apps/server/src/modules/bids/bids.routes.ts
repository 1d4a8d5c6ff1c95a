import { ApiError, endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { createBid, listBids, markWon } from './bids.service.ts';
import { checkKmzMappings, kmzSkippedRowsCsv } from './kmzCheck.service.ts';

const tags = ['Bids'];
const WHO =
  'Super admins and project managers only; other staff roles get 403 and customers never reach bids (403).';

export async function bidsRoutes(app: App): Promise<void> {
  const api = endpoints.bids;

  app.route({
    ...endpointRoute(api.list, {
      tags,
      summary: 'Every bid, newest first (the Bids page and its timeline)',
      description: `Each bid with its customer, its project and that project's structure count. ${WHO}`,
    }),
    config: { access: 'bid.read' },
    handler: (req) => listBids(app.deps, actorOf(req)),
  });

  app.route({
    ...endpointRoute(api.won, {
      tags,
      summary: 'Mark a bid won: its project becomes visible to the customer',
      description:
        "A bid is a proposal ('open') when it is saved: its project is the inspection company's working copy " +
        "and the customer's users do not see it (not in their project list, 404 on its pages). Marking it won " +
        'hands the project to them as any other project. A repeat changes nothing and answers the same ' +
        `state; 404 for no such bid. ${WHO}`,
    }),
    config: { access: 'bid.create' },
    handler: (req) => markWon(app.deps, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(api.create, {
      tags,
      summary: 'Create a bid and its project from mapped KMZ files',
      description:
        'The Create New Bid form (`bid`), the project of the KMZ step (`project`) and each KMZ with a line ' +
        'name or line field and a structure field (`kmzs`, uploaded through `doc_upload/sign-s3?extension=kmz` ' +
        'by the caller; a plain .kml is accepted too; field names as getFields answered them or as labelled, ' +
        "e.g. 'Placemark name'; `skipInvalidRows` imports the valid placemarks and skips the rest). Every form " +
        'rule is checked and every file looked up (400 `validation_failed`, 400 `kmz_invalid` for a file the ' +
        'caller did not upload) without reading any file; then the bid and the project (importing) are ' +
        'written with a `bids.import-kmz` job that checks the placemarks as `POST /bids/kmzCheck` does and ' +
        'adds one structure per valid point placemark (source type KMZ) in batches, with progress; if the ' +
        'check fails (a placemark that cannot be a structure and no skip) or the job fails for good, the bid ' +
        'and project are deleted and the job holds the reasons. A save repeated with the same ' +
        '`request_id` answers the first result; a project name already taken answers 409 ' +
        `\`project_name_taken\`. ${WHO}`,
    }),
    config: { access: 'bid.create' },
    handler: (req) => createBid(app.deps, actorOf(req), req.body),
  });

  app.route({
    ...endpointRoute(api.kmzCheck, {
      tags,
      summary: "The KMZ step's files checked as mapped, before Save",
      description:
        'Reads each mapped KMZ (uploaded by the caller) with the checks the import runs, all files together, ' +
        'and answers per file: placemarks with a point, valid placemarks, exact repeats (imported once), ' +
        'placemarks that cannot be structures (of which duplicates and too-long names), the first 100 of ' +
        'them, and the reasons the file cannot be saved as mapped (empty when it can; with `skipInvalidRows` ' +
        `refused placemarks are no reason). Writes nothing. ${WHO}`,
    }),
    config: { access: 'bid.read' },
    handler: (req) => checkKmzMappings(app.deps, actorOf(req), req.body),
  });

  app.route({
    ...endpointRoute(api.kmzSkippedRows, {
      tags,
      summary: 'The placemarks of one KMZ that the import skips, as a CSV',
      description:
        'The same check as `POST /bids/kmzCheck`; answers every placemark of `kmzs[index]` that cannot be a ' +
        'structure: Row (placemark number), Line, Structure, Latitude, Longitude, Reason. ' +
        WHO,
      errors: { 400: ApiError },
    }),
    config: { access: 'bid.read' },
    handler: async (req, reply) => {
      const text = await kmzSkippedRowsCsv(app.deps, actorOf(req), req.body);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="skipped-placemarks.csv"')
        .send(text);
    },
  });
}
