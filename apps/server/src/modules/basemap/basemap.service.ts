import { randomUUID } from 'node:crypto';
import type { BasemapExtract, ClientConfig, SignUploadResponse } from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { issuedUpload, registerSignedUpload } from '../sourceFiles/sourceFiles.service.ts';
import {
  type BasemapExtractRow,
  currentExtract,
  findExtract,
  insertExtract,
  removeExtracts,
  uploaderName,
} from './basemap.repository.ts';
import { type ExtractBody, parseRange, readExtract } from './extractFile.ts';
import type { ReachabilityProbe } from './probe.ts';

export const EXTRACT_CONTENT_TYPE = 'application/vnd.pmtiles';

/** Where the maps read an extract (our server, with range requests). */
export const extractUrl = (id: number) => `/api/v1/basemap/extracts/${id}`;

/** The name an extract was uploaded as, else its stored key's. */
const nameOf = (row: BasemapExtractRow) => row.name || (row.storageKey.split('/').pop() ?? '');

const extractOut = async (deps: Deps, row: BasemapExtractRow): Promise<BasemapExtract> => ({
  id: row.id,
  name: nameOf(row),
  uploadedBy: await uploaderName(deps.database.db, row.uploadedBy),
  url: extractUrl(row.id),
  sizeBytes: row.sizeBytes,
  tileType: row.tileType,
  minZoom: row.minZoom,
  maxZoom: row.maxZoom,
  bounds: [row.minLon, row.minLat, row.maxLon, row.maxLat],
  createdAt: new Date(row.createdAt).toISOString(),
});

/** Deletes the files of extracts no longer in use (after their rows' change is committed). */
async function deleteFiles(deps: Deps, rows: readonly BasemapExtractRow[]): Promise<void> {
  for (const row of rows) {
    // A file left behind costs disk, not correctness: the row no longer points maps at it.
    await deps.storage.delete(row.storageKey).catch(() => undefined);
  }
}

/** A signed URL a super admin PUTs a regional extract (.pmtiles) to; `url` then goes to `useExtract`. */
export async function signExtractUpload(deps: Deps, actor: UserActor): Promise<SignUploadResponse> {
  authorize(actor, 'basemap.manage');
  const key = `basemap/${randomUUID()}.pmtiles`;
  const { signedUrl } = await registerSignedUpload(deps, actor, {
    key,
    kind: 'pmtiles',
    contentType: EXTRACT_CONTENT_TYPE,
  });
  return { signedRequest: signedUrl, url: key, key };
}

/**
 * Makes an uploaded extract the maps' Streets basemap once it reads as a PMTiles archive (400
 * unsupported_file with the reason otherwise), replacing the one in use (its file is deleted). Using the
 * same upload twice answers the same extract.
 */
export async function useExtract(
  deps: Deps,
  actor: UserActor,
  url: string,
  name?: string,
): Promise<BasemapExtract> {
  authorize(actor, 'basemap.manage');
  const upload = await issuedUpload(deps, url, actor.userId);
  if (upload.kind !== 'pmtiles')
    throw badRequest('The file is not a basemap extract upload.', 'unsupported_file');
  const size = await deps.storage.size(upload.storageKey);
  if (size === null) throw notFound('File');
  const read = await readExtract(deps.storage, upload.storageKey, size);
  if (!read.ok) {
    throw badRequest(`The file cannot be used as a basemap: ${read.reason}.`, 'unsupported_file');
  }
  const { info } = read;
  const db = deps.database.db;
  const replaced = await db.transaction(async (tx) => {
    const id = await insertExtract(tx, {
      storageKey: upload.storageKey,
      name: name ?? '',
      sizeBytes: size,
      tileType: info.tileType,
      minZoom: info.minZoom,
      maxZoom: info.maxZoom,
      minLon: info.bounds[0],
      minLat: info.bounds[1],
      maxLon: info.bounds[2],
      maxLat: info.bounds[3],
      uploadedBy: actor.userId,
    });
    if (!id) return [];
    const older = await removeExtracts(tx, id);
    await writeAudit(tx, actor, {
      action: 'basemap.extract.use',
      objectType: 'basemap_extract',
      objectId: id,
      details: { key: upload.storageKey, sizeBytes: size, ...info, replaced: older.map((r) => r.id) },
    });
    return older;
  });
  await deleteFiles(deps, replaced);
  const row = await findExtract(db, { storageKey: upload.storageKey });
  // Used before and since replaced: its file is gone.
  if (!row) throw notFound('File');
  return extractOut(deps, row);
}

