import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

test('a pilot takes control of the demo drone, arms it, takes off with P held, flies forward with W and lands', async ({
  page,
}) => {
  test.setTimeout(4 * 60_000);
  await loginAs(page, ACCOUNTS.inspector.email);
  await page.goto('/remote-flight');
  await expect(page.getByText('Choose a drone to watch or fly')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('combobox', { name: 'Drone' }).click();
  await page.getByRole('option', { name: /^Dock Drone 1/ }).click();
  await expect(page).toHaveURL(/\/remote-flight\?droneId=\d+$/);

  // Live status and video arrive; the drone is on the ground.
  const status = page.getByText(/^Position -?\d/);
  await expect(status).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Landed', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Live video from the drone' })).toHaveAttribute(
    'src',
    /^data:image\/jpeg;base64,/,
    { timeout: 30_000 },
  );
  await expect(page.getByLabel('Video mode')).toHaveText('SD');
  await expect(page.getByRole('button', { name: 'Tap Capture Image, Hold to Record' })).toBeDisabled();

  await page.getByRole('button', { name: 'Take Control' }).click();
  await expect(page.getByText('You are flying')).toBeVisible();

  // Arm: hold the button (a click is not enough).
  const arm = page.getByRole('button', { name: 'Arm Drone' });
  await arm.click();
  await expect(arm).toBeVisible();
  await arm.hover();
  await page.mouse.down();
  await page.waitForTimeout(1_200);
  await page.mouse.up();
  await expect(page.getByRole('button', { name: 'Disarm Drone' })).toBeVisible({ timeout: 10_000 });

  // Take off: P held.
  await page.keyboard.down('p');
  await page.waitForTimeout(1_200);
  await page.keyboard.up('p');
  await expect(page.getByText('Airborne', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^Altitude (1\d|2\d)\.\d m$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Tap Capture Image, Hold to Record' })).toBeEnabled();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/remote-flight-airborne.png` });

  // Forward: W held moves the drone north; its position changes.
  const before = await status.textContent();
  await page.keyboard.down('w');
  await page.waitForTimeout(2_500);
  await page.keyboard.up('w');
  await expect(status).not.toHaveText(before ?? '', { timeout: 10_000 });

  // The Input Queue lists the real commands with their round-trip times.
  await page.getByRole('button', { name: 'Input Queue' }).click();
  const queue = page.getByRole('table', { name: 'Input Queue' });
  await expect(queue.getByRole('row').filter({ hasText: 'Forward' }).first()).toContainText(
    /executed\s*\d+ ms/,
  );
  await expect(queue.getByRole('row').filter({ hasText: 'Take-Off' })).toContainText('executed');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/remote-flight-queue.png` });
  await page.getByRole('button', { name: 'Input Queue' }).click();

  // Land: P held again.
  await page.keyboard.down('p');
  await page.waitForTimeout(1_200);
  await page.keyboard.up('p');
  await expect(page.getByText('Landed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Release Control' }).click();
  await expect(page.getByText('Nobody is flying')).toBeVisible();
});
