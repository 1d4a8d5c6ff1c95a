import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';
import { viewer, waitForViewer } from '../support/viewer.ts';

// The demo's ETT (arms) and ABB (flanges) projects: three structures each have five photos; the first
// structure's are partly classified already, the second's not at all.
const ETT = { name: 'Yakima Canyon Arm Survey', slug: 'yakima-canyon-arm-survey' };
const ABB = { name: 'Kittitas Flange Survey', slug: 'kittitas-flange-survey' };
const CASCADE_CUSTOMER = 'customer@cascadevalley.example';

test.describe.configure({ mode: 'serial' });

let ettInspectionId = 0;

/** The second structure with five photos of a project (none of its photos classified yet). */
async function unclassifiedInspection(page: Page, projectName: string) {
  const projects = (await (await page.request.get('/api/v1/projects')).json()) as Array<{
    id: number;
    project_name: string;
  }>;
  const project = projects.find((p) => p.project_name === projectName)!;
  const rows = (await (await page.request.get(`/api/v1/inspections/${project.id}`)).json()) as Array<{
    id: number;
    structure_id: number;
    count: number;
  }>;
  const withPhotos = rows.filter((r) => r.count === 5).sort((a, b) => a.structure_id - b.structure_id);
  // The first (after the first) whose photos have no type yet: a retried run finds the next one, since the
  // journey classifies photos of the one it picked.
  for (const row of withPhotos.slice(1)) {
    const photos = (await (await page.request.get(`/api/v1/inspections/images/${row.id}`)).json()) as Array<{
      ett_photo_type_id: number | null;
    }>;
    if (photos.every((p) => p.ett_photo_type_id === null))
      return { projectId: project.id, inspectionId: row.id };
  }
  throw new Error(`${projectName}: no inspection with five unclassified photos left`);
}

const counter = (page: Page) => page.getByTestId('image-counter');
const panel = (page: Page, title: 'Arms' | 'Flange') => page.getByRole('region', { name: title });
const next = (page: Page) => viewer(page).getByRole('button', { name: 'Next', exact: true });

async function choose(page: Page, scope: ReturnType<typeof panel>, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function expectWarning(page: Page, title: string, text: string, buttons: string[]) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  for (const name of ['Ok', 'Continue Unsaved', 'Stay']) {
    await expect(dialog.getByRole('button', { name, exact: true })).toHaveCount(
      buttons.includes(name) ? 1 : 0,
    );
  }
  return dialog;
}

