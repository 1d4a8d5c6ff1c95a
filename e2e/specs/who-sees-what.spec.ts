import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

/**
 * Who sees what (spec 2 §6; issue 21 §6): a customer sees the delivered, accepted result, not the inspection
 * company's quality work; every staff role goes back to All Projects; the Inspect and Pilots tables fit a
 * 1440 px screen; an invitation's link is a 'Set Your Password' page.
 */
const PROJECT = '/projects/platte-valley-distribution-survey';
const SHOTS = 'test-results/who-sees-what';

const rows = (page: Page) => page.getByTestId('inspection-row');

async function openInspect(page: Page, email: string) {
  await loginAs(page, email);
  await page.goto(`${PROJECT}/inspect`);
  // A cold project page on a busy machine takes a while.
  await expect(rows(page).first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('count-all')).toHaveText(/^[\d,]+$/);
}

/**
 * The table fits its box: nothing to scroll sideways, with room left for a classic 17 px vertical scrollbar
 * (Windows, most Linux desktops), which this headless browser does not draw.
 */
async function expectTableFits(scroller: Locator) {
  const size = await scroller.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    // The columns' own widths (the table then stretches to its box).
    table: Number.parseFloat(el.querySelector('table')!.style.width),
  }));
  expect(size.scroll).toBeLessThanOrEqual(size.client);
  expect(size.table + 17).toBeLessThanOrEqual(size.client);
}

/** The right edge of `locator` lies inside the window: nothing to scroll sideways to see it. */
async function expectOnScreen(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('a customer sees the accepted result: no Rejected button, no Reject Count, no Unassigned Images tile', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openInspect(page, ACCOUNTS.customer.email);
  const header = page.getByTestId('project-header');
  await expect(header.getByRole('group', { name: 'Images Total' })).toBeVisible();
  await expect(header.getByRole('group', { name: 'Unassigned Images' })).toHaveCount(0);
  await expect(header.getByRole('group', { name: 'KMZ Structures' })).toBeVisible();
  const filters = page.getByRole('group', { name: 'Filter inspections by status' });
  await expect(filters.getByRole('button')).toHaveText([/^All/, /^Pending/, /^Complete/]);
  await expect(page.getByRole('columnheader', { name: 'Reject Count' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/customer-inspect.png` });
  // (The viewer's Rejected view and read-only shot type: viewer-panels.spec.ts, on a project with photos.)
});

test('staff see the quality work: the Rejected button and the Unassigned Images tile', async ({ page }) => {
  test.setTimeout(120_000);
  await openInspect(page, ACCOUNTS.inspector.email);
  await expect(
    page.getByTestId('project-header').getByRole('group', { name: 'Unassigned Images' }),
  ).toBeVisible();
  const filters = page.getByRole('group', { name: 'Filter inspections by status' });
  await expect(filters.getByRole('button')).toHaveText([/^All/, /^Pending/, /^Complete/, /^Rejected/]);
});

test('an inspector goes back to All Projects from a project', async ({ page }) => {
  await loginAs(page, ACCOUNTS.inspector.email);
  await page.goto(`${PROJECT}/overview`);
  const back = page.getByRole('main').getByRole('link', { name: 'All Projects', exact: true });
  await expect(back).toBeVisible({ timeout: 90_000 });
  await back.click();
  await expect(page).toHaveURL('/projects');
  await expect(page.getByRole('heading', { name: 'All Projects' })).toBeVisible();
});

test.describe('at 1440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the Inspect table shows Count and Reject Count without scrolling sideways', async ({ page }) => {
    test.setTimeout(120_000);
    await openInspect(page, ACCOUNTS.projectManager.email);
    await expectOnScreen(page, page.getByRole('columnheader', { name: 'Count', exact: true }));
    await expectOnScreen(page, page.getByRole('columnheader', { name: 'Reject Count' }));
    await expectTableFits(page.getByTestId('inspection-table'));
    await page.screenshot({ path: `${SHOTS}/inspect-1440.png` });
  });

  test("the Pilots tab shows each pilot's Actions without scrolling sideways", async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, ACCOUNTS.projectManager.email);
    await page.goto(`${PROJECT}/pilots`);
    const actions = page.getByRole('columnheader', { name: 'Actions' });
    await expect(page.getByTestId('project-pilot-row').first()).toBeVisible({ timeout: 90_000 });
    await expectOnScreen(page, actions);
    const assign = page.getByRole('button', { name: /^(Assign|Unassign)$/ }).first();
    await expectOnScreen(page, assign);
    await page.screenshot({ path: `${SHOTS}/pilots-1440.png` });
  });
});

test.describe('at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the Inspect table gives way (names and notes cut short) before it scrolls sideways', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openInspect(page, ACCOUNTS.projectManager.email);
    await expectOnScreen(page, page.getByRole('columnheader', { name: 'Reject Count' }));
    const size = await page
      .getByTestId('inspection-table')
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(size.scroll).toBeLessThanOrEqual(size.client);
    // Every header still reads whole.
    for (const header of await page.getByRole('columnheader').all()) {
      const cut = await header.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(cut, (await header.textContent()) ?? '').toBe(false);
    }
    await page.screenshot({ path: `${SHOTS}/inspect-1280.png` });
  });
});

test("an invitation's link opens 'Set Your Password', not 'Reset Password'", async ({ page }) => {
  await page.goto('/set-password?token=not-a-real-token&userId=3');
  await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
  await expect(page).toHaveTitle(/^Set Your Password/);
  await expect(page.getByText(/An account was created for you/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set Password' })).toBeVisible();
  await expect(page.getByText('Reset Password')).toHaveCount(0);
  // The password reset keeps its own page.
  await page.goto('/reset-password?token=not-a-real-token&userId=3');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
});
