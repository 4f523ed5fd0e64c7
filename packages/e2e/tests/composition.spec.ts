import { expect, test } from '@playwright/test';
import { REMOTE_NAMES } from '@cfs/contracts';
import { open, region, saveSearch, waitForResults } from './helpers';

test('all six remotes mount into their regions from their own builds', async ({ page }) => {
  const remoteFiles: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/cars-for-sale/remotes/')) remoteFiles.push(new URL(r.url()).pathname);
  });
  await open(page);
  await waitForResults(page);

  // The compare drawer, empty until then, loads its code with the first 'Add to Compare', and
  // still receives that first listing.
  expect(remoteFiles.some((f) => f.startsWith('/cars-for-sale/remotes/mf-compare/'))).toBe(false);
  const card = region(page, 'results').getByRole('article').first();
  const title = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: 'Add to Compare' }).click();
  await expect(region(page, 'compare').getByRole('list', { name: 'Listings to compare' })).toContainText(title);

  // Pick a make and model so the reference section has something to show.
  const make = region(page, 'filters').getByRole('combobox', { name: 'Make' });
  await make.selectOption({ index: 1 });
  const model = region(page, 'filters').getByRole('combobox', { name: 'Model' });
  await expect(model).toBeEnabled();
  await model.selectOption({ index: 1 });
  await expect(page).toHaveURL(/modelCode=/);

  // The reference section, below the fold, loads its code as it nears the viewport.
  await region(page, 'reference').scrollIntoViewIfNeeded();
  for (const name of REMOTE_NAMES) {
    // Each remote's root sits inside its own region and came from its own versioned build.
    await expect(page.locator(`[data-region="${name}"] > [data-boundary="${name}"]`)).toHaveCount(1);
    await expect
      .poll(() => remoteFiles.some((f) => f.startsWith(`/cars-for-sale/remotes/${name}/`) && f.endsWith('/remoteEntry.js')))
      .toBe(true);
  }
  await expect(region(page, 'results').getByRole('button', { name: 'Add to Compare' }).first()).toBeVisible();
  await expect(region(page, 'reference').getByRole('tab', { name: 'Pricing' })).toBeVisible();
  await expect(saveSearch(page)).toBeVisible();
});

test('the page holds exactly one React renderer and one bus', async ({ page }) => {
  await open(page);
  await waitForResults(page);
  // The regions' code waits for the shopper: reaching into the results and the filter panel brings it.
  await region(page, 'results').getByRole('article').first().hover();
  await region(page, 'filters').getByRole('combobox', { name: 'Make' }).focus();
  const counts = () =>
    page.evaluate(() => {
      const w = window as unknown as { __REACT_RENDERERS__?: string[]; __CFS_BUSES__: string[] };
      return { renderers: w.__REACT_RENDERERS__?.length ?? 0, buses: w.__CFS_BUSES__.length };
    });
  await expect.poll(counts).toEqual({ renderers: 1, buses: 1 });
  await expect(region(page, 'results').getByRole('button', { name: 'Add to Compare' }).first()).toBeVisible();
  expect(await counts()).toEqual({ renderers: 1, buses: 1 });
});

test("on a wide screen the results grid shows three cards per row, styled by the remote's own stylesheet, sent once", async ({ page }) => {
  const stylesheets: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'stylesheet') stylesheets.push(new URL(r.url()).pathname);
  });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await open(page);
  await waitForResults(page);
  const cards = region(page, 'results').getByRole('article');
  await expect(cards.nth(3)).toBeVisible();
  const tops = await Promise.all([0, 1, 2, 3].map(async (i) => Math.round((await cards.nth(i).boundingBox())!.y)));
  expect(new Set(tops.slice(0, 3)).size).toBe(1);
  expect(tops[3]).toBeGreaterThan(tops[0]);
  // The remote's stylesheet came inline with the server HTML, under its file name, and its
  // module did not fetch it a second time.
  await expect(page.locator('head style[data-remote-styles="mf-results"][data-href$=".css"]')).toHaveCount(1);
  expect(stylesheets.filter((p) => p.startsWith('/cars-for-sale/remotes/mf-results/'))).toEqual([]);
});

test('the first load asks for nothing that is missing and logs no error', async ({ page }) => {
  const failed: string[] = [];
  const errors: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  page.on('requestfailed', (r) => failed.push(`failed ${r.url()}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await open(page);
  await waitForResults(page);
  await expect(region(page, 'filters').getByRole('combobox', { name: 'Make' })).toBeVisible();
  await expect(saveSearch(page)).toBeVisible();
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
});

test('a page loads no React until the shopper reaches into a region: the first reach brings it, once', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const react = () => scripts.filter((p) => /\/react\.[0-9a-f]+\.js$/.test(p));
  // open() waits for the shell's start to say the page is ready (html[data-cfs-ready]).
  await open(page);
  await waitForResults(page);
  await page.waitForLoadState('networkidle');
  expect(scripts.some((p) => p.startsWith('/cars-for-sale/remotes/shell/'))).toBe(true);
  expect(react()).toEqual([]);
  // A card's link is a link meanwhile; the first reach into the region brings its code and React.
  await expect(region(page, 'results').getByRole('article').first().getByRole('link').first()).toHaveAttribute('href', /.+/);
  await region(page, 'results').getByRole('article').first().hover();
  await expect.poll(() => react().length).toBe(1);
  await expect(region(page, 'results').getByRole('button', { name: 'Add to Compare' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(react()).toHaveLength(1);
});
