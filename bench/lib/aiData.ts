import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The real drone photos the AI scenarios place objects in (REAL_DATA_DIR or ../shared/data/real, as the
 * real-data tests read them); the data set is generated at run time and never stored.
 */
export function realPhotosDir(): string {
  const root = process.env.REAL_DATA_DIR ?? resolve(import.meta.dirname, '../../../shared/data/real');
  const dir = join(root, 'images');
  if (!existsSync(dir)) throw new Error(`No real photos at ${dir} (set REAL_DATA_DIR)`);
  return dir;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
