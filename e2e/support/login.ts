import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './accounts.ts';

export const userNameField = (page: Page) => page.getByLabel('User Name');
export const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });

/** Fills the login form and submits it with Enter (the keyboard path). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await userNameField(page).fill(email);
  await passwordField(page).fill(password);
  await passwordField(page).press('Enter');
}

/** Logs in from /login and waits for the header, i.e. for the session. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
  // A cold server still processing the demo photos can take a while to answer the first logins.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 });
}
