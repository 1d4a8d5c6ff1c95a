import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { dronePhotos, uploadPhotos } from '../support/photos.ts';
import { addLineViaApi, createProjectViaApi, json, slugOf, uniqueName } from '../support/projects.ts';
import { expect as baseExpect, test } from '../support/test.ts';
import { viewer, waitForViewer } from '../support/viewer.ts';

/**
 * The viewer's panels (spec 2 §2 'Inspection viewer', 'Map and 3D panel'; §3 'Image shot identifier'; §4
 * 'Map pin colours'): the map panel's three layouts and a pin opening its photo, a shot identifier that
 * stays chosen after a reload, and the step-clip AI info panel whose Save is kept — on a component-level
 * (inspection_type 1) project whose three photos were sent through the real upload API with GPS and angles.
 */

// Saves on a busy two-core machine can take several seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

const name = uniqueName('Viewer Panels');
const STRUCTURE = { lat: 38.81, lon: -97.61 };
/** Three photos ~35 m around the structure (apart enough that no pin covers another). */
const PHOTOS = [
  { file: 'VP_0001.JPG', dLat: 0.0003, dLon: 0 },
  { file: 'VP_0002.JPG', dLat: -0.0002, dLon: 0.0004 },
  { file: 'VP_0003.JPG', dLat: -0.0002, dLon: -0.0004 },
];
const ANGLES = { topangleouter: 12.5, topangle: 10, bottomangleouter: -3, bottomangle: -4 };
let viewerUrl = '';

async function openViewer(page: Page, email: string) {
  await loginAs(page, email);
  await page.goto(viewerUrl);
  // A cold project page on a busy machine takes a while before the viewer opens over it.
  await expect(viewer(page)).toBeVisible({ timeout: 120_000 });
  await waitForViewer(page);
  await expect(page.getByTestId('image-counter')).toHaveText('1/3');
}

const layout = (page: Page) => page.getByTestId('viewer-map-layout');
const shotType = (page: Page) => viewer(page).getByRole('combobox', { name: 'Shot Type' });
const stepClip = (page: Page) => page.getByTestId('stepclip-panel');

