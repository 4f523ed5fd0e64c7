import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import type { SearchResult } from '@cfs/contracts';
import { base, holdShellScript, open, region, waitForResults } from './helpers';

/** A used-car search with many results, by relevance (its pages carry spotlights). */
const SEARCH = '/cars-for-sale?zip=30301&sortBy=relevance';
const SEE_MORE = 'See More Results';
const LOADING_MORE = 'Loading more results...';

/** The grid's load-more search calls (the first page arrives with the HTML). */
function isPage(req: Request, firstRecord?: number): boolean {
  const url = new URL(req.url());
  if (url.pathname !== '/rest/lsc/listing') return false;
  const from = url.searchParams.get('firstRecord');
  return from !== null && (firstRecord === undefined || Number(from) === firstRecord);
}

/** The listing ids of the cards the grid holds now (the rows near the viewport), from their title links. */
async function cardIds(page: Page): Promise<string[]> {
  const ids = await region(page, 'results')
    .getByRole('article')
    .evaluateAll((els) => els.map((el) => /\/vehicle\/([^?]+)\?/.exec(el.querySelector('h3 a')?.getAttribute('href') ?? '')?.[1] ?? ''));
  return ids.filter(Boolean);
}

/** A card of the grid by its listing, as a shopper finds it: the link with its title to that vehicle. */
function cardLink(page: Page, listing: SearchResult['listings'][number]) {
  return region(page, 'results')
    .getByRole('article')
    .getByRole('link')
    .and(page.locator(`h3 a[href*="/vehicle/${listing.id}?"]`));
}

/**
 * The first card whose title link is wholly in the viewport and not covered (by a sticky header
 * or bar): its title link and the link's box. A link a shopper can see and click where it is: one
 * that is below the fold or under a header would be scrolled by the click first, and the place
 * remembered would not be the one measured here.
 */
async function cardInView(page: Page) {
  const handle = await region(page, 'results')
    .getByRole('article')
    .evaluateAll((articles) => {
      const a = articles.find((el) => {
        const link = el.querySelector('h3 a');
        const r = link?.getBoundingClientRect();
        if (!link || !r || r.top < 0 || r.bottom > window.innerHeight - 100) return false;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && link.contains(hit);
      });
      return a?.querySelector('h3 a')?.getAttribute('href') ?? null;
    });
  expect(handle).not.toBeNull();
  const link = region(page, 'results')
    .getByRole('article')
    .getByRole('link')
    .and(page.locator(`h3 a[href="${handle}"]`));
  return { link, box: (await link.boundingBox())! };
}

/** The listing ids of every card met scrolling the page from the top to the bottom. */
async function cardsScrolledThrough(page: Page): Promise<Set<string>> {
  const seen = new Set<string>();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let i = 0; i < 200; i++) {
    for (const id of await cardIds(page)) seen.add(id);
    const atEnd = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
    if (atEnd) break;
    await page.evaluate(() => window.scrollBy(0, window.innerHeight / 2));
    await page.waitForTimeout(60);
  }
  return seen;
}

