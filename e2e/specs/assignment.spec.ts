import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { downloadFrom } from '../support/downloads.ts';
import { loginAs } from '../support/login.ts';
import { json } from '../support/projects.ts';
import { expect, test } from '../support/test.ts';

// A demo project with 50 structures: crew 1 holds 40, the other 10 are unassigned. The journeys
// build on each other (one project, one crew state), so they run in order.
const PROJECT_PATH = '/projects/yakima-canyon-arm-survey/assignment';
test.describe.configure({ mode: 'serial' });

const map = (page: Page) => page.getByTestId('assignment-map');
const crewSidebar = (page: Page) => page.getByRole('complementary', { name: 'Crew' });
const crewCounts = (page: Page, crewNumber: number) => page.getByTestId(`crew-${crewNumber}-counts`);

async function structureCount(counts: Locator): Promise<number> {
  const text = (await counts.textContent()) ?? '';
  const match = /^([\d,]+) structures/.exec(text);
  if (!match) throw new Error(`No structure count in "${text}"`);
  return Number(match[1]!.replaceAll(',', ''));
}

async function openAssignment(page: Page): Promise<void> {
  await loginAs(page, ACCOUNTS.superAdmin.email);
  await page.goto(PROJECT_PATH);
  // The map has drawn the project's structures (fitted to them) and settled: a first draw in software WebGL
  // can take a minute on a busy machine (seen: still drawing after 30 s with three workers).
  await expect(map(page)).toHaveAttribute('data-map-state', 'idle', { timeout: 90_000 });
}

/**
 * The map canvas' box, inset just below the toolbar and clear of the zoom buttons. The map fits the
 * structures with more padding than this, so a shape over the whole area holds all of them.
 */
async function drawingArea(page: Page) {
  await map(page).scrollIntoViewIfNeeded();
  const box = await map(page).boundingBox();
  if (!box) throw new Error('The map has no box');
  return {
    left: box.x + 12,
    right: box.x + box.width - 12,
    top: box.y + 56,
    bottom: box.y + box.height - 12,
  };
}

/** The number in the picker's title ('12 structures selected'). */
async function selectedCount(page: Page): Promise<number> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const title = (await dialog.getByRole('heading').first().textContent()) ?? '';
  return Number(/^([\d,]+) structures? selected$/.exec(title)?.[1]?.replaceAll(',', '') ?? Number.NaN);
}

test('a cluster of crew 1 and unassigned structures shows the mix, not solid crew 1', async ({
  page,
}, info) => {
  await openAssignment(page);
  await expect(crewCounts(page, 1)).toContainText('40 structures');
  // Zoomed out until the 50 structures (40 of crew 1, 10 unassigned) are drawn as clusters.
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(map(page)).toHaveAttribute('data-map-state', 'idle');
  // A ring with both shares (crew 1 and unassigned) was drawn for a mixed cluster.
  await expect(page.locator('[data-crew-mixes]')).toHaveAttribute(
    'data-crew-mixes',
    /crew-mix:\w+:\d+:0=[1-9]\d*:1=[1-9]/,
    { timeout: 30_000 },
  );
  await map(page).screenshot({ path: info.outputPath('assignment-cluster-mix.png') });
});

test('assigns every structure to a crew by rectangle and adds a crew group', async ({ page }) => {
  await openAssignment(page);
  const sidebar = crewSidebar(page);
  await expect(sidebar.getByText('Crew 1', { exact: true })).toBeVisible();
  await expect(crewCounts(page, 1)).toContainText('40 structures');

  await sidebar.getByRole('button', { name: 'Add Crew Group' }).click();
  await expect(crewCounts(page, 2)).toContainText('0 structures');

  // A rectangle over the whole fitted map, drawn by dragging.
  await page.getByRole('button', { name: 'Select by rectangle' }).click();
  const area = await drawingArea(page);
  await page.mouse.move(area.left, area.top);
  await page.mouse.down();
  // terra-draw starts a dragged rectangle where the first move lands: keep that move tiny.
  await page.mouse.move(area.left + 2, area.top + 2);
  await page.mouse.move((area.left + area.right) / 2, (area.top + area.bottom) / 2, { steps: 5 });
  await page.mouse.move(area.right, area.bottom, { steps: 5 });
  await page.mouse.up();

  expect(await selectedCount(page)).toBe(50);
  const picker = page.getByRole('dialog');
  await picker.getByRole('radio', { name: /Crew 1/ }).check();
  await picker.getByRole('button', { name: 'Assign', exact: true }).click();
  // The 40 already in crew 1 stay; the 10 unassigned join without an 'Already Assigned' question.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(crewCounts(page, 1)).toContainText('50 structures');
  await expect(crewCounts(page, 2)).toContainText('0 structures');
});

