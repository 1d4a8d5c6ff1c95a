import { expect, type Page } from '@playwright/test';

/** The full-screen inspection viewer a row of the Inspect tab opens. */
export const viewer = (page: Page) => page.getByTestId('inspection-viewer');

/** Waits for the viewer's photos (or its empty state); the first load of a cold server may be slow. */
export async function waitForViewer(page: Page): Promise<void> {
  await expect(viewer(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('image-counter')).toHaveText(/^\d+\/\d+$/, { timeout: 30_000 });
}

/**
 * Opens the completion dialog from the viewer: steps to the last photo (where Complete Inspection shows),
 * then clicks Complete Inspection (confirming the unassigned-photo warning), or View Inspection Report and
 * the report's Completion Form button for a reviewed inspection.
 */
export async function openCompletionFromViewer(page: Page): Promise<void> {
  await waitForViewer(page);
  const next = viewer(page).getByRole('button', { name: 'Next' });
  while (await next.isEnabled()) await next.click();
  const button = viewer(page).getByRole('button', { name: /^(Complete Inspection|View Inspection Report)$/ });
  const reviewed = (await button.textContent()) === 'View Inspection Report';
  await button.click();
  if (reviewed) {
    await page
      .getByRole('dialog', { name: /^Inspection Report · / })
      .getByRole('button', { name: 'Completion Form' })
      .click();
    return;
  }
  // The pre-checks (unassigned photos near the structure, then arms or flanges without photos) open one
  // after the other, each a moment after the click: answer each until the completion form is open.
  const form = page.getByRole('dialog', { name: /^Complete(d)? Inspection$/ });
  const precheck = page.getByRole('dialog', {
    name: /^(Unassigned Images|Arms Without Images|Flanges Without Images)$/,
  });
  for (;;) {
    await expect(form.or(precheck).first()).toBeVisible({ timeout: 30_000 });
    if (await form.isVisible()) return;
    const title = await precheck
      .first()
      .getAttribute('aria-labelledby')
      .then((id) => (id ? page.locator(`[id="${id}"]`).textContent() : null));
    await precheck.first().getByRole('button', { name: 'Complete Inspection Anyways' }).click();
    if (title) await expect(page.getByRole('dialog', { name: title, exact: true })).toBeHidden();
  }
}

export async function closeViewer(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close viewer' }).click();
  await expect(viewer(page)).toBeHidden();
}
