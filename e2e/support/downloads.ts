import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';

/** Clicks a download link and answers the browser's download with the saved file's bytes. */
export async function downloadFrom(
  page: Page,
  link: Locator,
): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { download, bytes: await readFile(await download.path()) };
}
