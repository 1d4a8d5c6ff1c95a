import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

test('the console says the link to the drone is lost when statuses stop arriving, and clears it when they return', async ({
  page,
}) => {
  test.setTimeout(2 * 60_000);
  // The live connection passes through the test: statuses can be held back as a failing network would.
  let holdStatuses = false;
  await page.routeWebSocket('**/api/v1/drones/live', (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      if (holdStatuses && String(message).startsWith('{"op":"status"')) return;
      socket.send(message);
    });
  });
  await loginAs(page, ACCOUNTS.projectManager.email);
  await page.goto('/remote-flight');
  await page.getByRole('combobox', { name: 'Drone' }).click({ timeout: 60_000 });
  await page.getByRole('option', { name: /^Dock Drone 1/ }).click();
  await expect(page.getByText(/^Position -?\d/)).toBeVisible({ timeout: 30_000 });
  const lost = page.getByText('Link to the drone lost');
  await expect(lost).toHaveCount(0);

  holdStatuses = true;
  await expect(lost).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('No status from the drone for over a second.')).toBeVisible();

  holdStatuses = false;
  await expect(lost).toHaveCount(0, { timeout: 30_000 });
});
