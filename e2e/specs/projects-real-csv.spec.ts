import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { choose, csvFile, fillProjectForm, projectRow, uniqueName } from '../support/projects.ts';
import { expect, test } from '../support/test.ts';

// Real utility exports, read where they are at run time (never copied into the repository). The
// journeys are registered only where the shared data folder exists.
const REAL = fileURLToPath(new URL('../../../shared/data/real/structures/', import.meta.url));
const BREMEN = `${REAL}osm_bremen_power_structures.csv`;
const CEMIG = `${REAL}cemig_estruturas_raw.csv`;

async function openMapping(page: import('@playwright/test').Page, name: string, file: string) {
  await loginAs(page, ACCOUNTS.superAdmin.email);
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Create New Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Project' });
  await fillProjectForm(page, dialog, name);
  await dialog.locator('input[type=file]').setInputFiles(file);
  // Clicked while the file's row turns from its progress bar to 'Uploaded', the button moved between the
  // press and the release and no click happened (CI, once): wait for the row to settle first.
  await expect(dialog.getByText('Uploaded')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Next' }).click();
  return page.getByRole('dialog', { name: 'Create New Project' });
}

if (existsSync(BREMEN)) {
  // A Bremen project's dates are checked in its own zone; the user's browser is there too (otherwise
  // between 23:00 and 24:00 UTC the form's 'today' is already yesterday in Bremen).
  test.use({ timezoneId: 'Europe/Berlin' });
  test('a real OpenStreetMap export (Bremen): one row without a line is fixed with Drag & Drop Updated CSV', async ({
    page,
  }) => {
    const name = uniqueName('Bremen Grid');
    const mapping = await openMapping(page, name, BREMEN);
    await choose(page, mapping.getByRole('combobox', { name: 'Line Name' }), /^OSM Way ID/);
    await choose(page, mapping.getByRole('combobox', { name: 'Structure Name' }), /^OSM Node ID/);
    const errors = mapping.getByRole('region', { name: 'Errors' });
    await expect(errors.getByText('1 row has errors.')).toBeVisible();
    await expect(errors.getByRole('listitem')).toHaveText([
      'Row 1264, , 3759135727, 53.046161, 8.8906841: Missing line name.',
    ]);
    await expect(mapping.getByRole('button', { name: 'Save' })).toBeDisabled();

    // The corrected export: the same file without its last data row (built in memory).
    const lines = readFileSync(BREMEN, 'utf8').split('\n');
    const fixed = lines.filter((line) => !line.includes(',3759135727,')).join('\n');
    await mapping
      .getByLabel('Drag & Drop Updated CSV')
      .locator('input[type=file]')
      .setInputFiles(csvFile('osm_bremen_fixed.csv', Buffer.from(fixed)));
    await expect(errors.getByText('No errors: all 1,262 rows are valid.')).toBeVisible();
    await expect(mapping.getByText('There are 1262 structures on 183 lines.')).toBeVisible();
    await mapping.getByRole('button', { name: 'Save' }).click();
    await expect(mapping).toBeHidden();
    await expect(projectRow(page, name)).toContainText('1,262');
  });
}

if (existsSync(CEMIG)) {
  test('a real CEMIG export (semicolon separated, NUM_LATITUDE/NUM_LONGITUDE) gets the coordinate message', async ({
    page,
  }) => {
    const mapping = await openMapping(page, uniqueName('CEMIG Lines'), CEMIG);
    await expect(mapping.getByTestId('csv-file-name')).toHaveText('cemig_estruturas_raw.csv');
    await expect(
      mapping.getByText(
        'Missing latitude column/field. Missing longitude column/field. One latitude column/field must be (Y, lat or latitude), and one longitude column/field must be (X, lon, lng or longitude). Please correct the file and import again.',
      ),
    ).toBeVisible();
    await expect(mapping.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
}
