import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { dronePhotos, uploadPhotos } from '../support/photos.ts';
import { addLineViaApi, createProjectViaApi, json, slugOf, uniqueName } from '../support/projects.ts';
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

/** A generated 20 MP photo (sharp, through the server's test photo maker): no real data file. */
async function largePhoto(): Promise<Buffer> {
  const { dronePhoto } = await dronePhotos();
  return dronePhoto({ label: 'ZOOM 0001', width: WIDTH, height: HEIGHT });
}

test.describe('viewer deep zoom', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await browser.newPage();
    await loginAs(page, ACCOUNTS.superAdmin.email);
    const projectId = await createProjectViaApi(page, name, {
      company: ACCOUNTS.customer.company,
      closestCity: 'Salina',
    });
    const [structureId] = await addLineViaApi(page, projectId, `${name} Line`, [
      { name: 'Z-1', lat: 38.8, lon: -97.6 },
    ]);
    // The medium is made in the background: uploadPhotos waits for it.
    const [photo] = await uploadPhotos(
      page.request,
      projectId,
      [{ fileName: 'ZOOM_0001.JPG', bytes: await largePhoto(), structureId }],
      { timeout: 120_000 },
    );
    imageId = photo!.imageId!;
    const list = await json<Array<{ id: number; structure: string }>>(
      await page.request.get(`/api/v1/inspections/${projectId}`),
    );
    inspectionId = list.find((r) => r.structure === 'Z-1')!.id;
    // Read without downloading any photo's bytes: the original's own size.
    const photos = await json<Array<{ id: number; has_medium: boolean; width: number | null }>>(
      await page.request.get(`/api/v1/inspections/images/${inspectionId}`),
    );
    expect(photos.find((p) => p.id === imageId)).toMatchObject({ has_medium: true, width: WIDTH });
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
