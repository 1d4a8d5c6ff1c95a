import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { dronePhotos, uploadPhotos } from '../support/photos.ts';
import { addLineViaApi, createProjectViaApi, json, slugOf, uniqueName } from '../support/projects.ts';
import { expect, test } from '../support/test.ts';

/**
 * 'Select all' on the Delivery sub-page (issue 10): the header box selects every photo the filters match,
 * pages not loaded included; the manager unticks one photo and delivers, and the server delivers exactly
 * the rest, on a structure the browser never loaded too.
 */

const name = uniqueName('Select All Delivery');
const path = `/projects/${slugOf(name)}/archive`;
/** More structures than one page of the table (50). */
const STRUCTURES = 56;
let projectId = 0;

const row = (page: Page, structure: string) =>
  page.getByTestId('delivery-structure-row').filter({ has: page.getByText(structure, { exact: true }) });
const count = (page: Page, filter: string) => page.getByTestId(`delivery-count-${filter}`);

test.describe('delivery select-all', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await browser.newPage();
    await loginAs(page, ACCOUNTS.superAdmin.email);
    projectId = await createProjectViaApi(page, name, { company: ACCOUNTS.customer.company });
    const structureIds = await addLineViaApi(
      page,
      projectId,
      `${name} Line`,
      Array.from({ length: STRUCTURES }, (_, k) => ({
        name: `S-${k + 1}`,
        lat: 38.8 + (k + 1) * 0.0005,
        lon: -97.6,
      })),
    );
    // S-1: two photos, S-2: one; S-55 and S-56, past the first page of 50: one each.
    const { dronePhoto } = await dronePhotos();
    const photo = async (fileName: string, structureId: number) => ({
      fileName,
      structureId,
      bytes: await dronePhoto({ label: fileName, latitude: 38.8, longitude: -97.6 }),
    });
    await uploadPhotos(page.request, projectId, [
      await photo('ALL_0001.JPG', structureIds[0]!),
      await photo('ALL_0002.JPG', structureIds[0]!),
      await photo('ALL_0003.JPG', structureIds[1]!),
      await photo('ALL_0055.JPG', structureIds[54]!),
      await photo('ALL_0056.JPG', structureIds[55]!),
    ]);
    await page.close();
  });

  test('a manager selects all, unticks one photo and delivers the rest, pages not loaded included', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await loginAs(page, ACCOUNTS.projectManager.email);
    await page.goto(path);
    await expect(count(page, 'all')).toHaveText(String(STRUCTURES), { timeout: 30_000 });
    // One page is loaded: S-55 and S-56 are not in the table.
    await expect(page.getByTestId('delivery-table')).toHaveAttribute('data-row-count', '50');
    await expect(row(page, 'S-55')).toHaveCount(0);

    await page.getByRole('checkbox', { name: 'Select all structures' }).check();
    // The server's count: all five photos, not only the three of the loaded rows.
    await expect(page.getByText('5 images selected')).toBeVisible();
    await expect(row(page, 'S-1').getByRole('checkbox', { name: 'Select structure S-1' })).toBeChecked();

    // Untick one photo of S-1: the structure is partly selected, the header box too.
    await row(page, 'S-1').getByRole('button', { name: 'Show images of S-1' }).click();
    const s1Images = page.getByRole('table', { name: 'Images of S-1' });
    await expect(s1Images.getByRole('checkbox', { name: 'Select image ALL_0001.JPG' })).toBeChecked();
    await s1Images.getByRole('checkbox', { name: 'Select image ALL_0002.JPG' }).uncheck();
    await expect(page.getByText('4 images selected')).toBeVisible();
    const header = page.getByRole('checkbox', { name: 'Select all structures' });
    await expect(header).not.toBeChecked();
    await expect(header).toHaveAttribute('data-indeterminate', 'true');

    await page.getByRole('button', { name: 'Archive Selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive Selected' });
    await expect(dialog).toContainText(/Deliver 4 images of 4 structures to .+\?/);
    await dialog.getByLabel('Delivery name').fill('Everything but one');
    await dialog.getByRole('button', { name: 'Deliver' }).click();
    await expect(dialog).toBeHidden();

    // S-2, S-55 and S-56 are delivered; S-1 keeps its unticked photo.
    await expect(count(page, 'delivered')).toHaveText('3');
    await expect(count(page, 'undelivered')).toHaveText(String(STRUCTURES - 3));
    await expect(page.getByText('No images selected')).toBeVisible();
    await expect(s1Images.getByRole('checkbox', { name: 'Select image ALL_0001.JPG' })).toBeDisabled();
    await expect(s1Images.getByRole('checkbox', { name: 'Select image ALL_0002.JPG' })).toBeEnabled();
    const pkg = page.getByTestId('delivery-package').first();
    await expect(pkg).toContainText('Everything but one');
    await expect(pkg).toContainText('4 images');

    // A structure never loaded in the browser was delivered in the same package.
    const far = await json<{ rows: Array<{ struct_num: string; archived_count: number }> }>(
      await page.request.get('/api/v1/structures/archive', { params: { projectId, q: 'S-56' } }),
    );
    expect(far.rows).toEqual([expect.objectContaining({ struct_num: 'S-56', archived_count: 1 })]);

    // Only the unticked photo is left: a new select-all counts it alone.
    await page.getByRole('checkbox', { name: 'Select all structures' }).check();
    await expect(page.getByText('1 image selected')).toBeVisible();
    // Changing a filter clears the select-all: it was made for the old list.
    await page.getByRole('button', { name: 'Undelivered' }).click();
    await expect(page.getByText('No images selected')).toBeVisible();
  });
});
