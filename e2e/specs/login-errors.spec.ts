import { ACCOUNTS } from '../support/accounts.ts';
import { passwordField, submitLogin, userNameField } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

test('a wrong password shows "User Name or Password is incorrect"', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, ACCOUNTS.projectManager.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('User Name or Password is incorrect');
  await expect(page).toHaveURL('/login');
});

test('a too short user name or password flags the field and makes no call', async ({ page }) => {
  const loginCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/users/login')) loginCalls.push(request.url());
  });
  await page.goto('/login');
  await submitLogin(page, 'a', '123');
  await expect(userNameField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(passwordField(page)).toHaveAttribute('aria-invalid', 'true');

  // Fixing only the user name still leaves the password flagged.
  await submitLogin(page, ACCOUNTS.projectManager.email, '123');
  await expect(userNameField(page)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(passwordField(page)).toHaveAttribute('aria-invalid', 'true');
  expect(loginCalls).toEqual([]);
});

test('Forgot Password needs an e-mail address before it calls, and Escape closes it', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/users/forgot-password')) calls.push(request.url());
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  const dialog = page.getByRole('dialog', { name: "What's My Password?" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill('not-an-address');
  await dialog.getByLabel('Email').press('Enter');
  await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(calls).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(calls).toEqual([]);
});
