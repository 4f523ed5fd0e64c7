import { expect, test, type Locator, type Page } from '@playwright/test';
import { MESSAGES, PAGE_EVENTS_PATH, type PageEvent } from '@cfs/contracts';
import { open, region, upstream, waitForResults } from './helpers';

/**
 * Page events on the composed page (page-furniture §7 last paragraph): the shopper's clicks on the
 * showcase, See More Results, the article carousel and its articles, and the listings seen, reach
 * the gateway's collector as beacons and are stored by the upstream. A failed send is logged only
 * (§8): the page goes on working.
 */

/** A make-and-model page: the showcase, the results and the model reference with its articles. */
const F150 = '/cars-for-sale/all/ford/f150';

/** Every page event the upstream stored since `since` (its test-only read-back). */
async function storedSince(page: Page, since: string): Promise<PageEvent[]> {
  const res = await page.request.get(`${upstream()}/__page-events?since=${encodeURIComponent(since)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { batches: { events: PageEvent[] }[] }).batches.flatMap((b) => b.events);
}

/** Links are followed no further than the click: what is checked is the event the click sent. */
async function stayOnPage(page: Page) {
  await page.evaluate(() =>
    document.addEventListener('click', (e) => {
      if ((e.target as Element).closest('a')) e.preventDefault();
    }),
  );
}

test('the clicks and impressions of a visit reach the collector and are stored', async ({ page }) => {
  const since = new Date(Date.now() - 1000).toISOString();
  await open(page, F150);
  await waitForResults(page);
  await stayOnPage(page);
  const firstListing = await region(page, 'results').locator('[data-listing]').first().getAttribute('data-listing');
  expect(firstListing).toBeTruthy();

  // The showcase: its carousel opened (a click before hydration is held until it has), then Hide.
  const showcase = region(page, 'showcase');
  await showcase.getByRole('button', { name: MESSAGES.viewVehicles }).click();
  await expect(showcase.getByRole('button', { name: MESSAGES.hideVehicles })).toBeVisible({ timeout: 20_000 });
  await showcase.getByRole('button', { name: MESSAGES.hide, exact: true }).click();
  await expect(showcase.getByRole('article')).toHaveCount(0);

  // The article carousel and one of its articles.
  const reference = region(page, 'reference');
  await reference.scrollIntoViewIfNeeded();
  // Controls are brought to the middle of the screen, clear of the fixed ad bar at its bottom.
  const centre = (l: Locator) => l.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const articles = reference.getByRole('region', { name: 'Ford F-150 articles' });
  await expect(articles.getByRole('link').first()).toBeVisible({ timeout: 20_000 });
  // The section's code loads as it nears the viewport: Next is clicked until it has hydrated.
  const next = articles.getByRole('button', { name: 'Next articles' });
  const moved = (await next.count()) > 0 && (await next.isEnabled());
  if (moved) {
    await centre(next);
    await next.click();
    await expect(articles.getByText(/^Articles 1 to /)).toHaveCount(0, { timeout: 20_000 });
  }
  const link = articles.getByRole('link').first();
  const href = await link.getAttribute('href');
  await centre(link);
  await link.click();

  // See More Results (the button gives way to infinite scroll once its page is asked for).
  const seeMore = region(page, 'results').getByRole('button', { name: MESSAGES.seeMoreResults });
  await expect(async () => {
    if (await seeMore.count()) {
      await centre(seeMore);
      await seeMore.click();
    }
    await expect(seeMore).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });

  // The page is left: whatever is still held is sent at once.
  await page.goto('about:blank');

  await expect
    .poll(async () => (await storedSince(page, since)).map((e) => e.type), { timeout: 20_000 })
    .toEqual(
      expect.arrayContaining([
        'showcase:carousel',
        'showcase:hide-click',
        'results:load-more',
        'results:impression',
        'reference:article-click',
        ...(moved ? ['reference:carousel'] : []),
      ]),
    );
  const events = await storedSince(page, since);
  expect(events).toContainEqual(expect.objectContaining({ type: 'showcase:carousel', action: 'open' }));
  expect(events).toContainEqual({ type: 'results:load-more', firstRecord: expect.any(Number), by: 'button' });
  expect(events).toContainEqual({ type: 'reference:article-click', link: href });
  if (moved) expect(events).toContainEqual({ type: 'reference:carousel', action: 'next' });
  const seen = events.flatMap((e) => (e.type === 'results:impression' ? e.listingIds : []));
  expect(seen).toContain(firstListing);
  // Each listing once per search.
  expect(new Set(seen).size).toBe(seen.length);
});

test("the listings seen are counted before the results' code loads: a visit that only scrolls sends them, and loads no React", async ({
  page,
}) => {
  const since = new Date(Date.now() - 1000).toISOString();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await open(page);
  await waitForResults(page);
  const firstListing = await region(page, 'results').locator('[data-listing]').first().getAttribute('data-listing');
  // The shopper scrolls the first card into view (a wheel is no reach into the region).
  await page.mouse.move(5, 5);
  await page.mouse.wheel(0, 600);
  await expect(region(page, 'results').getByRole('article').first()).toBeInViewport({ ratio: 0.6 });
  await page.waitForLoadState('networkidle');
  // The region's code that waits for the shopper (its lifecycles module, without its React part) is all that loaded of it.
  expect(scripts.some((p) => /^\/cars-for-sale\/remotes\/mf-results\/[^/]+\/remoteEntry\.js$/.test(p))).toBe(true);
  expect(scripts.filter((p) => /\/(react|results-app)\.[0-9a-f]+\.js$/.test(p))).toEqual([]);

  await page.goto('about:blank');
  await expect
    .poll(async () => (await storedSince(page, since)).flatMap((e) => (e.type === 'results:impression' ? e.listingIds : [])), {
      timeout: 20_000,
    })
    .toContain(firstListing);
});

test('a failed send is logged only: the page goes on working', async ({ page }) => {
  const failed: string[] = [];
  page.on('pageerror', (err) => failed.push(err.message));
  // The store behind the collector fails: the gateway answers its error object to every batch.
  const fault = await page.request.put(`${upstream()}/__faults/pageEvents`, { data: { status: 503 } });
  expect(fault.ok()).toBe(true);
  try {
    await open(page, F150);
    await waitForResults(page);
    const results = region(page, 'results');
    const refused = page.waitForResponse((res) => new URL(res.url()).pathname === PAGE_EVENTS_PATH && res.status() === 502);
    // Pressed before the region has hydrated, it is pressed again once it has: its page is asked
    // for (a load-more page event), and the button gives way to infinite scroll.
    const seeMore = results.getByRole('button', { name: MESSAGES.seeMoreResults });
    await seeMore.click();
    await expect(seeMore).toHaveCount(0, { timeout: 20_000 });
    await expect(results.getByText(MESSAGES.loadingMore)).toHaveCount(0, { timeout: 20_000 });
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    // Sent as a beacon: text/plain JSON, which the gateway reads as JSON.
    expect((await refused).request().headers()['content-type']).toMatch(/^text\/plain/);
    // Nothing broke: no error reached the page, and its cards are still there.
    expect(failed).toEqual([]);
    await expect(results.getByRole('article').first()).toBeVisible();
  } finally {
    await page.request.delete(`${upstream()}/__faults`);
  }
});