/**
 * Stops using the self-hosted extract: maps go back to MAP_STYLE_URL (or Offline). Its file is deleted;
 * the row stays as history. Answers whether there was one to remove.
 */
export async function removeCurrentExtract(deps: Deps, actor: UserActor): Promise<{ removed: boolean }> {
  authorize(actor, 'basemap.manage');
  const removed = await deps.database.db.transaction(async (tx) => {
    const rows = await removeExtracts(tx, null);
    for (const row of rows) {
      await writeAudit(tx, actor, {
        action: 'basemap.extract.remove',
        objectType: 'basemap_extract',
        objectId: row.id,
        details: { key: row.storageKey, name: nameOf(row) },
      });
    }
    return rows;
  });
  await deleteFiles(deps, removed);
  return { removed: removed.length > 0 };
}

/** The current extract (null: none uploaded). */
export async function currentExtractInfo(deps: Deps, actor: UserActor): Promise<BasemapExtract | null> {
  authorize(actor, 'basemap.manage');
  const row = await currentExtract(deps.database.db);
  return row ? extractOut(deps, row) : null;
}

/**
 * Bytes of an extract for a map (any signed-in user): the range asked for (206), or the whole file (200).
 * 404 for an unknown extract; 416 range_not_satisfiable for a range past its end.
 */
export async function readExtractBytes(
  deps: Deps,
  id: number,
  range: string | undefined,
): Promise<ExtractBody & { etag: string }> {
  const row = await findExtract(deps.database.db, { id });
  if (!row) throw notFound('Basemap extract');
  const size = row.sizeBytes;
  const wanted = parseRange(range, size);
  if (wanted === 'unsatisfiable') {
    throw new AppError('range_not_satisfiable', `The range is outside the file (${size} bytes).`, { size });
  }
  const { start, end } = wanted ?? { start: 0, end: size - 1 };
  const body = await deps.storage.readRange(row.storageKey, start, end);
  return { status: wanted ? 206 : 200, start, end, size, body, etag: `"extract-${row.id}"` };
}

/**
 * The maps' basemaps as the browser needs them: Streets is the self-hosted extract when one is uploaded,
 * else MAP_STYLE_URL; Satellite is MAP_SATELLITE_TILES_URL. Public sources carry the probe's answer.
 */
export async function basemapsForClient(
  deps: Deps,
  probe: ReachabilityProbe,
): Promise<ClientConfig['basemaps']> {
  const { maps } = deps.config;
  const extract = await currentExtract(deps.database.db);
  const publicUrls = [extract ? undefined : maps.styleUrl, maps.satelliteTilesUrl].filter(
    (url): url is string => url !== undefined,
  );
  const reached = await probe.reachable(publicUrls);
  const streets: ClientConfig['basemaps']['streets'] = extract
    ? {
        kind: 'pmtiles',
        url: extractUrl(extract.id),
        available: true,
        attribution: maps.extractAttribution,
        tileType: extract.tileType,
        maxZoom: extract.maxZoom,
      }
    : maps.styleUrl
      ? {
          kind: 'style',
          url: maps.styleUrl,
          available: reached.get(maps.styleUrl) ?? false,
          // The style names its sources' licences itself.
          attribution: '',
        }
      : null;
  const satellite: ClientConfig['basemaps']['satellite'] = maps.satelliteTilesUrl
    ? {
        kind: 'raster',
        url: maps.satelliteTilesUrl,
        available: reached.get(maps.satelliteTilesUrl) ?? false,
        attribution: maps.satelliteAttribution,
        maxZoom: maps.satelliteMaxZoom,
      }
    : null;
  return { streets, satellite };
}
