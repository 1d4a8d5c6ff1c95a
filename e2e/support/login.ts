import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './accounts.ts';

export const userNameField = (page: Page) => page.getByLabel('User Name');
export const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });

/**
 * Fills the login form and submits it with Enter (the keyboard path). Only for journeys about the form
 * itself (its errors, logout, password reset, the return target); every other journey uses loginAs.
 */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await userNameField(page).fill(email);
  await passwordField(page).fill(password);
  await passwordField(page).press('Enter');
}

/** How long a cold server may refuse connections before loginAs gives up. */
const CONNECT_PATIENCE_MS = 60_000;

/** The request never reached an answer (server not listening yet, connection dropped): worth another try. */
const isConnectionFailure = (error: unknown): boolean =>
  error instanceof Error &&
  /ECONNREFUSED|ECONNRESET|EPIPE|socket hang up|other side closed/i.test(error.message);

/**
 * Logs in through the API: the session cookie the answer sets lands in the page's browser context
 * (page.request shares its cookies), so the page's next load is logged in. Opens no page: the journey goes
 * straight to where it starts. A connection failure (a cold server) is tried again; any answer other than
 * 200 (a refused login, a throttle) fails at once with the server's reason.
 */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const giveUpAt = Date.now() + CONNECT_PATIENCE_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await page.request.post('/api/v1/users/login', { data: { email, password } });
      expect(response.status(), `login of ${email}: ${await response.text()}`).toBe(200);
      return;
    } catch (error) {
      if (!isConnectionFailure(error) || Date.now() > giveUpAt) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * attempt, 2_000)));
    }
  }
}

/**
 * Logs in the way a person does, from /login through the form, and waits for the header. Only for
 * journeys about logging in (logout, a first login after a password reset); the rest use loginAs.
 */
export async function loginThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
  // A cold server still processing the demo photos can take a while to answer the first logins.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 });
}
