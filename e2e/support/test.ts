import { test as base, expect, type Page } from '@playwright/test';

/**
 * The browser logs every 4xx answer as "Failed to load resource"; for the API those are answers
 * the app handles (403 for a bad login, 400 for a used reset
 * link). Anything else, including 5xx answers and script errors, fails the test.
 */
function isHandledApiAnswer(text: string, url: string): boolean {
  return (
    /^Failed to load resource: the server responded with a status of 4\d\d/.test(text) &&
    url.includes('/api/')
  );
}

function watchConsole(page: Page, errors: string[]): void {
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    if (!isHandledApiAnswer(message.text(), url)) errors.push(`${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
}

interface Fixtures {
  /** Console errors of every page the test opened; checked to be empty after each test. */
  consoleErrors: string[];
  /** A second, separate browser session (e.g. a super admin reading the outbox). */
  openPage: () => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      watchConsole(page, errors);
      await use(errors);
      expect(errors, 'the pages logged no console errors').toEqual([]);
    },
    { auto: true },
  ],
  openPage: async ({ browser, consoleErrors }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async () => {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      watchConsole(page, consoleErrors);
      return page;
    });
    for (const context of contexts) await context.close();
  },
});

export { expect };