test('an inspector classifies an ETT inspection through every warning', async ({ page }) => {
  test.setTimeout(420_000);
  await loginAs(page, ACCOUNTS.inspector.email);
  const { projectId, inspectionId } = await unclassifiedInspection(page, ETT.name);
  ettInspectionId = inspectionId;
  await page.goto(`/projects/${ETT.slug}/inspect?inspectionId=${inspectionId}`);
  await waitForViewer(page);
  await expect(counter(page)).toHaveText('1/5');
  const arms = panel(page, 'Arms');
  await expect(arms).toBeVisible();

  // No type: nothing saved, a warning with Continue Unsaved and Stay.
  await next(page).click();
  let dialog = await expectWarning(page, 'Image Type Not Picked', 'You must pick ID, Arm, or Knuckle/Flat', [
    'Continue Unsaved',
    'Stay',
  ]);
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(counter(page)).toHaveText('1/5');

  // Knuckle/Flat without its position.
  await arms.getByRole('button', { name: 'Knuckle/Flat', exact: true }).click();
  await next(page).click();
  dialog = await expectWarning(
    page,
    'Knuckle/Flat Not Selected',
    'You selected this image as a Knuckle/Flat but did not select the Knuckle/Flat Position',
    ['Continue Unsaved', 'Stay'],
  );
  await dialog.getByRole('button', { name: 'Stay' }).click();

  // Arm without an arm picked.
  await arms.getByRole('button', { name: 'Arm', exact: true }).click();
  await expect(arms.getByLabel('Knuckle/Flat Position', { exact: true })).toHaveCount(0);
  await next(page).click();
  dialog = await expectWarning(page, 'Arm Not Picked', 'You must pick an Arm and complete Arm details.', [
    'Continue Unsaved',
    'Stay',
  ]);
  await dialog.getByRole('button', { name: 'Stay' }).click();

  // The arm's details, then Next saves them and the photo's type.
  await choose(page, arms, 'Arm', 'Top Left');
  await choose(page, arms, 'Classification', 'Replacement');
  await choose(page, arms, 'Manufacturer', 'V');
  await arms.getByLabel('Part').fill('VA-3391');
  await arms.getByLabel('Serial').fill('SN-77120');
  await arms.getByLabel('Release').fill('R4');
  await arms.getByLabel('New Note').fill('Crack at the knuckle weld');
  await next(page).click();
  await expect(counter(page)).toHaveText('2/5');

  // Photo 2: left unsaved on purpose.
  await next(page).click();
  dialog = await expectWarning(page, 'Image Type Not Picked', 'You must pick ID, Arm, or Knuckle/Flat', [
    'Continue Unsaved',
    'Stay',
  ]);
  await dialog.getByRole('button', { name: 'Continue Unsaved' }).click();
  await expect(counter(page)).toHaveText('3/5');

  // Photo 3: a Knuckle/Flat with its position; photo 4: an ID photo.
  await arms.getByRole('button', { name: 'Knuckle/Flat', exact: true }).click();
  await choose(page, arms, 'Knuckle/Flat Position', 'Flat Top');
  await next(page).click();
  await expect(counter(page)).toHaveText('4/5');
  await arms.getByRole('button', { name: 'ID', exact: true }).click();
  await next(page).click();
  await expect(counter(page)).toHaveText('5/5');

  // The last photo: the warning only has Ok, and the completion does not open.
  await viewer(page).getByRole('button', { name: 'Complete Inspection' }).click();
  dialog = await expectWarning(page, 'Image Type Not Picked', 'You must pick ID, Arm, or Knuckle/Flat', [
    'Ok',
  ]);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  await expect(counter(page)).toHaveText('5/5');

  // Typed as ID, the last photo lets the viewer go back to the first (the picker saves first, too).
  await arms.getByRole('button', { name: 'ID', exact: true }).click();
  await page.getByRole('combobox', { name: 'Current image' }).click();
  await page.getByRole('option', { name: /1\/5$/ }).click();
  await expect(counter(page)).toHaveText('1/5');
  await expect(arms.getByRole('button', { name: 'Arm', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(arms.getByRole('combobox', { name: 'Classification', exact: true })).toHaveValue(
    'Replacement',
  );
  await expect(arms.getByTestId('ett-arm-note')).toContainText('Crack at the knuckle weld');

  // What was saved.
  const photos = (await (
    await page.request.get(`/api/v1/inspections/images/${inspectionId}`)
  ).json()) as Array<{
    ett_photo_type_id: number | null;
    knuckle_flat_position_id: number | null;
  }>;
  expect(photos.map((p) => p.ett_photo_type_id)).toEqual([2, null, 3, 1, 1]);
  const saved = (await (
    await page.request.get(
      `/api/v1/inspections/ett/arms?inspection_id=${inspectionId}&project_id=${projectId}`,
    )
  ).json()) as Array<{
    arm_position_text: string;
    classification: string;
    notes: Array<{ note_text: string }>;
  }>;
  const topLeft = saved.find((a) => a.arm_position_text === 'Top Left')!;
  expect(topLeft.classification).toBe('Replacement');
  expect(topLeft.notes.map((n) => n.note_text)).toEqual(['Crack at the knuckle weld']);
});

test('an inspector edits a flange of an ABB inspection', async ({ page }) => {
  test.setTimeout(300_000);
  await loginAs(page, ACCOUNTS.inspector.email);
  const { projectId, inspectionId } = await unclassifiedInspection(page, ABB.name);
  await page.goto(`/projects/${ABB.slug}/inspect?inspectionId=${inspectionId}`);
  await waitForViewer(page);
  const flange = panel(page, 'Flange');
  await expect(flange).toBeVisible();
  await expect(flange.getByRole('button', { name: 'Flange', exact: true })).toBeVisible();

  await next(page).click();
  const dialog = await expectWarning(
    page,
    'Image Type Not Picked',
    'You must pick ID, Flange, or Knuckle/Flat',
    ['Continue Unsaved', 'Stay'],
  );
  await dialog.getByRole('button', { name: 'Stay' }).click();

  await flange.getByRole('button', { name: 'Flange', exact: true }).click();
  await choose(page, flange, 'Flange', 'Top Right');
  await flange.getByLabel('RFID').fill('E2003412D7');
  await choose(page, flange, 'Classification', 'Original');
  // The pills wrapper takes the pointer (it focuses the field and opens the list).
  await flange.getByLabel('ID Types', { exact: true }).first().click({ force: true });
  await page.getByRole('option', { name: 'RFID Tag', exact: true }).click();
  await page.keyboard.press('Escape');
  await next(page).click();
  await expect(counter(page)).toHaveText('2/5');

  const saved = (await (
    await page.request.get(
      `/api/v1/inspections/ett/arms?inspection_id=${inspectionId}&project_id=${projectId}`,
    )
  ).json()) as Array<{ arm_position_text: string; part: string | null; image_count: number }>;
  expect(saved.find((a) => a.arm_position_text === 'Top Right')).toMatchObject({
    part: 'E2003412D7',
    image_count: 1,
  });
  const photos = (await (
    await page.request.get(`/api/v1/inspections/images/${inspectionId}`)
  ).json()) as Array<{
    ab_id_types: number[];
  }>;
  expect(photos[0]!.ab_id_types).toEqual([2]);
});

test('a customer sees the arms read-only and moves between photos without saving', async ({ page }) => {
  test.setTimeout(300_000);
  expect(ettInspectionId, 'the first journey found the inspection').toBeGreaterThan(0);
  await loginAs(page, CASCADE_CUSTOMER);
  await page.goto(`/projects/${ETT.slug}/inspect?inspectionId=${ettInspectionId}`);
  await waitForViewer(page);
  const arms = panel(page, 'Arms');
  await expect(arms.getByTestId('ett-photo-type')).toHaveText('Image Type: Arm');
  await expect(arms.getByRole('group', { name: 'Image Type' })).toHaveCount(0);
  await expect(arms.getByRole('combobox', { name: 'Classification', exact: true })).toHaveValue(
    'Replacement',
  );
  await expect(arms.getByLabel('Serial')).toHaveAttribute('readonly', '');
  await expect(arms.getByLabel('New Note')).toHaveCount(0);
  await expect(arms.getByTestId('ett-arm-note')).toContainText('Crack at the knuckle weld');
  // Photo 2 has no type: a customer just moves on.
  await next(page).click();
  await expect(counter(page)).toHaveText('2/5');
  await next(page).click();
  await expect(counter(page)).toHaveText('3/5');
  await expect(page.getByRole('dialog', { name: 'Image Type Not Picked' })).toHaveCount(0);
});
