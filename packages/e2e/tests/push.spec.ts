import { expect, test } from '@playwright/test';
import { base, open, saveSearch } from './helpers';

/**
 * The notification prompt on the composed page: a shopper back within a day on a search with a
 * model filter is asked once; granting the browser's permission registers the device through the
 * consumer-device call (the upstream stores it), registers the push worker with the search area
 * as its scope, and sets the psid and siomid session cookies for at most 1800 s.
 */

const PROMPT = 'Get notified about new matches for this search';
const SEARCH = '/cars-for-sale?zip=29201&searchRadius=50&makeCode=TOYOTA&modelCode=MIRAI';

function upstream(): string {
  const url = process.env.E2E_UPSTREAM_URL;
  if (!url) throw new Error('E2E_UPSTREAM_URL is not set: the global setup did not run');
  return url;
}

test('the notification prompt: granting registers a device the upstream stores, the push worker and the session cookies', async ({
  page,
  context,
}) => {
  // The first visit is the recent-inventory view; no model filter: no prompt.
  await open(page, '/cars-for-sale?makeCode=TOYOTA');
  await expect(saveSearch(page)).toBeVisible();
  await expect(page.getByRole('region', { name: PROMPT })).toHaveCount(0);

  // Back within a day on a search with a model filter: asked.
  await open(page, SEARCH);
  const prompt = page.getByRole('region', { name: PROMPT });
  await expect(prompt).toBeVisible();

  // The shopper allows notifications when the browser asks.
  await context.grantPermissions(['notifications'], { origin: base() });
  const registered = page.waitForResponse((r) => r.url().endsWith('/cars-for-sale/consumer-device/browser'));
  await prompt.getByRole('button', { name: 'Turn on notifications' }).click();
  const res = await registered;
  expect(res.status()).toBe(201);
  const sent = res.request().postDataJSON() as { brand: string; browser_token: string };
  expect(sent).toMatchObject({ brand: 'atc', browser_token: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
  await expect(prompt).toBeHidden();

  // The upstream stored the device.
  const stored = await page.request.get(`${upstream()}/__devices/atc/${encodeURIComponent(sent.browser_token)}`);
  expect(stored.status()).toBe(200);
  expect(await stored.json()).toMatchObject({ brand: 'atc', browserToken: sent.browser_token });

  // The push worker is registered with the search area as its scope.
  const scopes = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope));
  expect(scopes).toEqual([`${base()}/cars-for-sale`]);

  // psid and siomid live at most 1800 s.
  const cookies = await context.cookies();
  const now = Date.now() / 1000;
  for (const name of ['psid', 'siomid']) {
    const c = cookies.find((x) => x.name === name);
    expect(c).toBeTruthy();
    expect(c!.expires).toBeGreaterThan(now);
    expect(c!.expires).toBeLessThanOrEqual(now + 1800);
  }

  // Shown once: not asked again.
  await open(page, SEARCH);
  await expect(saveSearch(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: PROMPT })).toHaveCount(0);
});
