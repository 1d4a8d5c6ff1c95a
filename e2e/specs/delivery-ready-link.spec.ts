import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs, submitLogin } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 21 §6 'who is told': a delivery package becoming ready e-mails the customer company's users a link.
 * The demo's Smoky Hill package ('First patrol delivery', built at the first start) sent one: a super admin
 * reads it in the outbox, and the customer, logged out, follows it, logs in and lands on that package on the
 * project's Delivery page, in view and marked, with its download.
 */

const SUBJECT = 'Your inspection photos are ready: Smoky Hill Transmission Patrol';
const PACKAGE = 'First patrol delivery';

test('the "photos are ready" e-mail opens the package on the Delivery page, through login', async ({
  page,
  openPage,
}) => {
  const admin = await openPage();
  await loginAs(admin, ACCOUNTS.superAdmin.email);
  await admin.goto('/admin/outbox');
  const row = admin.getByRole('row').filter({ hasText: SUBJECT });
  await row.getByRole('button', { name: `View message to ${ACCOUNTS.customer.email}` }).click();
  const mail = admin.getByRole('dialog', { name: SUBJECT });
  await expect(mail).toContainText(PACKAGE);
  const link = await mail.getByRole('link', { name: /\/archive/ }).getAttribute('href');
  expect(link).toMatch(/\/projects\/smoky-hill-transmission-patrol\/archive\?package=\d+$/);
  const target = new URL(link!);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(target.href);
  await expect(page).toHaveURL(/\/login\?returnTo=/);
  await submitLogin(page, ACCOUNTS.customer.email);
  await expect(page).toHaveURL(`${target.pathname}${target.search}`);

  const linked = page.getByTestId('delivery-package').filter({ hasText: PACKAGE });
  await expect(linked).toHaveAttribute('aria-current', 'true');
  await expect(linked).toBeInViewport();
  await expect(linked.getByRole('link', { name: `Download ${PACKAGE}` })).toBeVisible();
});
