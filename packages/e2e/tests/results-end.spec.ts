import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator } from '@playwright/test';
import { MESSAGES, SUBSCRIBE_TEXTS } from '@cfs/contracts';
import { open, region, waitForResults } from './helpers';

/**
 * A small search: used Toyota Mirai within 50 miles of Columbia, SC. The browser suite's
 * catalogue has one there and a few more across the country (supplemental: the search without
 * its radius), so the first page is the last, total plus supplemental stays within 25 and the
 * similar listings (same body style and price range nearby) are asked for too.
 */
const SMALL = '/cars-for-sale?zip=29201&searchRadius=50&makeCode=TOYOTA&modelCode=MIRAI';
const SUPPLEMENTAL = 'More Vehicles Outside Your Search Area';
const SIMILAR = 'Similar Vehicles You May Like';
const CAPTURE = 'Get new listings for this search by email';

async function titles(list: Locator): Promise<string[]> {
  return list.getByRole('article').getByRole('heading').allInnerTexts();
}

/** Whether `a` comes before `b` in the document. */
async function precedes(a: Locator, b: Locator): Promise<boolean> {
  const other = await b.elementHandle();
  return a.evaluate((el, o) => !!o && (el.compareDocumentPosition(o) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0, other);
}

test.describe('after the last page of results', () => {
  test('supplemental and similar listings follow the last page of a small search, each in its own section, then the email capture, with no axe violations', async ({
    page,
  }) => {
    await open(page, SMALL);
    await waitForResults(page);
    const results = region(page, 'results');
    const grid = results.getByRole('list', { name: 'Vehicle listings' });
    await expect(results.getByRole('button', { name: MESSAGES.seeMoreResults })).toHaveCount(0);

    const supplemental = results.getByRole('region', { name: SUPPLEMENTAL });
    await expect(supplemental.getByRole('heading', { level: 2, name: SUPPLEMENTAL })).toBeVisible();
    await expect(supplemental.getByRole('article').first()).toBeVisible();
    const similar = results.getByRole('region', { name: SIMILAR });
    await expect(similar.getByRole('heading', { level: 2, name: SIMILAR })).toBeVisible();
    await expect(similar.getByRole('article').first()).toBeVisible();

    // The supplemental listings are the same vehicle farther away; the similar ones are others nearby.
    const more = await titles(supplemental);
    expect(more.length).toBeGreaterThan(0);
    expect(more.length).toBeLessThanOrEqual(100);
    for (const t of more) expect(t).toMatch(/Toyota Mirai/);
    const like = await titles(similar);
    expect(like.length).toBeLessThanOrEqual(20);

    // Nothing is shown twice: no card of the grid or of the supplemental section is repeated.
    const links = async (l: Locator) =>
      l
        .getByRole('article')
        .getByRole('heading')
        .getByRole('link')
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
    const inGrid = await links(grid);
    expect(inGrid.length).toBeGreaterThan(0);
    const all = [...inGrid, ...(await links(supplemental)), ...(await links(similar))];
    expect(new Set(all).size).toBe(all.length);

    // The email capture comes after both sections.
    const capture = results.getByRole('form', { name: CAPTURE });
    await expect(capture).toBeVisible();
    expect(await precedes(grid, supplemental)).toBe(true);
    expect(await precedes(supplemental, similar)).toBe(true);
    expect(await precedes(similar, capture)).toBe(true);

    await capture.scrollIntoViewIfNeeded();
    const { violations } = await new AxeBuilder({ page }).include('[data-boundary="mf-results"] .res-end').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('the email capture checks the address and subscribes it to the search', async ({ page }) => {
    await open(page, SMALL);
    await waitForResults(page);
    const capture = region(page, 'results').getByRole('form', { name: CAPTURE });
    const email = capture.getByRole('textbox', { name: 'Email' });
    await capture.getByRole('button', { name: MESSAGES.subscribe }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(SUBSCRIBE_TEXTS.emailRequired);

    await email.fill(`shopper.${test.info().testId.slice(0, 8)}.${test.info().retry}@example.com`);
    await email.press('Enter');
    await expect(capture.getByRole('button', { name: MESSAGES.subscribed })).toBeVisible();
    await expect(capture.getByRole('status')).toHaveText(SUBSCRIBE_TEXTS.success);
  });

  test('the two email forms of the page share their state: subscribed in the capture, subscribed in the prompt', async ({ page }) => {
    await open(page, SMALL);
    await waitForResults(page);
    const prompt = region(page, 'alerts').getByRole('form', { name: 'Get email alerts for this search' });
    const capture = region(page, 'results').getByRole('form', { name: CAPTURE });
    await expect(prompt.getByRole('button', { name: MESSAGES.subscribe })).toBeVisible();
    const address = `both.${test.info().testId.slice(0, 8)}.${test.info().retry}@example.com`;
    await capture.getByRole('textbox', { name: 'Email' }).fill(address);
    await capture.getByRole('button', { name: MESSAGES.subscribe }).click();
    await expect(capture.getByRole('button', { name: MESSAGES.subscribed })).toBeVisible();
    // The prompt stays, with the address, subscribed: one subscription, told alike in both places.
    await expect(prompt.getByRole('textbox', { name: 'Email' })).toHaveValue(address);
    await expect(prompt.getByRole('button', { name: MESSAGES.subscribed })).toBeVisible();
  });
});

test.describe('a last page with many listings beyond it, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Tesla within 25 miles of Columbia, SC: a few found, and a hundred more across the country. */
  const MANY = '/cars-for-sale?zip=29201&searchRadius=25&makeCode=TESLA';
  /** The cards of a section in the first paint (mf-results rules/end-of-results.ts END_FIRST_PAINT_CARDS: the first screen's cells). */
  const FIRST_PAINT = 6;

  test('shows the first screen of the section at once, and the rest by the time the shopper has scrolled to them', async ({ page }) => {
    await open(page, MANY);
    await waitForResults(page);
    const supplemental = region(page, 'results').getByRole('region', { name: SUPPLEMENTAL });
    const cards = supplemental.getByRole('article');
    // The server's HTML: the first cards, links that work before any code.
    await expect(cards).toHaveCount(FIRST_PAINT);
    await expect(cards.first().getByRole('heading').getByRole('link')).toHaveAttribute('href', /\/cars-for-sale\/vehicle\//);

    // Scrolling towards the last of them brings the region's code, and the rest follow them.
    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBeGreaterThan(FIRST_PAINT);
    const titles = await supplemental.getByRole('article').getByRole('heading').allInnerTexts();
    for (const t of titles) expect(t).toMatch(/Tesla/);
    // The email capture still follows the section.
    const capture = region(page, 'results').getByRole('form', { name: CAPTURE });
    expect(await precedes(supplemental, capture)).toBe(true);
  });
});
