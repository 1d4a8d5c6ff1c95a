import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3399';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
await page.goto(`${base}/login`);
await page.getByLabel('User Name').fill('manager@demo.linewalker.app');
await page.getByLabel('Password', { exact: true }).fill('demo1234');
await page.keyboard.press('Enter');
await page.waitForURL((u) => !u.pathname.startsWith('/login'));
const times = [];
for (let k = 0; k < 5; k++) {
  await page.goto(`${base}/sensor`, { waitUntil: 'commit' });
  const row = page.locator('[data-testid=sensor-row]').first();
  await row.waitFor({ timeout: 30000 });
  times.push(
    await page.evaluate(() => {
      const api = performance.getEntriesByType('resource').find((e) => e.name.includes('sensor_data'));
      const nav = performance.getEntriesByType('navigation')[0];
      return [Math.round(performance.now()), Math.round(nav.domContentLoadedEventEnd), Math.round(api?.requestStart ?? -1), Math.round(api?.responseEnd ?? -1)];
    }),
  );
}
const res = await page.request.get(`${base}/api/v1/structures/sensor_data`);
const etag = res.headers().etag;
const again = await page.request.get(`${base}/api/v1/structures/sensor_data`, { headers: { 'if-none-match': etag } });
console.log(JSON.stringify({ rows: (await res.json()).length, bytes: (await res.body()).length, times, status304: again.status() }));
await browser.close();
