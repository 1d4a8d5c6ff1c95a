import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect as baseExpect, test } from '../support/test.ts';
import { closeViewer, viewer, waitForViewer } from '../support/viewer.ts';

// The demo project whose first structures have real uploaded photos (five views each for most of them).
const PROJECT = 'Smoky Hill Transmission Patrol';
const INSPECT_URL = '/projects/smoky-hill-transmission-patrol/inspect';
const SHOTS = process.env.VIEWER_SHOTS;
// Every step waits on a save; on a busy two-core machine one can take several seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

/** A structure of the project with five photos (from the Upload page's structure list). */
async function structureWithFivePhotos(
  page: Page,
): Promise<{ struct_num: string; line_name: string; image_count: number }> {
  const projects = (await (await page.request.get('/api/v1/projects')).json()) as Array<{
    id: number;
    project_name: string;
  }>;
  const project = projects.find((p) => p.project_name === PROJECT)!;
  const structures = (await (
    await page.request.get(`/api/v1/inspections/structures?projectId=${project.id}`)
  ).json()) as Array<{ struct_num: string; line_name: string; image_count: number; inspected: boolean }>;
  // Not completed yet: a completed inspection cannot be sent for a reshoot.
  return structures.find((s) => s.image_count === 5)!;
}

const stage = (page: Page) => page.getByTestId('viewer-stage');
const marks = (page: Page) => page.getByTestId('annotation-layer').locator('rect, polygon');

/** Drags with the left button from (x1, y1) to (x2, y2), stage-relative. */
async function dragOnStage(page: Page, x1: number, y1: number, x2: number, y2: number) {
  const box = (await stage(page).boundingBox())!;
  await page.mouse.move(box.x + x1, box.y + y1);
  await page.mouse.down();
  await page.mouse.move(box.x + (x1 + x2) / 2, box.y + (y1 + y2) / 2, { steps: 3 });
  await page.mouse.move(box.x + x2, box.y + y2, { steps: 3 });
  await page.mouse.up();
}