test('moves part of the structures to another crew by polygon, confirming "Already Assigned"', async ({
  page,
}) => {
  await openAssignment(page);
  await expect(crewCounts(page, 1)).toContainText('50 structures');

  // A five-corner polygon over the left half of the map, closed by clicking its first corner.
  await page.getByRole('button', { name: 'Select by polygon' }).click();
  const area = await drawingArea(page);
  const middle = (area.left + area.right) / 2;
  const corners: Array<[number, number]> = [
    [area.left, area.top],
    [middle, area.top],
    [middle + 20, (area.top + area.bottom) / 2],
    [middle, area.bottom],
    [area.left, area.bottom],
  ];
  for (const [x, y] of corners) {
    await page.mouse.move(x, y, { steps: 3 });
    await page.mouse.click(x, y);
  }
  await page.mouse.move(corners[0]![0], corners[0]![1], { steps: 3 });
  await page.mouse.click(corners[0]![0], corners[0]![1]);

  const selected = await selectedCount(page);
  expect(selected).toBeGreaterThan(0);
  expect(selected).toBeLessThan(50);
  await page
    .getByRole('dialog')
    .getByRole('radio', { name: /Crew 2/ })
    .check();
  await page.getByRole('dialog').getByRole('button', { name: 'Assign', exact: true }).click();

  const confirm = page.getByRole('dialog', { name: 'Already Assigned' });
  await expect(confirm).toContainText(
    `The selection of ${selected} structures contains ${selected} structures that are assigned to an existing crew group`,
  );
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(crewCounts(page, 2)).toContainText(`${selected} structures`);
  await expect(crewCounts(page, 1)).toContainText(`${50 - selected} structures`);

  // The table and the Crew filter agree with the sidebar.
  await page.getByRole('combobox', { name: 'Crew', exact: true }).click();
  await page.getByRole('option', { name: 'Crew 2' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Select shown (${selected})` })).toBeVisible();
});

test('unassigns a crew with the confirmation, then deletes the crew group', async ({ page }) => {
  await openAssignment(page);
  const inCrew2 = await structureCount(crewCounts(page, 2));
  expect(inCrew2).toBeGreaterThan(0);

  await page.getByRole('combobox', { name: 'Crew', exact: true }).click();
  await page.getByRole('option', { name: 'Crew 2' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Select shown (${inCrew2})` }).click();
  await page.getByRole('dialog').getByRole('radio', { name: 'Unassign' }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Unassign' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirm unassignment' });
  await expect(confirm).toContainText(`You are about to unassign ${inCrew2} structures`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(crewCounts(page, 2)).toContainText('0 structures');
  await expect(page.getByTestId('structure-table')).toContainText('No structures match the filters.');

  // Personnel: add someone to crew 2, then delete the group with its confirmation.
  const sidebar = crewSidebar(page);
  await sidebar.getByRole('button', { name: /Crew 2/ }).click();
  const personnel = sidebar.getByRole('combobox', { name: 'Add Personnel' }).last();
  await personnel.click();
  const firstPerson = page.getByRole('option').first();
  const name = (await firstPerson.textContent()) ?? '';
  await firstPerson.click();
  await page.keyboard.press('Escape');
  await expect(sidebar).toContainText(name);

  await sidebar.getByRole('button', { name: 'Delete Crew Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Crew Group' });
  await expect(dialog).toContainText(
    'Deleting this crew group will unassign any users and structures that were assigned to this crew group.',
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(crewCounts(page, 2)).toHaveCount(0);
  await expect(sidebar.getByText('Crew 1', { exact: true })).toBeVisible();
});

test('Show/Minimize Crew folds the sidebar away and back', async ({ page }) => {
  await openAssignment(page);
  const sidebar = crewSidebar(page);
  await sidebar.getByRole('button', { name: 'Minimize Crew' }).click();
  await expect(sidebar.getByRole('button', { name: 'Add Crew Group' })).toHaveCount(0);
  await sidebar.getByRole('button', { name: 'Show Crew' }).click();
  await expect(sidebar.getByRole('button', { name: 'Add Crew Group' })).toBeVisible();

  // By keyboard: focus stays on the toggle, so Enter folds and unfolds again and again.
  await sidebar.getByRole('button', { name: 'Minimize Crew' }).focus();
  await page.keyboard.press('Enter');
  await expect(sidebar.getByRole('button', { name: 'Show Crew' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sidebar.getByRole('button', { name: 'Minimize Crew' })).toBeFocused();
  await expect(sidebar.getByRole('button', { name: 'Add Crew Group' })).toBeVisible();
});

test('Download CSV saves the shown structures with their crews', async ({ page }) => {
  await openAssignment(page);
  const { download, bytes } = await downloadFrom(page, page.getByRole('button', { name: 'Download CSV' }));
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = bytes.toString('utf8');
  const rows = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(rows[0]).toBe('Structure,Line Name,Crew,Image Count,Latitude,Longitude');
  expect(rows).toHaveLength(51); // the header and the project's 50 structures
});

test('with every crew group deleted the sidebar says "No Crew Groups"', async ({ page }) => {
  await openAssignment(page);
  const sidebar = crewSidebar(page);
  while ((await sidebar.getByRole('button', { name: 'Delete Crew Group' }).count()) === 0) {
    await sidebar
      .getByRole('button', { name: /^Crew \d+/ })
      .first()
      .click();
  }
  await sidebar.getByRole('button', { name: 'Delete Crew Group' }).first().click();
  await page
    .getByRole('dialog', { name: 'Delete Crew Group' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(sidebar.getByText('No Crew Groups')).toBeVisible();
});

test('"Add Personnel" offers only people in no crew, until "No Additional Users Available"', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await loginAs(page, ACCOUNTS.superAdmin.email);
  // A new crew group, and everyone free but two in it, through the API before the page opens: other
  // journeys add people meanwhile, and one by one through the list this took minutes on a busy machine.
  const projects = await json<Array<{ id: number; project_name: string }>>(
    await page.request.get('/api/v1/projects'),
  );
  const projectId = projects.find((p) => p.project_name === 'Wenatchee Feeder Survey')!.id;
  const { crewGroup } = await json<{ crewGroup: { crew_group_id: number } }>(
    await page.request.post(`/api/v1/assignment/addCrewGroup/${projectId}`, { data: {} }),
  );
  const { availableUsers } = await json<{ availableUsers: Array<{ user_id: number }> }>(
    await page.request.get(`/api/v1/assignment/${projectId}`),
  );
  for (const user of availableUsers.slice(2)) {
    const put = await page.request.post('/api/v1/assignment/addCrewUser', {
      params: { userId: user.user_id, crewGroupId: crewGroup.crew_group_id },
    });
    expect(put.ok(), await put.text()).toBe(true);
  }
  await page.goto('/projects/wenatchee-feeder-survey/assignment');
  const sidebar = crewSidebar(page);
  const groups = sidebar.getByRole('button', { name: /^Crew \d+/ });
  await expect(groups.last()).toBeVisible({ timeout: 90_000 });
  await groups.last().click();
  const personnel = sidebar.getByRole('combobox', { name: 'Add Personnel' }).last();
  let added = 0;
  for (; added < 40; added++) {
    await personnel.click();
    const option = page.getByRole('option').first();
    // Once everybody is in a crew the list offers no one and says so.
    if (!(await option.isVisible().catch(() => false))) break;
    const name = (await option.textContent()) ?? '';
    const saved = page.waitForResponse((r) => r.url().includes('/assignment/addCrewUser') && r.ok());
    await option.click();
    await saved;
    await page.keyboard.press('Escape');
    await expect(sidebar).toContainText(name);
  }
  expect(added).toBeGreaterThan(0);
  await expect(
    page.getByText('No Additional Users Available').filter({ visible: true }).first(),
  ).toBeVisible();
});
