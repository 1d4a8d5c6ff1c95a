import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { submitLogin, userNameField } from '../support/login.ts';
import { slugOf, today, uniqueName } from '../support/projects.ts';
import { expect, test } from '../support/test.ts';
import { waitForViewer } from '../support/viewer.ts';

/**
 * Deep zoom of a 20 MP photo in the viewer: the first view is the 2048 px medium and asks for no tile;
 * zooming past the medium's resolution asks the server for the tiles on screen (cut from the original on
 * the first request) and shows them over the medium, in the same wrapper as the annotations.
 */

const name = uniqueName('Deep Zoom Journey');
const WIDTH = 5472;
const HEIGHT = 3648;
let inspectionId = 0;
let imageId = 0;

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

const DRONE_PHOTOS = '../../apps/server/src/testing/dronePhotos.ts';
interface DronePhotos {
  dronePhoto(spec: { label: string; width?: number; height?: number }): Promise<Buffer>;
}

/** A generated 20 MP photo (sharp, through the server's test photo maker): no real data file. */
async function largePhoto(): Promise<Buffer> {
  const { dronePhoto } = (await import(DRONE_PHOTOS)) as DronePhotos;
  return dronePhoto({ label: 'ZOOM 0001', width: WIDTH, height: HEIGHT });
}

async function loginAs(page: Page, email: string): Promise<void> {
  // A cold server on a busy machine may miss the first page's session check ('Cannot reach'): load again.
  await expect(async () => {
    await page.goto('/login');
    await expect(userNameField(page)).toBeVisible({ timeout: 20_000 });
  }).toPass({ timeout: 120_000 });
  await submitLogin(page, email);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 });
}

test.describe('viewer deep zoom', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
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
        data: { lineName: 'Zoom Feeder', projectId: project.id },
      }),
    );
    const structure = await json<{ structure_id: number }>(
      await request.post('/api/v1/structures/create', {
        params: { projectId: project.id },
        data: { lineId: line.id, lat: 38.8, lon: -97.6, structNumName: 'Z-1' },
      }),
    );
    const bytes = await largePhoto();
    const md5 = createHash('md5').update(bytes).digest('base64');
    const token = await json<{ uuid: string; signedTokenUrl: string; imageUrl: string }>(
      await request.get('/api/v1/inspections/imageUploadToken', { params: { projectId: project.id, md5 } }),
    );
    const put = await request.put(token.signedTokenUrl, {
      data: bytes,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(put.ok()).toBe(true);
    const done = await json<{ imageId: number }>(
      await request.post(`/api/v1/inspections/imageUploadedV2/${token.uuid}`, {
        data: {
          projectId: project.id,
          imageUrl: token.imageUrl,
          fileName: 'ZOOM_0001.JPG',
          md5Hash: md5,
          imgSizeBytes: bytes.length,
          structureId: structure.structure_id,
        },
      }),
    );
    imageId = done.imageId;
    const list = await json<Array<{ id: number; structure: string }>>(
      await request.get(`/api/v1/inspections/${project.id}`),
    );
    inspectionId = list.find((r) => r.structure === 'Z-1')!.id;
    // The medium is made in the background (asked without downloading any photo's bytes).
    await expect
      .poll(
        async () => {
          const photos = await json<Array<{ id: number; has_medium: boolean; width: number | null }>>(
            await request.get(`/api/v1/inspections/images/${inspectionId}`),
          );
          const photo = photos.find((p) => p.id === imageId);
          return photo?.has_medium === true && photo.width === WIDTH;
        },
        { timeout: 120_000 },
      )
      .toBe(true);
    await page.close();
  });

  test('zooming past the medium loads sharp tiles of the original where the screen looks', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const tileAnswers: Array<{ url: string; status: number }> = [];
    page.on('response', (response) => {
      if (response.url().includes(`/api/v1/image/${imageId}/tiles/`))
        tileAnswers.push({ url: response.url(), status: response.status() });
    });
    await loginAs(page, ACCOUNTS.projectManager.email);
    await page.goto(`/projects/${slugOf(name)}?inspectionId=${inspectionId}`);
    await waitForViewer(page);
    const stage = page.getByTestId('viewer-stage');
    await expect(stage).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
    // The first view is the medium: no tile asked for.
    await expect(stage.locator('img').first()).toHaveAttribute(
      'src',
      `/api/v1/image/${imageId}?size=MEDIUM_IMG`,
    );
    const layer = page.getByTestId('deep-zoom-layer');
    await expect(layer).toHaveAttribute('data-level', '');
    expect(tileAnswers).toEqual([]);

    // Zoom in, one button step (+1) at a time, to 9×: past the medium, then to the original's own pixels.
    for (let i = 0; i < 8; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(stage).toHaveAttribute('data-zoom', '9.00');
    // The layer picks its tiles on the next animation frame: late on a busy machine.
    await expect(layer).toHaveAttribute('data-level', '0', { timeout: 60_000 });
    const sharpTiles = layer.locator('img[data-tile^="0/"][data-loaded="true"]');
    await expect(sharpTiles.first()).toBeVisible({ timeout: 60_000 });
    expect(tileAnswers.length).toBeGreaterThan(0);
    expect(tileAnswers.every((a) => a.status === 200)).toBe(true);
    // Each tile sits at its place in the photo's pixels: a level-0 tile (c, r) at (512 c, 512 r).
    const placed = await sharpTiles.evaluateAll((imgs) =>
      imgs.map((img) => ({
        tile: img.getAttribute('data-tile') ?? '',
        style: img.getAttribute('style') ?? '',
      })),
    );
    for (const t of placed) {
      const [, col, row] = t.tile.split('/').map(Number);
      expect(t.style).toContain(`left: ${512 * col!}px`);
      expect(t.style).toContain(`top: ${512 * row!}px`);
    }

    // A layout change (a panel opening, the window resizing) keeps the zoom and the sharp layer.
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: size.width - 120, height: size.height - 80 });
    await expect(stage).toHaveAttribute('data-zoom', '9.00');
    await expect(layer).toHaveAttribute('data-level', '0', { timeout: 60_000 });

    // Reset: back to the medium alone.
    await page.getByRole('button', { name: 'Reset zoom' }).click();
    await expect(layer).toHaveAttribute('data-level', '');
  });
});