async function pick(page: Page, label: string, typed: string, option: string) {
  const panel = page.getByTestId('new-annotation-panel');
  await panel.getByLabel(label).fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

let inspectionUrl = '';
let photoCount = 0;

test('an inspector reviews a structure in the viewer: steps, zoom, annotations, reject and restore, reshoot', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await loginAs(page, ACCOUNTS.inspector.email);
  const { struct_num: structure, line_name: line, image_count: n } = await structureWithFivePhotos(page);
  photoCount = n;
  await page.goto(INSPECT_URL);
  await page.getByLabel('Search inspections').fill(`${line} ${structure}`);
  const row = page
    .getByTestId('inspection-row')
    .filter({ has: page.getByRole('cell', { name: structure, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: line, exact: true }) });
  await expect(row).toHaveCount(1, { timeout: 30_000 });

  // Opened from the table.
  await row.click();
  await waitForViewer(page);
  await expect(page.getByTestId('viewer-structure')).toHaveText(structure);
  await expect(page.getByTestId('image-counter')).toHaveText(`1/${photoCount}`);
  await expect(page).toHaveURL(/inspectionId=\d+/);
  await expect(page.getByRole('radio', { name: 'Rejected' })).toBeDisabled();

  // Back and Next with their disabled rules; the address follows the photo.
  const back = viewer(page).getByRole('button', { name: 'Back' });
  const next = viewer(page).getByRole('button', { name: 'Next' });
  await expect(back).toBeDisabled();
  await next.click();
  await expect(page.getByTestId('image-counter')).toHaveText(`2/${photoCount}`);
  await expect(page).toHaveURL(/imageId=\d+/);
  const onSecondPhoto = page.url();
  await back.click();
  await expect(page.getByTestId('image-counter')).toHaveText(`1/${photoCount}`);
  // The photo shows at once; the address names it once it is painted.
  await expect(page).not.toHaveURL(onSecondPhoto);
  inspectionUrl = page.url();

  // Zoom buttons move two steps of 0.5; reset returns to 1.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(stage(page)).toHaveAttribute('data-zoom', '2.00');
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(stage(page)).toHaveAttribute('data-zoom', '1.00');
  await page.mouse.move(
    (await stage(page).boundingBox())!.x + 300,
    (await stage(page).boundingBox())!.y + 200,
  );
  await page.mouse.wheel(0, -100);
  await expect(stage(page)).toHaveAttribute('data-zoom', '1.10');
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(stage(page)).toHaveAttribute('data-zoom', '1.00');

  // A rectangle too small is dropped; a real one opens the new-annotation panel.
  await page.getByRole('button', { name: 'Annotate Rectangle' }).click();
  await dragOnStage(page, 200, 150, 205, 154);
  await expect(page.getByTestId('new-annotation-panel')).toHaveCount(0);
  await dragOnStage(page, 200, 150, 330, 240);
  const panel = page.getByTestId('new-annotation-panel');
  await expect(panel).toBeVisible();
  const save = panel.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await pick(page, 'Component', 'cross', 'Crossarm');
  await pick(page, 'Deficiency', 'rot', 'Rot / Decay');
  await panel.locator('label').filter({ hasText: /^4$/ }).click();
  await expect(panel.getByText('Urgent', { exact: true })).toBeVisible();
  await panel.getByLabel('Notes').fill('Soft wood at the east end');
  await expect(save).toBeEnabled();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/viewer-new-annotation.png` });
  await save.click();
  await expect(marks(page)).toHaveCount(1);
  const detail = page.getByTestId('annotation-detail');
  await expect(detail).toContainText('Crossarm');
  await expect(detail).toContainText('Rot / Decay');
  await expect(detail).toContainText('Soft wood at the east end');

  // A polygon of three points, ended by a double-click.
  await page.getByRole('button', { name: 'Annotate Polygon' }).click();
  const box = (await stage(page).boundingBox())!;
  await page.mouse.click(box.x + 420, box.y + 160);
  await page.mouse.click(box.x + 500, box.y + 170);
  await page.mouse.dblclick(box.x + 460, box.y + 260);
  await expect(panel).toBeVisible();
  await pick(page, 'Component', 'insul', 'Insulator');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(marks(page)).toHaveCount(2);
  await expect(page.getByTestId('annotation-layer').locator('polygon')).toHaveCount(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/viewer-annotated.png` });

  // Delete the polygon from its detail panel.
  await page.getByTestId('annotation-detail').getByRole('button', { name: 'View Full List' }).click();
  await page
    .getByTestId('annotation-list')
    .getByRole('button', { name: /Insulator/ })
    .click();
  await page.getByTestId('annotation-detail').getByRole('button', { name: 'Delete' }).click();
  await expect(marks(page)).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'Annotated' })).toBeEnabled();

  // Reject the photo, then restore it from the Rejected view.
  await page.getByRole('button', { name: 'Annotate Rectangle' }).click();
  await viewer(page).getByRole('button', { name: 'Reject', exact: true }).click();
  const reject = page.getByRole('dialog', { name: 'Reject' });
  await expect(reject.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await reject.getByLabel('Why are you rejecting this photo?').fill('Blurred, taken in motion');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toBeHidden();
  await expect(page.getByTestId('image-counter')).toHaveText(`1/${photoCount - 1}`);
  await page.getByTestId('image-list').getByText('Rejected', { exact: true }).click();
  await expect(page.getByTestId('image-counter')).toHaveText('1/1');
  await viewer(page).getByRole('button', { name: 'Restore Photo' }).click();
  const restore = page.getByRole('dialog', { name: 'Restore Photo' });
  await expect(restore).toContainText('Would you like to restore this photo?');
  await restore.getByRole('button', { name: 'Restore Photo' }).click();
  await expect(page.getByTestId('image-counter')).toHaveText(new RegExp(`^\\d/${photoCount}$`));

  // The history shows what was done.
  await page.getByRole('button', { name: 'Review history' }).click();
  const history = page.getByTestId('review-history');
  await expect(history).toContainText('Restored the photo');
  await expect(history).toContainText('Rejected a photo: Blurred, taken in motion');
  await expect(history).toContainText('Deleted annotation 2');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/viewer-history.png` });
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await closeViewer(page);
  await expect(page).toHaveURL(INSPECT_URL);

  // A pending inspection (the demo's photographed structures are completed): request a reshoot, withdraw it.
  await page.getByLabel('Search inspections').fill('');
  await page.getByRole('button', { name: /^Pending/ }).click();
  await page.getByTestId('inspection-row').first().click();
  await waitForViewer(page);
  await viewer(page).getByRole('button', { name: 'Request Reshoot' }).click();
  const reshoot = page.getByRole('dialog', { name: 'Request Reshoot' });
  await expect(reshoot.getByRole('button', { name: 'Save' })).toBeDisabled();
  await reshoot.getByLabel('Notes').fill('Closer shot of the east insulator string');
  await reshoot.getByRole('button', { name: 'Save' }).click();
  await expect(reshoot).toBeHidden();
  await expect(viewer(page).getByText('Reshoot Requested', { exact: true })).toBeVisible();
  await viewer(page).getByRole('button', { name: 'Withdraw Reshoot' }).click();
  await expect(viewer(page).getByRole('button', { name: 'Request Reshoot' })).toBeVisible();
  await expect(viewer(page).getByText('Pending', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Review history' }).click();
  await expect(page.getByTestId('review-history')).toContainText('Withdrew the reshoot request');
  await expect(page.getByTestId('review-history')).toContainText(
    'Requested a reshoot: Closer shot of the east insulator string',
  );
  await page.keyboard.press('Escape');
  await closeViewer(page);
  await expect(page).toHaveURL(INSPECT_URL);
});

test('a link with inspectionId and imageId opens that photo; a customer sees it read-only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(inspectionUrl, 'the first journey found the inspection').not.toBe('');
  const path = new URL(inspectionUrl).pathname + new URL(inspectionUrl).search;
  await loginAs(page, ACCOUNTS.customer.email);
  await page.goto(path);
  await waitForViewer(page);
  await expect(page.getByTestId('image-counter')).toHaveText(`1/${photoCount}`);
  await expect(marks(page)).toHaveCount(1);
  for (const name of [
    'Annotate Rectangle',
    'Annotate Polygon',
    'Reject',
    'Request Reshoot',
    'Escalate',
    'Add Note',
    'View Notes',
    'Review history',
  ]) {
    await expect(viewer(page).getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  // The annotation's details are there to read, without Delete.
  await viewer(page)
    .getByRole('button', { name: /^Annotations/ })
    .click();
  await page
    .getByTestId('annotation-list')
    .getByRole('button', { name: /Crossarm/ })
    .click();
  await expect(page.getByTestId('annotation-detail')).toContainText('Rot / Decay');
  await expect(page.getByTestId('annotation-detail').getByRole('button', { name: 'Delete' })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/viewer-customer.png` });
  await viewer(page).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('image-counter')).toHaveText(`2/${photoCount}`);
});
