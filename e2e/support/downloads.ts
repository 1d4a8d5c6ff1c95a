import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';

/** Clicks what starts a download (a link or a button) and answers the download with the saved file's bytes. */
export async function downloadFrom(
  page: Page,
  trigger: Locator,
): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { download, bytes: await readFile(await download.path()) };
}
