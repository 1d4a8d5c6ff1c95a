import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import yauzl from 'yauzl';
import { ACCOUNTS } from '../support/accounts.ts';
import { submitLogin, userNameField } from '../support/login.ts';
import { slugOf, today, uniqueName } from '../support/projects.ts';
import { expect, test } from '../support/test.ts';

/**
 * The Delivery sub-page (spec 2 §2 'Archive (Delivery)', issue 10): a project manager selects photos by
 * structure and one by one, chooses Archive Selected, waits for the delivery package to be built, downloads
 * it and opens the ZIP; then the customer finds the same package on their read-only page and downloads it.
 */

const DRONE_PHOTOS = '../../apps/server/src/testing/dronePhotos.ts';
interface DronePhotos {
  dronePhoto(spec: { label: string; latitude?: number; longitude?: number }): Promise<Buffer>;
}

const name = uniqueName('Delivery Journey');
const path = `/projects/${slugOf(name)}/archive`;
/** md5 (hex) of every uploaded photo, by file name. */
const uploaded = new Map<string, string>();

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** A photo through the real upload API, put on a structure by hand. */
async function upload(request: APIRequestContext, projectId: number, structureId: number, fileName: string) {
  const { dronePhoto } = (await import(DRONE_PHOTOS)) as DronePhotos;
  const bytes = await dronePhoto({ label: fileName, latitude: 38.8, longitude: -97.6 });
  const md5 = createHash('md5').update(bytes).digest('base64');
  const token = await json<{ uuid: string; signedTokenUrl: string; imageUrl: string }>(
    await request.get('/api/v1/inspections/imageUploadToken', { params: { projectId, md5 } }),
  );
  const put = await request.put(token.signedTokenUrl, {
    data: bytes,
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(put.ok()).toBe(true);
  await json(
    await request.post(`/api/v1/inspections/imageUploadedV2/${token.uuid}`, {
      data: {
        projectId,
        imageUrl: token.imageUrl,
        fileName,
        md5Hash: md5,
        imgSizeBytes: bytes.length,
        structureId,
      },
    }),
  );
  uploaded.set(fileName, createHash('md5').update(bytes).digest('hex'));
}

/** Logs in with room for a cold server on a busy machine (the first page load builds caches). */
async function loginAs(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await expect(userNameField(page)).toBeVisible({ timeout: 60_000 });
  await submitLogin(page, email);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 });
}

/** Every file of a downloaded ZIP by its path. */
function unzip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(readFileSync(file), { lazyEntries: true }, (err, zip) => {
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
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    pkg.getByRole('link', { name: /^Download / }).click(),
  ]);
  return { download, files: await unzip(await download.path()) };
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
    const request = page.request;
    const customers = await json<Array<{ id: number; company_name: string }>>(
      await request.get('/api/v1/customers'),
    );
    const types = await json<Array<{ ptype_id: number }>>(
      await request.get('/api/v1/projects/upsert/projectTypes'),
    );
    const project = await json<{ id: number }>(
      await request.post('/api/v1/projects', {
        data: {
          id: null,
          company_id: customers.find((c) => c.company_name === ACCOUNTS.customer.company)!.id,
          ptype_id: types[0]!.ptype_id,
          project_name: name,
          closest_city: 'Salina',
          start_date: today(),
          due_date: today(6),
          num_pilots: 1,
          structure_assignment_type: 'dueDate',
          inspection_type: '0',
          photo_limit: -1,
          ptier_id: 2,
          pilot_struct_day: null,
          kmzs: [],
        },
      }),
    );
    const line = await json<{ id: number }>(
      await request.post('/api/v1/structures/lines', {
        data: { lineName: 'Delivery Feeder', projectId: project.id },
      }),
    );
    const structureIds: number[] = [];
    for (const [i, structNumName] of ['D-1', 'D-2', 'D-3'].entries()) {
      const saved = await json<{ structure_id: number }>(
        await request.post('/api/v1/structures/create', {
          params: { projectId: project.id },
          data: { lineId: line.id, lat: 38.8 + i * 0.001, lon: -97.6, structNumName },
        }),
      );
      structureIds.push(saved.structure_id);
    }
    // D-1: two photos, D-2: one, D-3: none.
    await upload(request, project.id, structureIds[0]!, 'DLV_0001.JPG');
    await upload(request, project.id, structureIds[0]!, 'DLV_0002.JPG');
    await upload(request, project.id, structureIds[1]!, 'DLV_0003.JPG');
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
      ['D-1', 'Delivery Feeder', 'DLV_0001.JPG', uploaded.get('DLV_0001.JPG')],
      ['D-1', 'Delivery Feeder', 'DLV_0002.JPG', uploaded.get('DLV_0002.JPG')],
      ['D-2', 'Delivery Feeder', 'DLV_0003.JPG', uploaded.get('DLV_0003.JPG')],
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
    const { files } = await downloadPackage(page);
    expect(files.get('index.csv')!.toString('utf8')).toContain('DLV_0003.JPG');
  });
});
