import { expect, test, type Page } from '@playwright/test';
import { FIRST_LOAD_STATE_ID, MESSAGES, type FirstLoadState } from '@cfs/contracts';
import { base, holdShellScript, open, region, saveSearch, signIn } from './helpers';

/**
 * Saving, alerts and prompts on the composed page: the email-alert prompt for an anonymous
 * visitor (and closed for the rest of the session), a signed-out save completed after sign-in,
 * the still-interested alert of a signed-in shopper with a browsing history, and the model-name
 * clarification's three answers, asked by a keyword and by the search answer's suggested model.
 */

const PROMPT = 'Get email alerts for this search';

async function firstLoad(page: Page): Promise<FirstLoadState> {
  return JSON.parse((await page.locator(`#${FIRST_LOAD_STATE_ID}`).textContent())!);
}

test('the email-alert prompt shows by itself for an anonymous visitor and stays closed after closing', async ({ page }) => {
  await open(page, '/cars-for-sale?makeCode=FORD');
  const alerts = region(page, 'alerts');
  const prompt = alerts.getByRole('form', { name: PROMPT });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await prompt.getByRole('button', { name: 'Close email alerts' }).click();
  await expect(prompt).toBeHidden();

  await page.reload();
  await page.locator('html[data-cfs-ready]').waitFor({ state: 'attached' });
  await expect(saveSearch(page)).toBeVisible();
  // Give the page its chance to show the prompt: it must not.
  await page.waitForLoadState('networkidle');
  await expect(alerts.getByRole('form', { name: PROMPT })).toHaveCount(0);
});

test('the prompt subscribes the search, with the consumer metadata update accepted by the gateway', async ({ page }) => {
  await open(page, '/cars-for-sale?makeCode=FORD');
  const prompt = region(page, 'alerts').getByRole('form', { name: PROMPT });
  const email = `alert-${Date.now()}@example.com`;
  await prompt.getByRole('textbox', { name: 'Email' }).fill(email);
  const answer = page.waitForResponse((r) => r.url().endsWith('/account-api/email-subscriptions'));
  await prompt.getByRole('button', { name: MESSAGES.subscribe }).click();
  const res = await answer;
  expect(res.status()).toBe(201);
  expect(res.request().postDataJSON()).toMatchObject({ email, consumerMetadata: { emailSubscribe: 'subscribed' } });
  await expect(prompt.getByRole('button', { name: MESSAGES.subscribed })).toBeVisible();
});

test("a prompt sent before the page's scripts started is sent once its region is ready, not lost to a reload", async ({ page }) => {
  // The shell's own script held back: the shopper types and presses Subscribe in the server HTML.
  const letShellRun = await holdShellScript(page);
  await page.goto(`${base()}/cars-for-sale?makeCode=FORD`);
  const at = page.url();
  const prompt = region(page, 'alerts').getByRole('form', { name: PROMPT });
  const email = `early-${Date.now()}@example.com`;
  await prompt.getByRole('textbox', { name: 'Email' }).fill(email);
  const answer = page.waitForResponse((r) => r.url().endsWith('/account-api/email-subscriptions'));
  await prompt.getByRole('button', { name: MESSAGES.subscribe }).click();
  // Not sent by the browser meanwhile: the page stays as it was.
  await page.waitForTimeout(300);
  expect(page.url()).toBe(at);
  await expect(page.locator('html[data-cfs-ready]')).toHaveCount(0);

  letShellRun();
  const res = await answer;
  expect(res.status()).toBe(201);
  expect(res.request().postDataJSON()).toMatchObject({ email });
  await expect(prompt.getByRole('button', { name: MESSAGES.subscribed })).toBeVisible();
  expect(page.url()).toBe(at);
});