async function scrollUntil(page: Page, done: () => boolean | Promise<boolean>, max = 80) {
  for (let i = 0; i < max && !(await done()); i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
}

test.describe('results paging', () => {
  test('See More Results adds the next 30 listings', async ({ page }) => {
    await open(page, SEARCH);
    await waitForResults(page);
    const results = region(page, 'results');
    const pageCall = page.waitForResponse((res) => isPage(res.request()));
    await results.getByRole('button', { name: SEE_MORE }).click();
    const res = await pageCall;
    const url = new URL(res.url());
    expect(url.searchParams.get('numRecords')).toBe('30');
    const body = (await res.json()) as SearchResult;
    expect(body.listings).toHaveLength(30);
    // The first new card has keyboard focus.
    await expect(cardLink(page, body.listings[0])).toBeFocused();
    // Every one of the 30 is a card of the grid (only the rows near the viewport are in the page: scroll through).
    const seen = await cardsScrolledThrough(page);
    expect(body.listings.map((l) => l.id).filter((id) => !seen.has(id))).toEqual([]);
  });

  test("See More Results pressed before the page's scripts started loads the next page once they have", async ({ page }) => {
    // The shell's own script held back: the shopper presses the server-rendered button.
    const letShellRun = await holdShellScript(page);
    await page.goto(base() + SEARCH);
    const results = region(page, 'results');
    let asked = 0;
    page.on('request', (req) => void (isPage(req) && asked++));
    await results.getByRole('button', { name: SEE_MORE }).click();
    await page.waitForTimeout(300);
    expect(asked).toBe(0);
    await expect(page.locator('html[data-cfs-ready]')).toHaveCount(0);

    // Once the results region has its code, the press acts, once: the next 30 listings are asked
    // for, and the button gives way to scrolling, as after a press on a ready page.
    const next = page.waitForResponse((res) => isPage(res.request()));
    letShellRun();
    expect(Number(new URL((await next).url()).searchParams.get('firstRecord'))).toBeGreaterThan(0);
    await expect(results.getByRole('button', { name: SEE_MORE })).toHaveCount(0);
    await expect(results.getByRole('status').filter({ hasText: LOADING_MORE })).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(asked).toBe(1);
  });

  test('after the first click, scrolling loads the next page by itself and trims leading entries, the card in view staying in place', async ({
    page,
  }) => {
    await open(page, SEARCH);
    await waitForResults(page);
    const results = region(page, 'results');
    const firstCard = results.getByRole('article').first().getByRole('link').first();
    const firstHref = await firstCard.getAttribute('href');

    const second = page.waitForResponse((res) => isPage(res.request()));
    await results.getByRole('button', { name: SEE_MORE }).click();
    const loaded = Number(new URL((await second).url()).searchParams.get('firstRecord')) + 30;
    await expect(results.getByRole('button', { name: SEE_MORE })).toHaveCount(0);

    // Hold the next page until the card in view is noted.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let asked = false;
    await page.route(
      (u) => u.pathname === '/rest/lsc/listing' && u.searchParams.get('firstRecord') === String(loaded),
      async (route: Route) => {
        asked = true;
        await held;
        await route.continue();
      },
    );
    const third = page.waitForResponse((res) => isPage(res.request(), loaded));
    await scrollUntil(page, () => asked);
    expect(asked).toBe(true);
    await expect(results.getByRole('status').filter({ hasText: LOADING_MORE })).toHaveText(LOADING_MORE);
    await expect(results.getByRole('list', { name: 'Vehicle listings' })).toHaveAttribute('aria-busy', 'true');
    await page.waitForTimeout(300);
    const before = await cardInView(page);
    const shownBefore = await cardIds(page);
    release();
    const body = (await (await third).json()) as SearchResult;
    await expect(results.getByRole('status').filter({ hasText: LOADING_MORE })).toHaveCount(0);
    await expect(results.getByRole('list', { name: 'Vehicle listings' })).not.toHaveAttribute('aria-busy');
    await page.waitForTimeout(300);

    // Leading entries are out of the page, and the card in view has not moved.
    await expect(results.locator(`h3 a[href="${firstHref}"]`)).toHaveCount(0);
    const after = (await before.link.boundingBox())!;
    expect(Math.abs(after.y - before.box.y)).toBeLessThanOrEqual(2);
    expect(after.x).toBeCloseTo(before.box.x, 0);

    // Scrolling on, the new page's listings are cards. The grid holds only the rows near the
    // viewport, and the next page is asked for before its end is in view, so the new cards are
    // in the page once the shopper scrolls to them, not necessarily at once. (Any of the page's
    // listings: one the grid placed earlier, as a spotlight, is not repeated; slots.ts.)
    const isNewCard = (id: string) => !shownBefore.includes(id) && body.listings.some((l) => l.id === id);
    let reached = false;
    await scrollUntil(page, async () => (reached = (await cardIds(page)).some(isNewCard)), 40);
    expect(reached).toBe(true);
  });

  test('Back from a listing returns to the same card', async ({ page }) => {
    await open(page, SEARCH);
    await waitForResults(page);
    const results = region(page, 'results');
    const second = page.waitForResponse((res) => isPage(res.request()));
    await results.getByRole('button', { name: SEE_MORE }).click();
    await second;
    let pages = 0;
    page.on('response', (res) => {
      if (isPage(res.request())) pages += 1;
    });
    await scrollUntil(page, () => pages >= 2);
    expect(pages).toBeGreaterThanOrEqual(2);
    await page.waitForTimeout(500);
    const { link, box } = await cardInView(page);
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await page.waitForURL(/\/vehicle\//);
    await page.goBack();
    const again = results
      .getByRole('article')
      .getByRole('link')
      .and(page.locator(`h3 a[href="${href}"]`));
    await expect(again).toBeInViewport({ timeout: 20_000 });
    await expect.poll(async () => Math.abs(((await again.boundingBox())?.y ?? Infinity) - box.y)).toBeLessThanOrEqual(2);
    // It stays there while the grid measures the rows it had estimated (the issue of late growth).
    await page.waitForTimeout(1000);
    expect(Math.abs(((await again.boundingBox())?.y ?? Infinity) - box.y)).toBeLessThanOrEqual(2);
  });
});

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1400, height: 1000 },
]) {
  test(`at ${viewport.width}x${viewport.height} the page is as tall at load as the shopper finds it scrolling through (cards out of view stand in at their usual height)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await open(page, '/cars-for-sale?zip=10001&listingType=USED');
    await waitForResults(page);
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);
    const atLoad = await height();
    // Down the list a part of a screen at a time, as a wheel does, until its end is in view.
    const seeMore = region(page, 'results').getByRole('button', { name: SEE_MORE });
    for (let i = 0; i < 80 && !((await seeMore.isVisible()) && (await seeMore.boundingBox())!.y < viewport.height); i++) {
      await page.mouse.wheel(0, viewport.height * 0.8);
      await page.waitForTimeout(50);
    }
    await expect(seeMore).toBeInViewport();
    await page.waitForTimeout(300);
    const scrolled = await height();
    // Each cell laid out on the way took its real height: within 4 % of the estimate in all.
    expect(Math.abs(scrolled - atLoad) / scrolled).toBeLessThan(0.04);
  });
}
