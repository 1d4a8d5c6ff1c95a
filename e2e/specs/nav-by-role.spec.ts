import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

// Header links per role (spec 1 §6 'Nav and page visibility'), in header order.
const CASES = [
  {
    role: 'super admin',
    email: ACCOUNTS.superAdmin.email,
    links: ['Assets', 'AI', 'Projects', 'Customers', 'Users', 'Bids'],
  },
  {
    role: 'project manager',
    email: ACCOUNTS.projectManager.email,
    links: ['Projects', 'Customers', 'Users', 'Bids'],
  },
  { role: 'inspector', email: ACCOUNTS.inspector.email, links: ['Projects'] },
  { role: 'user', email: ACCOUNTS.user.email, links: ['Projects'] },
  { role: 'customer', email: ACCOUNTS.customer.email, links: ['Assets', 'Projects'] },
] as const;

const ALL_LINKS = ['Assets', 'AI', 'Projects', 'Customers', 'Users', 'Bids'];

for (const { role, email, links } of CASES) {
  test(`the ${role} role sees ${links.join(', ')} in the header`, async ({ page }) => {
    await loginAs(page, email);
    await page.goto('/');
    await expect(page).toHaveURL('/projects');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ALL_LINKS) {
      const link = nav.getByRole('link', { name: label, exact: true });
      if ((links as readonly string[]).includes(label)) await expect(link).toBeVisible();
      else await expect(link).toHaveCount(0);
    }
    // Only super admins get the outbox and the audit log.
    await expect(nav.getByRole('button', { name: 'Admin' })).toHaveCount(role === 'super admin' ? 1 : 0);
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
}

test('the header shows the company brand and the user, and links the logo to the projects', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.customer.email);
  await page.goto('/projects');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText(ACCOUNTS.customer.company)).toBeVisible();
  await page.goto('/users');
  await nav.getByRole('link', { name: 'All Projects' }).click();
  await expect(page).toHaveURL('/projects');
  await expect(page.getByRole('heading', { name: 'All Projects' })).toBeVisible();
});

test('a super admin opens the outbox, the audit log and the jobs from the Admin menu', async ({ page }) => {
  await loginAs(page, ACCOUNTS.superAdmin.email);
  await page.goto('/projects');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText(ACCOUNTS.superAdmin.name)).toBeVisible();
  await nav.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  // Our own login is recorded.
  await expect(page.getByRole('cell', { name: 'user.login' }).first()).toBeVisible();
  await nav.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Outbox' }).click();
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await nav.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { name: 'Jobs' })).toBeVisible();
});

test('on a phone the links move into the menu drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await loginAs(page, ACCOUNTS.projectManager.email);
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL('/customers');
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await expect(drawer).toBeHidden();
});
