import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { downloadFrom } from '../support/downloads.ts';
import { loginAs } from '../support/login.ts';
import { choose, csvFile, fillProjectForm, projectRow, uniqueName } from '../support/projects.ts';
import { expect, test } from '../support/test.ts';

/**
 * Import choices for files the spec's rules turn away: hand-picked coordinate columns, suggested Line and
 * Structure columns, a fallback for blank structure names, and 'Import N valid rows, skip M' with the
 * skipped rows as a CSV. Generated files only (no ../shared needed).
 */

// Each journey uploads, checks rows in a worker several times and saves: slow on a busy shared machine.
test.setTimeout(360_000);

/** Shaped like CEMIG's export: semicolons, Portuguese headers, coordinates under names the spec does not know. */
function cemigLike(): Buffer {
  const rows = ['COD_ESTRUTURA_SAP;NOM_ESTRUTURA_SAP;COD_LT_SAP;NOM_LT_SAP;NUM_LATITUDE;NUM_LONGITUDE'];
  for (let i = 1; i <= 12; i++) {
    const line = i <= 6 ? 'MT-L-1' : 'MT-L-2';
    const name = i === 5 ? '' : `ESTRUTURA ${String(i).padStart(3, '0')}`;
    const lat = i === 9 ? '' : (-19.87 + i * 0.001).toFixed(6);
    rows.push(
      `ESTR${i};${name};${line};${i % 2 ? 'LT Norte' : ''};${lat};${(-43.73 - i * 0.001).toFixed(6)}`,
    );
  }
  return Buffer.from(`${rows.join('\n')}\n`, 'utf8');
}

async function openMapping(page: Page, name: string, file: Buffer, fileName: string): Promise<Locator> {
  await loginAs(page, ACCOUNTS.projectManager.email);
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Create New Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Project' });
  await fillProjectForm(page, dialog, name);
  await dialog.locator('input[type=file]').setInputFiles(csvFile(fileName, file));
  await expect(dialog.getByText('Uploaded')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Next' }).click();
  return page.getByRole('dialog', { name: 'Create New Project' });
}

test('a CEMIG-like file: coordinates picked by hand, suggested columns, a fallback, and skipping the rest', async ({
  page,
}) => {
  const name = uniqueName('Picked Columns');
  const mapping = await openMapping(page, name, cemigLike(), 'estruturas.csv');
  const errors = mapping.getByRole('region', { name: 'Errors' });
  const save = mapping.getByRole('button', { name: 'Save' });

  // The spec's message stays until the columns are picked.
  await expect(
    errors.getByText(/^Missing latitude column\/field\. Missing longitude column\/field\./),
  ).toBeVisible();
  await expect(save).toBeDisabled();
  // Suggested Line and Structure columns are chosen already: the complete code column, not the half-empty name.
  await expect(mapping.getByRole('combobox', { name: 'Line Name' })).toHaveValue('COD_LT_SAP');
  await expect(mapping.getByRole('combobox', { name: 'Structure Name' })).toHaveValue('NOM_ESTRUTURA_SAP');

  const coordinates = mapping.getByRole('region', { name: 'Latitude and Longitude' });
  await coordinates.getByRole('combobox', { name: 'Latitude' }).click();
  await expect(page.getByRole('option').first()).toContainText('NUM_LATITUDE');
  await expect(page.getByRole('option').first()).toContainText('Suggested');
  await page.screenshot({ path: 'test-results/import-choices-coordinates.png' });
  await page.getByRole('option', { name: /^NUM_LATITUDE/ }).click();
  await choose(page, coordinates.getByRole('combobox', { name: 'Longitude' }), /^NUM_LONGITUDE/);

  // Row 6 has no structure name, row 10 no latitude.
  await expect(errors.getByText('2 rows have errors.')).toBeVisible();
  const skip = errors.getByRole('checkbox', { name: 'Import 10 valid rows, skip 2' });
  await expect(skip).toBeVisible();
  await expect(save).toBeDisabled();

  // The fallback names the blank structure: one row fewer to skip.
  await choose(page, mapping.getByRole('combobox', { name: 'Fallback column' }), /^COD_ESTRUTURA_SAP/);
  await expect(errors.getByText('1 row has errors.')).toBeVisible();
  await expect(errors.getByRole('listitem')).toHaveText([
    /^Row 10, MT-L-2, ESTRUTURA 009, , -43\.739000: Missing latitude\./,
  ]);
  const skipOne = errors.getByRole('checkbox', { name: 'Import 11 valid rows, skip 1' });
  await skipOne.check();
  await expect(save).toBeEnabled();
  await page.screenshot({ path: 'test-results/import-choices-skip.png', fullPage: true });

  // The skipped rows, with the reason per row, as the server reads them with the same choices.
  const { download, bytes } = await downloadFrom(
    page,
    errors.getByRole('button', { name: 'Download skipped rows' }),
  );
  expect(download.suggestedFilename()).toBe('estruturas-skipped-rows.csv');
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  expect(text.trim().split('\r\n')).toEqual([
    'Row,Line,Structure,Latitude,Longitude,Reason',
    '10,MT-L-2,ESTRUTURA 009,,-43.739,Missing latitude.',
  ]);

  await save.click();
  await expect(mapping).toBeHidden();
  await expect(projectRow(page, name)).toContainText('11');
});

test('a plain file with unusual coordinate names: suggested columns, skipping, then a fallback that makes every row valid', async ({
  page,
}) => {
  // Ten poles, one without its number (a column filled 90% is still the Structure Name suggestion).
  const rows = ['Line,Pole,Ref,North,East'];
  for (let i = 1; i <= 10; i++) {
    rows.push(
      `${i <= 5 ? 'A' : 'B'},${i === 4 ? '' : i},R${i},${(45.1 + i / 100).toFixed(2)},${(-93.2 - i / 100).toFixed(2)}`,
    );
  }
  const mapping = await openMapping(
    page,
    uniqueName('Poles'),
    Buffer.from(`${rows.join('\n')}\n`),
    'poles.csv',
  );
  const errors = mapping.getByRole('region', { name: 'Errors' });
  const save = mapping.getByRole('button', { name: 'Save' });
  const coordinates = mapping.getByRole('region', { name: 'Latitude and Longitude' });
  await choose(page, coordinates.getByRole('combobox', { name: 'Latitude' }), /^North/);
  await choose(page, coordinates.getByRole('combobox', { name: 'Longitude' }), /^East/);
  await expect(mapping.getByRole('combobox', { name: 'Line Name' })).toHaveValue('Line');
  await expect(mapping.getByRole('combobox', { name: 'Structure Name' })).toHaveValue('Pole');

  await expect(errors.getByText('1 row has errors.')).toBeVisible();
  await expect(save).toBeDisabled();
  await errors.getByRole('checkbox', { name: 'Import 9 valid rows, skip 1' }).check();
  await expect(save).toBeEnabled();

  // A new fallback checks the rows again: nothing left to skip, all valid.
  await choose(page, mapping.getByRole('combobox', { name: 'Fallback column' }), /^Ref/);
  await expect(errors.getByText('No errors: all 10 rows are valid.')).toBeVisible();
  await expect(errors.getByRole('checkbox')).toHaveCount(0);
  await expect(save).toBeEnabled();
  await page.screenshot({ path: 'test-results/import-choices-fallback.png', fullPage: true });
});
