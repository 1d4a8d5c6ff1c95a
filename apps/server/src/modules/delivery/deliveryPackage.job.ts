import { z } from 'zod';
import { withTransaction } from '../../platform/db/transaction.ts';
import { defineJob, type JobContext, PermanentJobError } from '../../platform/jobs/define.ts';
import * as packageRepo from './deliveryPackages.repository.ts';
import { annotationsGeoJson, indexCsvLines, photoPaths } from './packageContents.ts';
import { tellCustomersPackageReady } from './packageReadyNotice.ts';
import { writeZip } from './packageZip.ts';

const BuildPayload = z.object({ packageId: z.number().int().positive() });

/** How often the package row's progress is written while photos stream (the queue's own is coalesced too). */
const PROGRESS_EVERY_MS = 500;

/** The md5 of `hex` in base64, as the images table keeps it. */
const base64OfHex = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

/**
 * Builds a delivery package's ZIP: the originals under photos/<line>/<structure>/, index.csv (structure,
 * line, image, file, capture time, coordinates, md5 of the bytes written, size) and annotations.geojson,
 * streamed into storage under the package's key. Progress (photos written) is kept on the package for the
 * Delivery page and reported to the queue.
 *
 * Once ready, the customer company's users are e-mailed a link (once per package, see packageReadyNotice.ts).
 *
 * Idempotent: a package that is ready with its file stored is left alone; a rerun (a retry, or another
 * worker after a lost lease) writes the whole ZIP again under the same key, which storage replaces whole.
 * An original whose bytes no longer match the md5 verified on upload, or that is missing, fails the package
 * for good (retrying cannot bring it back); any other failure is retried by the queue, and the package shows
 * the error until a retry succeeds or the last attempt fails.
 */
export const deliveryPackageJob = defineJob({
  name: 'delivery.build-package',
  payload: BuildPayload,
  maxAttempts: 5,
  backoff: { baseMs: 10_000, maxMs: 600_000 },
  leaseMs: 120_000,
  async run(ctx, { packageId }) {
    const db = ctx.deps.database.db;
    const pkg = await packageRepo.findPackage(db, packageId);
    if (!pkg) return { skipped: 'gone' };
    if (pkg.status === 'ready' && (await ctx.deps.storage.exists(pkg.storage_key))) {
      return { skipped: 'ready' };
    }
    try {
      await packageRepo.markBuilding(db, packageId);
      const result = await build(ctx, pkg);
      const told = await withTransaction(db, async (tx) => {
        await packageRepo.markReady(tx, packageId, result.sizeBytes);
        return tellCustomersPackageReady(tx, ctx, packageId);
      });
      return { ...result, told };
    } catch (err) {
      const final = err instanceof PermanentJobError || ctx.attempt >= ctx.maxAttempts;
      const message = err instanceof Error ? err.message : String(err);
      // Not when the worker is shutting down: the job goes back to the queue without using an attempt.
      if (!ctx.signal.aborted) await packageRepo.markAttemptFailed(db, packageId, message, final);
      throw err;
    }
  },
});

async function build(ctx: JobContext, pkg: packageRepo.PackageRow) {
  const { storage } = ctx.deps;
  const db = ctx.deps.database.db;
  const rows = await packageRepo.packageImages(db, pkg.id);
  const annotations = await packageRepo.packageAnnotations(db, pkg.id);
  const paths = photoPaths(rows);
  const byId = new Map(rows.map((r) => [r.id, r]));
  let lastSaved = 0;
  const total = rows.length;

  const result = await writeZip({
    signal: ctx.signal,
    photos: rows.map((row) => ({
      id: row.id,
      path: paths.get(row.id)!,
      check: (md5Hex) =>
        base64OfHex(md5Hex) === row.md5
          ? null
          : new PermanentJobError(`The original of ${row.image_name} does not match its md5 on upload.`),
      open: async () => {
        try {
          return await storage.read(row.storage_key);
        } catch (err) {
          // Gone for good, or a passing failure of the store (retried).
          if (await storage.exists(row.storage_key).catch(() => true)) throw err;
          throw new PermanentJobError(`The original of ${row.image_name} is missing from storage.`);
        }
      },
    })),
    after: [
      { path: 'index.csv', lines: (written) => indexCsvLines(rows, paths, written.md5Hex, written.sizes) },
      { path: 'annotations.geojson', lines: () => annotationsGeoJson(annotations, byId, paths) },
    ],
    store: (body) => storage.write(pkg.storage_key, body, 'application/zip'),
    onPhoto: (done) => {
      const now = Date.now();
      if (done < total && now - lastSaved < PROGRESS_EVERY_MS) return;
      lastSaved = now;
      void packageRepo.reportFilesDone(db, pkg.id, done).catch(() => {});
      void ctx.reportProgress(done, total).catch(() => {});
    },
  });
  return { sizeBytes: result.sizeBytes, images: rows.length, annotations: annotations.length };
}
