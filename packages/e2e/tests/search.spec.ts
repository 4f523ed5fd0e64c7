import { expect, test } from '@playwright/test';
import { base, open, region, waitForResults } from './helpers';

test('a make chosen in the filter panel updates the results and the URL; back restores it', async ({ page }) => {
  await open(page);
  await waitForResults(page);
  const results = region(page, 'results');
  const firstBefore = await results.getByRole('article').first().getByRole('heading').textContent();

  const make = region(page, 'filters').getByRole('combobox', { name: 'Make' });
  await make.selectOption({ index: 1 });
  const chosen = (await make.locator('option:checked').textContent())!.replace(/\s*\(\d[\d,]*\)\s*$/, '').trim();

  await expect(page).toHaveURL(/makeCode=/);
  // Every card on the page is now of the chosen make.
  await expect(results.getByRole('article').first().getByRole('heading')).toContainText(chosen);
  const titles = await results.getByRole('article').getByRole('heading').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  for (const t of titles) expect(t).toContain(chosen);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(chosen);

  await page.goBack();
  await expect(page).not.toHaveURL(/makeCode=/);
  await expect(results.getByRole('article').first().getByRole('heading')).toHaveText(firstBefore!);
  await expect(region(page, 'filters').getByRole('combobox', { name: 'Make' })).toHaveValue('');
});

test("while a search loads, the sponsored showcase's placeholder holds the card's place: the results below do not move", async ({
  page,
}) => {
  await open(page, '/cars-for-sale?listingType=USED');
  await waitForResults(page);
  const showcase = region(page, 'showcase');
  const results = region(page, 'results');
  const sort = region(page, 'filters').getByRole('combobox', { name: 'Sort by' });
  const values = await sort.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  // A first change brings the showcase's code; the next change is measured.
  await sort.selectOption(values[1]);
  // Mounted (a new search's showcase is rendered afresh, not hydrated).
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('measure').filter((m) => m.name.endsWith(' mf-showcase')).length))
    .toBe(1);
  await expect(showcase.getByRole('heading', { name: /^Sponsored by / })).toBeVisible();
  await expect(results.getByRole('list', { name: 'Vehicle listings' })).not.toHaveAttribute('aria-busy');
  // Two frames: the card's size is reported after a layout.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const card = await showcase.getByRole('article').boundingBox();
  const listTop = async () => (await results.getByRole('heading', { level: 2 }).first().boundingBox())!.y;
  const before = await listTop();

  // The next search's answer is held until the loading state is measured.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(
    (u) => u.pathname === '/rest/lsc/listing',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await sort.selectOption(values[2]);
  const placeholder = showcase.getByRole('status').filter({ hasText: 'Loading sponsored dealer' });
  await expect(placeholder).toBeVisible();
  expect(Math.abs((await placeholder.boundingBox())!.height - card!.height)).toBeLessThanOrEqual(1);
  expect(Math.abs((await listTop()) - before)).toBeLessThanOrEqual(1);
  release();
  await expect(showcase.getByRole('heading', { name: /^Sponsored by / })).toBeVisible();
});

test('a trim that does not belong to the make and model is dropped by a 301; one that belongs stays', async ({ page }) => {
  const foreign = await page.request.get(`${base()}/cars-for-sale?makeCode=FORD&modelCode=F150&listingType=USED&trimCode=XYZFOO`, {
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(301);
  expect(foreign.headers().location).not.toContain('trimCode');
  await open(page, foreign.headers().location);
  await waitForResults(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('F-150');

  const trims = await (await page.request.get(`${base()}/rest/lsc/crawl/trims?makeCode=FORD&modelCode=F150`)).json();
  const trim = (trims.trims as { code: string }[])[0].code;
  await open(page, `/cars-for-sale?makeCode=FORD&modelCode=F150&listingType=USED&trimCode=${trim}`);
  expect(new URL(page.url()).searchParams.get('trimCode')).toBe(trim);
});
