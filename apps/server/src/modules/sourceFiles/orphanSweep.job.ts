import { z } from 'zod';
import { defineJob } from '../../platform/jobs/define.ts';
import { deleteOrphanUploads } from './orphanSweep.repository.ts';
import { uploadTokenLimiter } from './uploadTokens.ts';

/** Uploads removed per statement: the sweep of a large backlog holds no lock for long. */
const BATCH = 200;
const HOUR = 3_600_000;

/**
 * Gives disk back, every hour on one worker: uploads signed more than `ORPHAN_UPLOAD_HOURS` ago that nothing
 * uses (their row and stored object), temporary `.part` files a killed process left in storage for as long,
 * and the ended windows of the upload-token counters. Safe to run again: each step removes only what is left.
 */
export const orphanSweepJob = defineJob({
  name: 'files.sweep-orphans',
  payload: z.object({}),
  schedule: { everyMs: HOUR },
  maxAttempts: 3,
  async run(ctx) {
    const { database, storage, config } = ctx.deps;
    const olderThan = new Date(Date.now() - config.orphanUploadHours * HOUR);
    let uploads = 0;
    for (;;) {
      if (ctx.signal.aborted) break;
      const keys = await deleteOrphanUploads(database.db, olderThan, BATCH);
      for (const key of keys) await storage.delete(key);
      uploads += keys.length;
      if (keys.length < BATCH) break;
    }
    const temporary = await storage.removeStaleTemporary(olderThan);
    await uploadTokenLimiter(database.db, config).sweep();
    if (uploads || temporary) ctx.log.info({ uploads, temporary }, 'files: removed orphans');
    return { uploads, temporary };
  },
});
