import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { BRAND_TOKENS, HERO_TEXTS } from '@cfs/contracts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { base, open, region, waitForResults } from './helpers';

/** The suite's Chromium, with `ford.localhost` resolving to this machine as every `*.localhost` name does in a browser. */
const FORD_HOST_ARGS = [
  ...CHROMIUM_ARGS.filter((a) => !a.startsWith('--host-resolver-rules=')),
  '--host-resolver-rules=MAP ford.localhost 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.*',
];

/** The same page on the Ford brand: a `ford.localhost` host is the Ford brand (gateway brands.ts). */
async function openFord(page: Page, pathAndQuery: string) {
  const url = new URL(base());
  url.hostname = 'ford.localhost';
  await page.goto(`${url.origin}${pathAndQuery}`);
  await page.locator('html[data-cfs-ready]').waitFor({ state: 'attached', timeout: 30_000 });
}

const hero = (page: Page) => page.getByRole('banner');

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: FORD_HOST_ARGS } });

test.describe('on the Ford brand', () => {
  test('the Ford certified-used variant: no quick actions on the cards, its own count text, the certified program copy', async ({
    page,
  }) => {
    // A plain search counts results; a search of certified used vehicles counts them by name.
    await openFord(page, '/cars-for-sale?listingType=NEW');
    await expect(hero(page).getByRole('heading', { level: 2 })).toHaveText(/^\d[\d,]* Results?$/);
    await openFord(page, '/cars-for-sale/all/ford/f150?listingType=CERTIFIED');
    await waitForResults(page);
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'ford');
    await expect(hero(page).getByRole('heading', { level: 2 })).toHaveText(/^\d[\d,]* Certified Used Vehicles?$/);
    const card = region(page, 'results').getByRole('article').first();
    await expect(card.getByRole('link').first()).toBeVisible();
    for (const name of ['Email Seller', 'Report listing', 'Save']) await expect(card.getByRole('button', { name })).toHaveCount(0);

    const reference = region(page, 'reference');
    await reference.scrollIntoViewIfNeeded();
    await expect(reference.getByText('Money back within 14 days or 1,000 miles.')).toBeVisible({ timeout: 20_000 });
    await expect(
      reference.getByText('Gold certified vehicles are up to six years old, with under 80,000 miles, and pass a 172-point inspection.'),
    ).toBeVisible();
  });
});

test('the main brand keeps the quick actions and counts results', async ({ page }) => {
  await open(page, '/cars-for-sale/all/ford/f150');
  await waitForResults(page);
  await expect(hero(page).getByRole('heading', { level: 2 })).toHaveText(/^\d[\d,]* Results?$/);
  await expect(region(page, 'results').getByRole('article').first().getByRole('button', { name: 'Report listing' })).toBeVisible();
  await expect(region(page, 'reference').getByText('Money back within 14 days or 1,000 miles.')).toHaveCount(0);
});

test('a private-seller search shows the private-seller logo; a dealer search does not', async ({ page }) => {
  await open(page, '/cars-for-sale?sellerType=PRIVATE');
  await waitForResults(page);
  await expect(hero(page).getByRole('img', { name: HERO_TEXTS.privateSellerLogo })).toBeVisible();
  await open(page, '/cars-for-sale?sellerType=DEALER');
  await expect(hero(page).getByRole('img', { name: HERO_TEXTS.privateSellerLogo })).toHaveCount(0);
});

test('a new-car search shows the tariff banner linking out in a new tab', async ({ page }) => {
  await open(page, '/cars-for-sale?listingType=NEW');
  const link = hero(page).getByRole('link', { name: new RegExp(HERO_TEXTS.tariffLink) });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await open(page, '/cars-for-sale?listingType=USED');
  await expect(hero(page).getByRole('link', { name: new RegExp(HERO_TEXTS.tariffLink) })).toHaveCount(0);
});

test('a buy-online search shows the sponsored banner', async ({ page }) => {
  await open(page, '/cars-for-sale?experience=buy-online');
  const banner = hero(page).getByRole('region', { name: HERO_TEXTS.buyOnlineHeading });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(HERO_TEXTS.sponsored);
});

