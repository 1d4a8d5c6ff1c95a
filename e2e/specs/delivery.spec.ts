import { createHash } from 'node:crypto';
import type { Download, Page } from '@playwright/test';
import yauzl from 'yauzl';
import { ACCOUNTS } from '../support/accounts.ts';
import { downloadFrom } from '../support/downloads.ts';
import { loginAs } from '../support/login.ts';
import { dronePhotos, uploadPhotos } from '../support/photos.ts';
import { addLineViaApi, createProjectViaApi, slugOf, uniqueName } from '../support/projects.ts';
import { expect, test } from '../support/test.ts';

/**
 * The Delivery sub-page (spec 2 §2 'Archive (Delivery)', issue 10): a project manager selects photos by
 * structure and one by one, chooses Archive Selected, waits for the delivery package to be built, downloads
 * it and opens the ZIP; then the customer finds the same package on their read-only page and downloads it.
 */

const name = uniqueName('Delivery Journey');
const LINE = `${name} Line`;
const path = `/projects/${slugOf(name)}/archive`;
/** md5 (hex) of every uploaded photo, by file name. */
const uploaded = new Map<string, string>();

/** Every file of a downloaded ZIP by its path. */
function unzip(zipBytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zipBytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const files = new Map<string, Buffer>();
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.readEntry();
    });
  });
}

/** Downloads the ready package and answers the ZIP's files. */
async function downloadPackage(page: Page): Promise<{ download: Download; files: Map<string, Buffer> }> {
  const pkg = page.getByTestId('delivery-package').first();
  await expect(pkg).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  const { download, bytes } = await downloadFrom(page, pkg.getByRole('link', { name: /^Download / }));
  return { download, files: await unzip(bytes) };
}

const row = (page: Page, structure: string) =>
  page.getByTestId('delivery-structure-row').filter({ has: page.getByText(structure, { exact: true }) });
const count = (page: Page, filter: string) => page.getByTestId(`delivery-count-${filter}`);

test.describe('delivery', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await browser.newPage();
    await loginAs(page, ACCOUNTS.superAdmin.email);
    const projectId = await createProjectViaApi(page, name, {
      company: ACCOUNTS.customer.company,
      closestCity: 'Salina',
    });
    const [d1, d2] = await addLineViaApi(page, projectId, LINE, [
      { name: 'D-1', lat: 38.8, lon: -97.6 },
      { name: 'D-2', lat: 38.801, lon: -97.6 },
      { name: 'D-3', lat: 38.802, lon: -97.6 },
    ]);
    // D-1: two photos, D-2: one, D-3: none.
    const { dronePhoto } = await dronePhotos();
    const photo = async (fileName: string, structureId: number) => ({
      fileName,
      structureId,
      bytes: await dronePhoto({ label: fileName, latitude: 38.8, longitude: -97.6 }),
    });
    const photos = await uploadPhotos(page.request, projectId, [
      await photo('DLV_0001.JPG', d1!),
      await photo('DLV_0002.JPG', d1!),
      await photo('DLV_0003.JPG', d2!),
    ]);
    for (const p of photos) uploaded.set(p.fileName, p.md5Hex);
    await page.close();
  });

  test('a manager delivers selected photos, waits for the package and downloads it', async ({ page }) => {
    test.setTimeout(240_000);
    await loginAs(page, ACCOUNTS.projectManager.email);
    await page.goto(path);
    await expect(count(page, 'all')).toHaveText('3', { timeout: 30_000 });
    await expect(count(page, 'delivered')).toHaveText('0');
    await expect(count(page, 'undelivered')).toHaveText('3');
    await expect(row(page, 'D-3')).toContainText('0 of 5 images found');
    await expect(row(page, 'D-1')).toContainText('Only 2 of 5 images found');
    await expect(row(page, 'D-2')).toContainText('Only 1 of 5 images found');
    await expect(page.getByRole('button', { name: 'Archive Selected' })).toBeDisabled();

    // Checking a structure checks its photos.
    await row(page, 'D-1').getByRole('button', { name: 'Show images of D-1' }).click();
    const d1Images = page.getByRole('table', { name: 'Images of D-1' });
    await expect(d1Images.getByTestId('delivery-image-row')).toHaveCount(2);
    await row(page, 'D-1').getByRole('checkbox', { name: 'Select structure D-1' }).check();
    await expect(d1Images.getByRole('checkbox', { name: 'Select image DLV_0001.JPG' })).toBeChecked();
    await expect(d1Images.getByRole('checkbox', { name: 'Select image DLV_0002.JPG' })).toBeChecked();
    // Checking all of a structure's photos checks the structure.
    await row(page, 'D-2').getByRole('button', { name: 'Show images of D-2' }).click();
    await page.getByRole('checkbox', { name: 'Select image DLV_0003.JPG' }).check();
    await expect(row(page, 'D-2').getByRole('checkbox', { name: 'Select structure D-2' })).toBeChecked();
    await expect(page.getByText('3 images selected')).toBeVisible();

    await page.getByRole('button', { name: 'Archive Selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive Selected' });
    await expect(dialog).toContainText(`Deliver 3 images of 2 structures to ${ACCOUNTS.customer.company}?`);
    await dialog.getByLabel('Delivery name').fill('First delivery');
    await dialog.getByRole('button', { name: 'Deliver' }).click();
    await expect(dialog).toBeHidden();

    await expect(count(page, 'delivered')).toHaveText('2');
    await expect(count(page, 'undelivered')).toHaveText('1');
    await expect(d1Images.getByRole('checkbox', { name: 'Select image DLV_0001.JPG' })).toBeDisabled();
    const pkg = page.getByTestId('delivery-package').first();
    await expect(pkg).toContainText('First delivery');
    await expect(pkg).toContainText('3 images');

    const { download, files } = await downloadPackage(page);
    expect(download.suggestedFilename()).toMatch(/^delivery-journey-.+-delivery-1\.zip$/i);
    const index = files.get('index.csv')!.toString('utf8');
    expect(index.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = index
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(header!.slice(0, 4)).toEqual(['Structure', 'Line', 'Image', 'File']);
    const md5Column = header!.indexOf('MD5');
    expect(lines.map((l) => [l[0], l[1], l[2], l[md5Column]]).sort()).toEqual([
      ['D-1', LINE, 'DLV_0001.JPG', uploaded.get('DLV_0001.JPG')],
      ['D-1', LINE, 'DLV_0002.JPG', uploaded.get('DLV_0002.JPG')],
      ['D-2', LINE, 'DLV_0003.JPG', uploaded.get('DLV_0003.JPG')],
    ]);
    // The originals in the ZIP are the uploaded bytes.
    for (const line of lines) {
      const bytes = files.get(line[3]!)!;
      expect(createHash('md5').update(bytes).digest('hex')).toBe(line[md5Column]);
    }
    expect(JSON.parse(files.get('annotations.geojson')!.toString('utf8'))).toMatchObject({
      type: 'FeatureCollection',
    });
  });

  test('the customer sees the Delivery page read-only and downloads the package', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, ACCOUNTS.customer.email);
    await page.goto(path);
    await expect(count(page, 'delivered')).toHaveText('2', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Archive Selected' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    // Capture completeness is the inspection company's quality work: no 'images found' badges for them.
    await expect(row(page, 'D-3')).toBeVisible();
    await expect(page.getByText(/images found/)).toHaveCount(0);
    await expect(row(page, 'D-1')).toContainText('Delivered');
    const { files } = await downloadPackage(page);
    expect(files.get('index.csv')!.toString('utf8')).toContain('DLV_0003.JPG');
  });
});