test('a signed-out save goes to sign-in and, back on the page, completes the save', async ({ page }) => {
  await open(page, '/cars-for-sale?makeCode=TOYOTA&firstRecord=24');
  const alerts = region(page, 'alerts');
  // The prompt shows: a click on Save Search (in the 'Your Search' card) now means saving, which
  // needs sign-in first.
  await expect(alerts.getByRole('form', { name: PROMPT })).toBeVisible();
  await saveSearch(page).click();

  // The click itself opens the sign-in path, on its sign-up screen, with the search to return to.
  await page.waitForURL(/\/account\/signin\?/);
  const signInAt = new URL(page.url());
  expect(signInAt.searchParams.get('defaultScreen')).toBe('signup');
  expect(signInAt.searchParams.get('returnUrl')).toMatch(/^\/cars-for-sale\?/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const email = `saver-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: /Sign in|Create account/ }).click();

  await page.waitForURL(/\/cars-for-sale\?/);
  // Paging reset: the return URL has no firstRecord.
  expect(new URL(page.url()).searchParams.get('firstRecord')).toBeNull();
  expect(new URL(page.url()).searchParams.get('makeCode')).toBe('TOYOTA');
  await expect(region(page, 'filters').getByRole('button', { name: 'Search Saved' })).toBeVisible({ timeout: 20_000 });
  await expect(alerts.getByRole('region', { name: 'Your saved searches' })).toContainText('Toyota');

  // The upstream stored it for this shopper.
  const list = await page.request.get(`${base()}/account-api/savedsearches`);
  expect(list.ok()).toBe(true);
  const saved = (await list.json()).savedSearches as { saveSearchString: string }[];
  expect(saved.map((s) => s.saveSearchString)).toEqual([expect.stringContaining('makeCode=TOYOTA')]);
});

test('the still-interested alert shows a signed-in shopper the vehicles of their history, and closes', async ({ page }) => {
  // The listings of the search, read before signing in (a signed-in page load reads the history).
  await open(page, '/cars-for-sale?makeCode=FORD');
  const vins = (await firstLoad(page)).result!.listings.slice(0, 2).map((l) => l.vin);
  expect(vins).toHaveLength(2);

  await signIn(page, 'interested');
  const sent = await page.request.post(`${base()}/account-api/still-interested`, { data: { brand: 'atc', vins } });
  expect(sent.status()).toBe(202);

  await open(page, '/cars-for-sale?makeCode=FORD');
  const alert = page.getByRole('region', { name: 'Still interested in these cars?' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('listitem')).toHaveCount(2);
  const box = await alert.boundingBox();
  const viewport = page.viewportSize()!;
  expect(Math.round(box!.y + box!.height)).toBeGreaterThanOrEqual(viewport.height - 1);
  // page-furniture §9: the popup is 400 x 140 (at least, with two vehicles it may be taller).
  expect(Math.round(box!.width)).toBe(400);
  expect(box!.height).toBeGreaterThanOrEqual(140);
  // page-furniture §7: 'Keep me posted' sends brand, vins and the shopper's consumer_id.
  // (The browser's beacon body cannot be read here: a refused beacon sends the same body as a POST of JSON.)
  await page.evaluate(() => Object.defineProperty(navigator, 'sendBeacon', { value: () => false }));
  const stillInterested = page.waitForRequest((r) => r.url().endsWith('/account-api/still-interested') && r.method() === 'POST');
  await alert.getByRole('button', { name: 'Keep me posted' }).click();
  const body = JSON.parse((await stillInterested).postData() ?? 'null') as { brand: string; vins: string[]; consumer_id?: string };
  expect(body).toMatchObject({ brand: 'atc', vins });
  expect(body.consumer_id).toMatch(/^[A-Za-z0-9_-]+$/);
  await expect(alert).toBeHidden();
  // Dismissed vehicles are not named again; the alert shows again only with new ones.
  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await expect(alert).toBeVisible();

  await alert.getByRole('button', { name: 'Close still-interested alert' }).click();
  await expect(alert).toBeHidden();
  await page.reload();
  await page.locator('html[data-cfs-ready]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Still interested in these cars?' })).toHaveCount(0);
});

test("the model-name clarification: Yes adds the make and model, No dismisses, Don't show me this again sticks", async ({ page }) => {
  await open(page, '/cars-for-sale');
  const listing = (await firstLoad(page)).result!.listings.find((l) => /^[A-Za-z]+$/.test(l.model?.name ?? ''));
  expect(listing, 'a listing with a one-word model name').toBeTruthy();
  const { make, model } = listing!;
  const keyword = `/cars-for-sale?keywordPhrases=${encodeURIComponent(model.name)}`;
  const question = () => page.getByRole('dialog', { name: `Did you mean the ${make.name} ${model.name}?` });

  // No: gone, and nothing searched.
  await open(page, keyword);
  await question().getByRole('button', { name: MESSAGES.clarificationNo }).click();
  await expect(question()).toBeHidden();
  expect(new URL(page.url()).searchParams.get('modelCode')).toBeNull();

  // Yes: the make and model are added to the search.
  await open(page, keyword);
  await question().getByRole('button', { name: MESSAGES.clarificationYes }).click();
  await expect(page).toHaveURL(new RegExp(`modelCode=${model.code}`, 'i'));
  await expect(page).toHaveURL(new RegExp(`makeCode=${make.code}`, 'i'));
  await expect(question()).toBeHidden();

  // Don't show me this again: the cookie keeps it away on later visits.
  await open(page, keyword);
  await question().getByRole('button', { name: MESSAGES.clarificationNeverAgain }).click();
  await expect(question()).toBeHidden();
  const cookie = (await page.context().cookies()).find((c) => c.name === 'modelClarificationOff');
  expect(cookie?.value.toUpperCase()).toContain(model.code.toUpperCase());
  await open(page, keyword);
  await page.waitForLoadState('networkidle');
  await expect(question()).toHaveCount(0);
});

test('the model-name clarification asks about the model the search answer suggests, as a modal, and Yes adds it', async ({ page }) => {
  await open(page, '/cars-for-sale?makeCode=FORD&modelCode=MUSTANG');
  const question = page.getByRole('dialog', { name: 'Did you mean the Ford Mustang Mach-E?' });
  await expect(question).toBeVisible();
  // A modal: focus is in it, on Yes.
  await expect(question.getByRole('button', { name: MESSAGES.clarificationYes })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/modelCode=MUSTANG(%2C|,)MACHE/i);
  await expect(question).toBeHidden();
});
