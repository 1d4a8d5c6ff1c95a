import type {
  KmzCheckRequest,
  KmzCheckResponse,
  KmzSkippedRowsRequest,
  StructureRowError,
} from '@linewalker/domain';
import type { UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { skippedRowsText } from '../projects/skippedRows.ts';
import { inspectKmzFiles } from './kmzImport.check.ts';

/**
 * `POST /bids/kmzCheck`: the KMZ step's files checked as mapped, while mapping, by the same check the
 * import job runs (all files together: a structure repeated across files is a duplicate). Writes nothing.
 */
export async function checkKmzMappings(
  deps: Deps,
  actor: UserActor,
  body: KmzCheckRequest,
): Promise<KmzCheckResponse> {
  authorize(actor, 'bid.read');
  const { checks } = await inspectKmzFiles(deps.database.db, deps, actor.userId, body.kmzs);
  return { files: checks };
}

/** `POST /bids/kmzSkippedRows`: every placemark of one file the import would skip, with its reasons, as a CSV. */
export async function kmzSkippedRowsCsv(
  deps: Deps,
  actor: UserActor,
  body: KmzSkippedRowsRequest,
): Promise<string> {
  authorize(actor, 'bid.read');
  const rows: StructureRowError[] = [];
  await inspectKmzFiles(deps.database.db, deps, actor.userId, body.kmzs.slice(0, body.index + 1), (i, e) => {
    if (i === body.index) rows.push(e);
  });
  return skippedRowsText(rows);
}