test.describe('viewer panels', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await browser.newPage();
    await loginAs(page, ACCOUNTS.superAdmin.email);
    const projectId = await createProjectViaApi(page, name, {
      company: ACCOUNTS.customer.company,
      // Not ETT or ABB: their arm workflow is another panel's.
      type: (t) => t.ptype_name !== 'ETT' && t.ptype_name !== 'ABB',
      inspectionType: '1',
      closestCity: 'Salina',
    });
    const [structureId] = await addLineViaApi(page, projectId, `${name} Line`, [
      { name: 'VP-1', lat: STRUCTURE.lat, lon: STRUCTURE.lon },
    ]);
    const { dronePhoto } = await dronePhotos();
    const photos = [];
    for (const photo of PHOTOS) {
      const bytes = await dronePhoto({
        label: photo.file,
        latitude: STRUCTURE.lat + photo.dLat,
        longitude: STRUCTURE.lon + photo.dLon,
      });
      photos.push({ fileName: photo.file, bytes, structureId, stepClip: ANGLES });
    }
    await uploadPhotos(page.request, projectId, photos);
    const rows = await json<Array<{ id: number; structure: string }>>(
      await page.request.get(`/api/v1/inspections/${projectId}`),
    );
    const inspection = rows.find((r) => r.structure === 'VP-1')!;
    viewerUrl = `/projects/${slugOf(name)}/inspect?inspectionId=${inspection.id}`;
    await page.close();
  });

  test('the map panel switches between its layouts and a pin opens its photo', async ({ page }) => {
    test.setTimeout(180_000);
    await openViewer(page, ACCOUNTS.inspector.email);
    // Minimized until asked for: only the Map button covers the photo.
    await expect(layout(page)).toHaveAttribute('data-map-mode', 'minimized');
    await expect(page.getByTestId('viewer-map-panel')).toHaveCount(0);
    await expect(page.getByTestId('viewer-stage').getByRole('img', { name: 'VP_0001.JPG' })).toBeVisible();

    await viewer(page).getByRole('button', { name: 'Map', exact: true }).click();
    await expect(layout(page)).toHaveAttribute('data-map-mode', 'bottomLeft');
    const panel = page.getByRole('region', { name: 'Map panel', exact: true });
    await expect(panel).toBeVisible();
    const pins = panel.getByRole('button', { name: /^Photo VP_/ });
    await expect(pins).toHaveCount(3, { timeout: 90_000 });
    await expect(panel.getByRole('img', { name: 'Structure VP-1' })).toBeVisible();
    // The open photo's pin is the enlarged one; a photo nobody has viewed or annotated is grey.
    const first = panel.getByRole('button', { name: 'Photo VP_0001.JPG' });
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByRole('button', { name: 'Photo VP_0002.JPG' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(panel.getByRole('button', { name: 'Photo VP_0002.JPG' })).toHaveAttribute(
      'data-color',
      '#868e96',
    );
    const small = (await panel.getByRole('button', { name: 'Photo VP_0002.JPG' }).boundingBox())!;
    expect((await first.boundingBox())!.width).toBeGreaterThan(small.width);

    await panel.getByRole('button', { name: 'Map Half Screen' }).click();
    await expect(layout(page)).toHaveAttribute('data-map-mode', 'halfScreen');
    const stageBox = (await page.getByTestId('viewer-stage').boundingBox())!;
    const panelBox = (await panel.boundingBox())!;
    // Side by side: the photo on the left half, the map on the right.
    expect(panelBox.x).toBeGreaterThanOrEqual(stageBox.x + stageBox.width - 2);
    expect(Math.abs(panelBox.width - stageBox.width)).toBeLessThan(4);

    await panel.getByRole('button', { name: 'Photo VP_0003.JPG' }).click();
    await expect(page.getByTestId('image-counter')).toHaveText('3/3');
    await expect(viewer(page).getByRole('combobox', { name: 'Current image' })).toHaveValue(/VP_0003\.JPG/);
    await expect(panel.getByRole('button', { name: 'Photo VP_0003.JPG' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(first).toHaveAttribute('aria-pressed', 'false');

    await panel.getByRole('button', { name: 'Map Bottom Left' }).click();
    await expect(layout(page)).toHaveAttribute('data-map-mode', 'bottomLeft');
    await panel.getByRole('button', { name: 'Map Minimize' }).click();
    await expect(layout(page)).toHaveAttribute('data-map-mode', 'minimized');
    await expect(page.getByRole('region', { name: 'Map panel', exact: true })).toHaveCount(0);
  });

  test('a chosen shot type is kept after a reload; the customer reads it', async ({ page, openPage }) => {
    test.setTimeout(180_000);
    await openViewer(page, ACCOUNTS.projectManager.email);
    await expect(shotType(page)).toHaveValue('No Shot Type');
    await expect(shotType(page)).toBeEnabled();
    // Staff have the Rejected view of the image list; a customer does not (below).
    await expect(page.getByTestId('image-list').getByText('Rejected', { exact: true })).toBeVisible();
    const saved = page.waitForResponse((r) => r.url().includes('/annotations/updateIdentifier') && r.ok());
    await shotType(page).click();
    await page.getByRole('option', { name: 'Crossarm', exact: true }).click();
    await saved;
    await expect(shotType(page)).toHaveValue('Crossarm');

    await page.reload();
    await waitForViewer(page);
    await expect(shotType(page)).toHaveValue('Crossarm');
    // The next photo has none of its own.
    await viewer(page).getByRole('button', { name: 'Next' }).click();
    await expect(shotType(page)).toHaveValue('No Shot Type');

    const customer = await openPage();
    await openViewer(customer, ACCOUNTS.customer.email);
    // A customer's image list has no Rejected view (the accepted photos only, spec 2 §6).
    await expect(customer.getByTestId('image-list').getByText('To Archive', { exact: true })).toBeVisible();
    await expect(customer.getByTestId('image-list').getByText('Rejected', { exact: true })).toHaveCount(0);
    // The customer reads the chosen type as text: no selector, nothing to open.
    await expect(customer.getByTestId('shot-type')).toHaveText('Shot Type: Crossarm');
    await expect(shotType(customer)).toHaveCount(0);
    // A photo without a shot type shows none ('No Shot Type' is a staff choice, not a result).
    await viewer(customer).getByRole('button', { name: 'Next' }).click();
    await expect(customer.getByTestId('shot-type')).toHaveCount(0);
    await expect(customer.getByText('No Shot Type')).toHaveCount(0);
  });

  test('the step-clip panel saves corrected angles; the customer only reads them', async ({
    page,
    openPage,
  }) => {
    test.setTimeout(180_000);
    await openViewer(page, ACCOUNTS.inspector.email);
    await expect(stepClip(page)).toBeVisible();
    await stepClip(page).getByRole('switch', { name: 'Ai Layer' }).check({ force: true });
    const topAngle = stepClip(page).getByLabel('Top Angle', { exact: true });
    await expect(topAngle).toHaveValue('10°');
    await expect(stepClip(page).getByLabel('Bottom Angle Outer')).toHaveValue('-3°');
    await topAngle.fill('22.5');
    const save = stepClip(page).getByRole('button', { name: 'Save' });
    await save.click();
    await expect(page.getByTestId('stepclip-saved')).toHaveText('Saved');

    await page.reload();
    await waitForViewer(page);
    await stepClip(page).getByRole('switch', { name: 'Ai Layer' }).check({ force: true });
    await expect(stepClip(page).getByLabel('Top Angle', { exact: true })).toHaveValue('22.5°');
    await expect(stepClip(page).getByLabel('Top Angle Outer')).toHaveValue('12.5°');

    const customer = await openPage();
    await openViewer(customer, ACCOUNTS.customer.email);
    await stepClip(customer).getByRole('switch', { name: 'Ai Layer' }).check({ force: true });
    await expect(stepClip(customer).getByLabel('Top Angle', { exact: true })).toHaveValue('22.5°');
    await expect(stepClip(customer).getByLabel('Top Angle', { exact: true })).toHaveAttribute('readonly', '');
    await expect(stepClip(customer).getByRole('button', { name: 'Save' })).toHaveCount(0);
  });
});
