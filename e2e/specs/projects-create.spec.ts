import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import {
  choose,
  csvFile,
  fillProjectForm,
  projectRow,
  slugOf,
  structureCsv,
  uniqueName,
} from '../support/projects.ts';
import { expect, test } from '../support/test.ts';

async function openCreateDialog(page: Page): Promise<Locator> {
  await loginAs(page, ACCOUNTS.projectManager.email);
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Create New Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Project' });
  await expect(dialog.getByLabel('Job Name')).toBeVisible();
  return dialog;
}

const csvInput = (scope: Locator) => scope.locator('input[type=file]');

async function chooseColumns(page: Page, mapping: Locator): Promise<void> {
  await choose(page, mapping.getByRole('combobox', { name: 'Line Name' }), /^Line Name/);
  await choose(page, mapping.getByRole('combobox', { name: 'Structure Name' }), /^Structure/);
}

test('the form shows the spec’s defaults and messages and blocks the listed characters', async ({
  page,
  context,
}) => {
  const dialog = await openCreateDialog(page);
  await expect(dialog.getByRole('radio', { name: 'Structure' })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Photo Limit' })).toHaveValue('No Limit');

  await dialog.getByRole('button', { name: 'Create' }).click();
  for (const message of [
    'Must select a customer.',
    'Must select a type.',
    'Project Name is required.',
    'Closest City is required.',
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }

  // Typing: the blocked characters never reach the field.
  const jobName = dialog.getByLabel('Job Name');
  await jobName.pressSequentially('North-Line (2)!');
  await expect(jobName).toHaveValue('NorthLine 2');
  // Pasting: the same filter applies.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const city = dialog.getByLabel('Closest City');
  await city.focus();
  // A string expression: the e2e tsconfig has no DOM types.
  await page.evaluate("navigator.clipboard.writeText('St. Paul, MN #5')");
  await page.keyboard.press('Control+V');
  await expect(city).toHaveValue('St Paul MN 5');
  await expect(dialog.getByText(/Not allowed in this field: \. , #/)).toBeVisible();

  await city.fill('O');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Minimum character is 2.')).toBeVisible();

  // Tier 1 has no 'No Limit'.
  await choose(page, dialog.getByRole('combobox', { name: 'Tier' }), /1/);
  await expect(dialog.getByText('No Limit is not available for this tier.', { exact: false })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Photo Limit' }).click();
  await expect(page.getByRole('option', { name: 'No Limit' })).toHaveAttribute(
    'data-combobox-disabled',
    'true',
  );
  await page.keyboard.press('Escape');
});

test('a project is created from CSV files through the mapping modal, fixing a bad file with Drag & Drop Updated CSV', async ({
  page,
}) => {
  const name = uniqueName('CSV Journey');
  const dialog = await openCreateDialog(page);
  await fillProjectForm(page, dialog, name);
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeVisible();

  // Bad rows 3 and 10 (0-based) are rows 5 and 12 of the file.
  const bad = structureCsv({ lines: 2, perLine: 15, linePrefix: 'Feeder', badRows: [3, 10] });
  const good = structureCsv({ lines: 3, perLine: 20, linePrefix: 'Tap' });
  await csvInput(dialog).setInputFiles([csvFile('feeders.csv', bad), csvFile('taps.csv', good)]);
  // Next replaces Create once files are attached, and waits for an upload.
  await expect(dialog.getByText('Uploaded')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Next' }).click();

  const mapping = page.getByRole('dialog', { name: 'Create New Project' });
  await expect(mapping.getByTestId('csv-file-name')).toHaveText('feeders.csv');
  await expect(mapping.getByRole('heading', { name: 'Line and Structure Names' })).toBeVisible();
  // Latitude and longitude are flagged in the column options and cannot be chosen as names.
  await mapping.getByRole('combobox', { name: 'Line Name' }).click();
  await expect(page.getByRole('option', { name: /Latitude/ })).toContainText('e.g. 40.011000');
  await expect(page.getByRole('option', { name: /Latitude/ })).toHaveAttribute(
    'data-combobox-disabled',
    'true',
  );
  await page.keyboard.press('Escape');
  await chooseColumns(page, mapping);

  const errors = mapping.getByRole('region', { name: 'Errors' });
  await expect(errors.getByText('2 rows have errors.')).toBeVisible();
  await expect(errors.getByRole('listitem')).toHaveText([
    'Row 5, Feeder 1, STR-1-4, n/a, -98.004000: Latitude is not a number.',
    'Row 12, Feeder 1, STR-1-11, n/a, -98.011000: Latitude is not a number.',
  ]);
  await expect(mapping.getByText('There are 28 structures on 2 lines.')).toBeVisible();
  await expect(mapping.getByRole('button', { name: 'Save' })).toBeDisabled();

  // The fixed file replaces the bad one; the chosen columns stay and the rows are checked again.
  const fixed = structureCsv({ lines: 2, perLine: 15, linePrefix: 'Feeder' });
  await csvInput(mapping.getByLabel('Drag & Drop Updated CSV')).setInputFiles(
    csvFile('feeders-fixed.csv', fixed),
  );
  await expect(mapping.getByTestId('csv-file-name')).toHaveText('feeders-fixed.csv');
  await expect(errors.getByText('No errors: all 30 rows are valid.')).toBeVisible();
  await expect(mapping.getByText('There are 30 structures on 2 lines.')).toBeVisible();
  // taps.csv starts from its suggested columns (Line Name, Structure), so it is valid already.
  await expect(mapping.getByRole('button', { name: 'Save' })).toBeEnabled();

  await mapping.getByRole('button', { name: 'Next file' }).click();
  await expect(mapping.getByTestId('csv-file-name')).toHaveText('taps.csv');
  await chooseColumns(page, mapping);
  await expect(mapping.getByText('There are 60 structures on 3 lines.')).toBeVisible();
  await expect(mapping.getByRole('region', { name: 'Sample Rows' }).getByRole('row')).toHaveCount(61);
  await mapping.getByRole('button', { name: 'Save' }).click();
  await expect(mapping).toBeHidden();

  // The list refreshed: the new project with its 90 structures.
  await expect(projectRow(page, name)).toContainText('90');
  await projectRow(page, name).click();
  await expect(page).toHaveURL(`/projects/${slugOf(name)}`);
  await expect(page.getByRole('group', { name: 'Total Structures' })).toContainText('90');
  await expect(page.getByRole('group', { name: 'KMZ/CSV Structures' })).toContainText('90');
});

test('a file without coordinate columns shows the spec’s message and blocks Save', async ({ page }) => {
  const dialog = await openCreateDialog(page);
  await fillProjectForm(page, dialog, uniqueName('No Coordinates'));
  const csv = Buffer.from('Line,Structure,Northing\nL1,S1,4500000\n');
  await csvInput(dialog).setInputFiles(csvFile('no-coordinates.csv', csv));
  await expect(dialog.getByText('Uploaded')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Next' }).click();
  const mapping = page.getByRole('dialog', { name: 'Create New Project' });
  await expect(
    mapping.getByText(
      'Missing latitude column/field. Missing longitude column/field. One latitude column/field must be (Y, lat or latitude), and one longitude column/field must be (X, lon, lng or longitude). Please correct the file and import again.',
    ),
  ).toBeVisible();
  await expect(mapping.getByRole('button', { name: 'Save' })).toBeDisabled();
  // Back keeps what was typed.
  await mapping.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByLabel('Closest City')).toHaveValue('Ord');
});

test('only .csv files are accepted', async ({ page }) => {
  const dialog = await openCreateDialog(page);
  await csvInput(dialog).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  });
  await expect(dialog.getByText('Only .csv files are accepted. Not added: notes.txt')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeVisible();
});

test('the server checks the files again: a structure repeated across two files is refused and shown per file', async ({
  page,
}) => {
  const name = uniqueName('Twice Imported');
  const dialog = await openCreateDialog(page);
  await fillProjectForm(page, dialog, name);
  const same = structureCsv({ lines: 1, perLine: 5, linePrefix: 'Span' });
  await csvInput(dialog).setInputFiles([csvFile('first.csv', same), csvFile('second.csv', same)]);
  await expect(dialog.getByText('Uploaded')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Next' }).click();
  const mapping = page.getByRole('dialog', { name: 'Create New Project' });
  await chooseColumns(page, mapping);
  await mapping.getByRole('button', { name: 'Next file' }).click();
  await chooseColumns(page, mapping);
  // Each file is fine on its own, so the browser lets Save go ahead.
  await expect(mapping.getByText('No errors: all 5 rows are valid.')).toBeVisible();
  await mapping.getByRole('button', { name: 'Save' }).click();

  await expect(mapping.getByRole('alert').filter({ hasText: 'The project was not saved' })).toBeVisible();
  await expect(mapping.getByTestId('csv-file-name')).toHaveText('second.csv');
  const errors = mapping.getByRole('region', { name: 'Errors' });
  await expect(errors.getByText(/^The server refused this file:/)).toBeVisible();
  await expect(errors.getByRole('listitem').first()).toContainText('Row 2, Span 1, STR-1-1');
  await expect(errors.getByRole('listitem').first()).toContainText('Duplicate structure');
  await expect(mapping.getByRole('button', { name: 'Save' })).toBeDisabled();

  // A corrected second file (other structures) clears the verdict, and the save goes through.
  const other = structureCsv({ lines: 1, perLine: 5, linePrefix: 'Branch' });
  await csvInput(mapping.getByLabel('Drag & Drop Updated CSV')).setInputFiles(
    csvFile('second-fixed.csv', other),
  );
  await expect(errors.getByText('No errors: all 5 rows are valid.')).toBeVisible();
  await mapping.getByRole('button', { name: 'Save' }).click();
  await expect(mapping).toBeHidden();
  await expect(projectRow(page, name)).toContainText('10');
});

test('Escape or a click outside asks before a filled form is thrown away; an untouched one just closes', async ({
  page,
}) => {
  const dialog = await openCreateDialog(page);
  const jobName = dialog.getByLabel('Job Name');
  await jobName.fill('Canyon Patrol');
  const confirm = page.getByRole('dialog', { name: 'Discard this project?' });

  // The Escape that asks must not also answer the question.
  await page.keyboard.press('Escape');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('The details you entered will be lost.');
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(confirm).toBeHidden();
  await expect(jobName).toHaveValue('Canyon Patrol');

  // Escape on the question keeps editing too.
  await page.keyboard.press('Escape');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(jobName).toHaveValue('Canyon Patrol');

  // A click on the page outside the form.
  await page.mouse.click(20, 690);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  const createButton = page.getByRole('button', { name: 'Create New Project' });
  // Focus goes back to what opened the form.
  await expect(createButton).toBeFocused();

  // Nothing typed: Escape closes without asking.
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Job Name')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(confirm).toHaveCount(0);
  await expect(createButton).toBeFocused();
});
