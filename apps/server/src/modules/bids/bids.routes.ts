import { BidCreateRequest, BidCreateResponse, BidList } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { createBid, listBids } from './bids.service.ts';

const tags = ['Bids'];
const WHO =
  'Super admins and project managers only; other staff roles get 403 and customers never reach bids (403).';

export async function bidsRoutes(app: App): Promise<void> {
  app.get(
    '/bids',
    {
      config: { access: 'bid.read' },
      schema: {
        tags,
        summary: 'Every bid, newest first (the Bids page and its timeline)',
        description: `Each bid with its customer, its project and that project's structure count. ${WHO}`,
        response: { 200: BidList },
      },
    },
    (req) => listBids(app.deps, actorOf(req)),
  );

  app.post(
    '/bids',
    {
      config: { access: 'bid.create' },
      schema: {
        tags,
        summary: 'Create a bid and its project from mapped KMZ files',
        description:
          'The Create New Bid form (`bid`), the project of the KMZ step (`project`) and each KMZ with a line ' +
          'name or line field and a structure field (`kmzs`, uploaded through `doc_upload/sign-s3?extension=kmz` ' +
          'by the caller; a plain .kml is accepted too). Every rule is checked and every file read before ' +
          "anything is written: 400 `validation_failed`, or 400 `kmz_invalid` listing each file's reasons and " +
          'first 100 bad placemarks (row = placemark number). Then the bid and the project (importing) are ' +
          'written with a `bids.import-kmz` job that adds one structure per point placemark (source type KMZ) ' +
          'in batches; if it fails for good the bid and project are deleted. A save repeated with the same ' +
          '`request_id` answers the first result; a project name already taken answers 409 ' +
          `\`project_name_taken\`. ${WHO}`,
        body: BidCreateRequest,
        response: { 200: BidCreateResponse },
      },
    },
    (req) => createBid(app.deps, actorOf(req), req.body),
  );
}
