import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { dronePhotos, uploadPhotos } from '../support/photos.ts';
import { expect, test } from '../support/test.ts';

// The Upload tab with photos sent through the real upload API (token → PUT → imageUploadedV2) for a
// demo project: see them on the map and in the table, reassign two, reject one, add a line and a
// structure, remove the structure. The journeys build on each other, so they run in order.
const PROJECT_NAME = 'Republican River Rebuild';
const PROJECT_PATH = '/projects/republican-river-rebuild/upload';

interface Structure {
  structure_id: number;
  struct_num: string;
  latitude: number;
  longitude: number;
}

let projectId = 0;
let structures: Structure[] = [];
/** Photos near the first three structures (three each) and two without GPS (unassigned). */
const PREFIX = 'UPL_';
const NO_GPS = [`${PREFIX}NOGPS_1.JPG`, `${PREFIX}NOGPS_2.JPG`];

const map = (page: Page) => page.getByTestId('upload-map');
const structureRow = (page: Page, name: string) =>
  page.getByTestId('structure-row').filter({ has: page.getByRole('cell', { name, exact: true }) });
const imageRow = (page: Page, name: string) =>
  page.getByTestId('image-row').filter({ has: page.getByRole('button', { name, exact: true }) });
const panel = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

/** The Images column of a row. */
async function imageCount(row: Locator): Promise<number> {
  const text = (await row.getByRole('cell').nth(4).textContent()) ?? '';
  return Number(text.replaceAll(',', ''));
}

async function openTab(page: Page): Promise<void> {
  await page.goto(PROJECT_PATH);
  await expect(map(page)).toHaveAttribute('data-map-state', 'idle', { timeout: 90_000 });
}