test('a page reached from another page of the site has a back link to it; from another site it has none', async ({ page }) => {
  // The normalised address of the next page (a redirect of the server's says nothing of where the shopper came from).
  await open(page, '/cars-for-sale/all/honda');
  const next = page.url();
  await open(page, '/cars-for-sale/all/ford/f150');
  await expect(hero(page).getByRole('link', { name: HERO_TEXTS.back })).toHaveCount(0);
  const from = new URL(page.url());
  await page.evaluate((url) => window.location.assign(url), next);
  await page.waitForURL(next);
  const back = hero(page).getByRole('link', { name: HERO_TEXTS.back });
  await expect(back).toHaveAttribute('href', `${from.pathname}${from.search}`);
  await back.click();
  await expect(page).toHaveURL(from.href);
  await page.goto(next, { referer: 'https://elsewhere.example/cars-for-sale' });
  await expect(hero(page).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(hero(page).getByRole('link', { name: HERO_TEXTS.back })).toHaveCount(0);
});

test('the sticky header: with the flag the hero stays on screen as the page scrolls; without it, it scrolls away', async ({ page }) => {
  await open(page, '/cars-for-sale?flags=stickyHeader');
  await waitForResults(page);
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  await open(page, '/cars-for-sale?flags=-stickyHeader');
  await waitForResults(page);
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport();
});

test("with the sticky hero, 'Learn more' lands on the reference heading below the hero, not under it", async ({ page }) => {
  await open(page, '/cars-for-sale/all/ford/f150?flags=stickyHeader');
  await waitForResults(page);
  await hero(page)
    .getByRole('link', { name: /^Learn more about / })
    .click();
  const heading = region(page, 'reference').getByRole('heading', { level: 2 }).first();
  await expect(heading).toBeFocused();
  await expect
    .poll(async () => {
      const heroBox = await page.locator('#cfs-hero').boundingBox();
      const box = await heading.boundingBox();
      return box && heroBox ? box.y - (heroBox.y + heroBox.height) : -1;
    })
    .toBeGreaterThanOrEqual(0);
});

test('the shopping assistant opens its suggested actions, and an action applies its filter', async ({ page }) => {
  await open(page, '/cars-for-sale/all/ford/f150');
  await waitForResults(page);
  const count = hero(page).getByRole('heading', { level: 2 });
  const before = await count.textContent();
  await hero(page).getByRole('button', { name: HERO_TEXTS.assistantButton }).click();
  const dialog = page.getByRole('dialog', { name: HERO_TEXTS.assistantHeading });
  await expect(dialog).toBeVisible();
  const action = dialog.getByRole('button', { name: 'Show Great and Good deals' });
  await expect(action).toBeFocused();
  expect((await new AxeBuilder({ page }).include('dialog').analyze()).violations).toEqual([]);
  await action.click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/dealType=greatprice/);
  await expect(page).toHaveURL(/dealType=goodprice|goodprice/);
  await expect(count).not.toHaveText(before!);
  await waitForResults(page);
});

/** The regions (by remote) whose elements show `rgb` as a colour, background or border. */
async function regionsShowing(page: Page, rgb: string): Promise<string[]> {
  return page.evaluate((colour) => {
    const found: string[] = [];
    for (const region of document.querySelectorAll<HTMLElement>('[data-region]')) {
      const shows = [region, ...region.querySelectorAll<HTMLElement>('*')].some((el) => {
        const s = getComputedStyle(el);
        return [s.color, s.backgroundColor, s.borderTopColor, s.borderBottomColor].includes(colour);
      });
      if (shows) found.push(region.dataset.region!);
    }
    return found.sort();
  }, rgb);
}

const rgbOf = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
};

test("a brand's colour comes from the token file: every region shows it, and no other brand's", async ({ page }) => {
  const PAGE = '/cars-for-sale?makeCode=FORD&modelCode=F150';
  const main = rgbOf(BRAND_TOKENS.atc.accent);
  const ford = rgbOf(BRAND_TOKENS.ford.accent);
  expect(ford).not.toBe(main);

  await open(page, PAGE);
  await waitForResults(page);
  const onMain = await regionsShowing(page, main);
  expect(onMain).toEqual(expect.arrayContaining(['mf-results', 'mf-filters', 'mf-alerts', 'mf-reference']));
  expect(await regionsShowing(page, ford)).toEqual([]);

  await openFord(page, PAGE);
  await waitForResults(page);
  // The same regions, in the Ford brand's colour: nothing of the main brand's is left.
  expect(await regionsShowing(page, ford)).toEqual(expect.arrayContaining(['mf-results', 'mf-filters', 'mf-reference']));
  expect(await regionsShowing(page, main)).toEqual([]);
});
