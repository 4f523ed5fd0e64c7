import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { open, region, waitForResults } from './helpers';

/** A used-car search with a 5-digit ZIP, by relevance: spotlights and boost are both requested. */
const SEARCH = '/cars-for-sale?zip=30301&sortBy=relevance';

const CAROUSEL = 'Vehicle Highlights';

/** The grid's cells: the items of its list, without the full-width carousel row (not a cell). */
function cells(page: Page) {
  const grid = region(page, 'results').getByRole('list', { name: 'Vehicle listings' });
  return grid.locator(':scope > li').filter({ hasNot: page.getByRole('region', { name: CAROUSEL }) });
}

test.describe('results grid slots', () => {
  test('premium spotlights fill the first three cells, the wallet card is at 3 and boost at 6', async ({ page }) => {
    await open(page, SEARCH);
    await waitForResults(page);
    const list = cells(page);
    for (const i of [0, 1, 2]) {
      await expect(list.nth(i).getByRole('article')).toHaveAccessibleDescription(/^Sponsored/);
    }
    await expect(list.nth(3).getByRole('region', { name: 'Shop by monthly budget' })).toBeVisible();
    await expect(list.nth(6).getByRole('article')).toHaveAccessibleDescription(/^Recommended/);
    await expect(list.nth(7).getByRole('group', { name: 'Advertisement' })).toBeAttached();
  });

  test('the carousel row after row 1 holds the vehicle highlights, none repeated in the cells, and scrolls with Next', async ({ page }) => {
    await open(page, SEARCH);
    await waitForResults(page);
    const grid = region(page, 'results').getByRole('list', { name: 'Vehicle listings' });
    const carousel = grid.getByRole('region', { name: CAROUSEL });
    await expect(carousel).toBeAttached();
    // The row is the list's fourth item: after the first row of 3 cells.
    await expect(grid.locator(':scope > li').nth(3).getByRole('region', { name: CAROUSEL })).toBeAttached();
    await carousel.scrollIntoViewIfNeeded();
    const vehicles = carousel.getByRole('list', { name: CAROUSEL }).getByRole('link');
    expect(await vehicles.count()).toBeGreaterThan(1);
    const hrefs = await vehicles.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    const cellLinks = await cells(page)
      .getByRole('article')
      .getByRole('heading')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => (a.getAttribute('href') ?? '').split('?')[0]));
    for (const href of hrefs) expect(cellLinks).not.toContain(href.split('?')[0]);
    // Its height is reserved: the same before and after its photos load and it is scrolled.
    const box = await carousel.boundingBox();
    const previous = carousel.getByRole('button', { name: 'Previous' });
    const next = carousel.getByRole('button', { name: 'Next' });
    await expect(previous).toBeDisabled();
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(previous).toBeEnabled();
    const scrolled = carousel.getByRole('list', { name: CAROUSEL });
    await expect.poll(() => scrolled.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect((await carousel.boundingBox())?.height).toBe(box?.height);
  });

  test('a card shows its monthly payment and deal rating', async ({ page }) => {
    await open(page, SEARCH);
    await waitForResults(page);
    const card = region(page, 'results')
      .getByRole('article')
      .filter({ hasText: /\$[\d,]+\/mo/ })
      .filter({ hasText: /Great Deal|Good Deal/ })
      .first();
    await expect(card).toBeVisible();
    await expect(card.getByText(/^(Great|Good) Deal$/)).toBeVisible();
    await expect(card.getByText(/\$[\d,]+\/mo/)).toBeVisible();
  });

  test('an ad shows a local house creative and the page has no axe violations with a spotlight, an ad and a wallet card on screen', async ({
    page,
  }) => {
    // A screen tall enough for the first three rows of cards (each card carries its actions).
    await page.setViewportSize({ width: 1280, height: 3200 });
    await open(page, SEARCH);
    await waitForResults(page);
    const list = cells(page);
    await list.nth(0).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const ad = list.nth(7).getByRole('group', { name: 'Advertisement' });
    const link = ad.getByRole('link');
    await expect(link).toBeVisible();
    expect(await link.getAttribute('href')).toMatch(/^\/cars-for-sale\?/);
    await expect(link.getByRole('img')).toBeVisible();
    await expect(list.nth(0).getByRole('article')).toBeInViewport();
    await expect(list.nth(3).getByRole('region', { name: 'Shop by monthly budget' })).toBeInViewport();
    await expect(ad).toBeInViewport();
    const { violations } = await new AxeBuilder({ page }).include('[data-boundary="mf-results"]').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