test.describe('with uploaded photos', () => {
  // Each journey starts with a cold map render, slow in software WebGL on a busy machine.
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await loginAs(page, ACCOUNTS.superAdmin.email);
    const projects = (await (await page.request.get('/api/v1/projects')).json()) as Array<{
      id: number;
      project_name: string;
    }>;
    projectId = projects.find((p) => p.project_name === PROJECT_NAME)!.id;
    const list = await page.request.get('/api/v1/inspections/structures', { params: { projectId } });
    // The first three by name: the table's first rows.
    structures = ((await list.json()) as Structure[])
      .sort((a, b) => a.struct_num.localeCompare(b.struct_num, 'en-US', { numeric: true }))
      .slice(0, 3);

    const { dronePhoto, flightAround } = await dronePhotos();
    const flight = await flightAround(
      structures.map((s) => ({ name: s.struct_num, latitude: s.latitude, longitude: s.longitude })),
      { perStructure: 3, standoffMetres: 12 },
    );
    const photos = flight.map((photo) => ({ fileName: `${PREFIX}${photo.name}`, bytes: photo.bytes }));
    for (const name of NO_GPS) photos.push({ fileName: name, bytes: await dronePhoto({ label: name }) });
    // Processing runs as background jobs: uploadPhotos waits until every photo has its thumbnail and medium.
    await uploadPhotos(page.request, projectId, photos, { timeout: 90_000 });
    await page.close();
  });

  test('uploaded photos show on the map and in the table, with every image column', async ({ page }) => {
    await loginAs(page, ACCOUNTS.superAdmin.email);
    await openTab(page);
    // 'rebuild' is one of the default Hide Archived keywords.
    await expect(page.getByRole('switch', { name: 'Hide Archived' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload Images' })).toBeVisible();
    // The legend reads whole: nothing (the basemap switcher) lies over it.
    const legend = page.getByTestId('upload-map-legend');
    for (const label of ['Unassigned image', 'Assigned image', 'Structure without images']) {
      await expect(legend.getByText(label, { exact: true })).toBeVisible();
    }
    const a = (await legend.boundingBox())!;
    const b = (await page.getByTestId('basemap-switcher').boundingBox())!;
    const apart =
      a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    expect(apart, `legend ${JSON.stringify(a)} and switcher ${JSON.stringify(b)}`).toBe(true);

    // Zoomed in on the first structure, its photos are pins (loaded by the map's bounds).
    const first = structures[0]!;
    await structureRow(page, first.struct_num).click();
    await expect(panel(page, 'Structure')).toBeVisible();
    await expect
      .poll(async () => Number(await map(page).getAttribute('data-images')))
      .toBeGreaterThanOrEqual(3);
    await panel(page, 'Structure').getByRole('button', { name: 'Close Structure' }).click();

    await page.getByRole('button', { name: `Expand ${first.struct_num}`, exact: true }).click();
    const inner = page.getByRole('table', { name: `Images of ${first.struct_num}` });
    await expect(inner.getByRole('columnheader')).toHaveText([
      'Thumbnail',
      'Image Name',
      'Structure Distance',
      'Uploaded By',
      'Uploaded Date',
      'Capture Time',
      'Assigned Date',
      'Drone Model',
      'Coordinates',
    ]);
    await expect(inner.getByTestId('image-row').filter({ hasText: PREFIX })).toHaveCount(3);

    await page.getByRole('button', { name: 'Expand Unassigned Images' }).click();
    for (const name of NO_GPS) {
      await expect(imageRow(page, name)).toBeVisible();
      await expect(imageRow(page, name).getByRole('cell').last()).toHaveText('--');
    }

    // The details: EXIF in words with the verified md5, and the medium photo.
    await imageRow(page, NO_GPS[0]!).getByRole('button', { name: NO_GPS[0]! }).click();
    const details = page.getByRole('dialog', { name: 'Image details' });
    await expect(details.getByText('MD5 (verified on upload)')).toBeVisible();
    await expect(details.getByRole('img', { name: NO_GPS[0]! })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('reassigns the two unassigned photos to a structure and rejects one', async ({ page }) => {
    await loginAs(page, ACCOUNTS.superAdmin.email);
    await openTab(page);
    const target = structures[2]!;
    const before = await imageCount(structureRow(page, target.struct_num));
    const unassignedBefore = await imageCount(page.getByTestId('unassigned-row'));

    await page.getByRole('button', { name: 'Expand Unassigned Images' }).click();
    for (const name of NO_GPS) {
      await imageRow(page, name).click();
      const imagePanel = panel(page, 'Image');
      await imagePanel.getByRole('button', { name: 'Assign', exact: true }).click();
      await expect(imagePanel.getByRole('button', { name: 'Save' })).toBeDisabled();
      await imagePanel.getByLabel('Structure', { exact: true }).fill(target.struct_num);
      await page.getByRole('option', { name: new RegExp(`^${target.struct_num} —`) }).click();
      await imagePanel.getByRole('button', { name: 'Save' }).click();
      await expect(imagePanel).toHaveCount(0);
      await expect(imageRow(page, name)).toHaveCount(0);
    }
    await expect.poll(() => imageCount(structureRow(page, target.struct_num))).toBe(before + 2);
    await expect.poll(() => imageCount(page.getByTestId('unassigned-row'))).toBe(unassignedBefore - 2);

    // Reject one of them, with a reason.
    await page.getByRole('button', { name: `Expand ${target.struct_num}`, exact: true }).click();
    await imageRow(page, NO_GPS[0]!).click();
    const imagePanel = panel(page, 'Image');
    await imagePanel.getByRole('button', { name: 'Reject' }).click();
    await imagePanel
      .getByLabel('Why are you rejecting this photo?')
      .fill('Blurred: the insulators cannot be seen.');
    await imagePanel.getByRole('button', { name: 'Save Reject' }).click();
    await expect(imagePanel).toHaveCount(0);
    await expect.poll(() => imageCount(structureRow(page, target.struct_num))).toBe(before + 1);
    await expect(imageRow(page, NO_GPS[0]!)).toHaveCount(0);
  });

  test('adds a line and a structure on it, then removes the structure', async ({ page }) => {
    await loginAs(page, ACCOUNTS.superAdmin.email);
    await openTab(page);
    const lineName = `E2E Line ${Date.now() % 100_000}`;
    const structureName = `E2E-${Date.now() % 100_000}`;

    await page.getByRole('button', { name: '+ Add Line' }).click();
    const addLine = page.getByRole('dialog', { name: 'Add New Line' });
    await addLine.getByRole('button', { name: 'Create' }).click();
    await expect(addLine.getByText('Line name is required')).toBeVisible();
    await addLine.getByLabel('Line Name').fill(lineName);
    await addLine.getByRole('button', { name: 'Create' }).click();
    await expect(addLine).toHaveCount(0);
    // The same name again, in another case, is refused.
    await page.getByRole('button', { name: '+ Add Line' }).click();
    await addLine.getByLabel('Line Name').fill(lineName.toUpperCase());
    await addLine.getByRole('button', { name: 'Create' }).click();
    await expect(addLine.getByText('Line already exists')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: '+ Add Structure' }).click();
    const add = panel(page, 'Add New Structure');
    await add.getByLabel('Structure Name').fill(structureName);
    await add.getByRole('combobox', { name: 'Line' }).fill(lineName);
    await page.getByRole('option', { name: lineName }).click();
    await expect(add.getByRole('button', { name: 'Save' })).toBeDisabled();
    // A click on the map places the structure.
    const box = (await map(page).boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.35, box.y + box.height * 0.6);
    await expect(add.getByLabel('Latitude')).not.toHaveValue('');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toHaveCount(0);
    // The table is long and windowed: find the new structure with the header's search.
    await page.getByPlaceholder('Structure Name/Line').fill(structureName);
    const row = structureRow(page, structureName);
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toHaveText(lineName);
    await expect(row.getByRole('cell').nth(3)).toHaveText('Manual');

    await row.click();
    const edit = panel(page, 'Structure');
    await edit.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Structure' });
    await expect(confirm.getByText('Are you sure you want to remove this structure?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Remove Structure' }).click();
    const deleted = page.getByRole('dialog', { name: 'Deleted' });
    await expect(deleted.getByText('Your structure has been deleted.')).toBeVisible();
    await expect(structureRow(page, structureName)).toHaveCount(0);
    // It closes by itself after 5 seconds.
    await expect(deleted).toHaveCount(0);
  });
});

test('a customer has no Upload sub-page', async ({ page }) => {
  await loginAs(page, ACCOUNTS.customer.email);
  await page.goto(PROJECT_PATH);
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Inspect', 'Delivery']);
  await expect(page.getByRole('heading', { name: 'You do not have access to this section' })).toBeVisible();
  await expect(map(page)).toHaveCount(0);
});
