import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { open, waitForResults } from './helpers';

/**
 * The page-level ads (page-furniture §2 'Other', §4 'Fixed ad', §9): the fixed bottom bar appears
 * once the page is scrolled past 10%, shows a house creative served by the page's own origin, and
 * closes; the footer leader ad fills a box the server frame reserved at its size.
 */
const PAGE = '/cars-for-sale?listingType=USED';

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('the fixed ad appears after scrolling and closes', async ({ page }) => {
  const errors = consoleErrors(page);
  await open(page, PAGE);
  await waitForResults(page);
  const bar = page.getByRole('complementary', { name: 'Advertisement' });
  await expect(bar).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * 0.2));
  await expect(bar).toBeVisible();
  const img = bar.getByRole('link').getByRole('img');
  await expect(img).toHaveAttribute('src', /^\/content\/ads\/[a-z-]+-970x90\.svg$/);
  expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(970);
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeCloseTo(page.viewportSize()!.height, 0);

  await bar.getByRole('button', { name: 'Close ad' }).click();
  await expect(bar).toHaveCount(0);
  await page.evaluate(() => window.scrollBy(0, 400));
  await expect(bar).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('search-results §4: the fixed ad steps aside while the footer is in view and above the threshold, and shows again inside', async ({
  page,
}) => {
  await open(page, PAGE);
  await waitForResults(page);
  const bar = page.getByRole('complementary', { name: 'Advertisement' });
  await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * 0.3));
  await expect(bar).toBeVisible();
  // To the end of the page: the cards out of view until then take their own height as they come
  // into it (their room is an estimate), so the end moves on, as it does under a shopper's scrolling.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('contentinfo')).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(bar).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * 0.3));
  await expect(bar).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toBeHidden();
});

test('on a phone the fixed ad is 320x50, has no axe violations and closes from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, PAGE);
  await waitForResults(page);
  await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * 0.2));
  const bar = page.getByRole('complementary', { name: 'Advertisement' });
  await expect(bar.getByRole('link').getByRole('img')).toHaveAttribute('src', /-320x50\.svg$/);
  const { violations } = await new AxeBuilder({ page }).include('.cfs-fixed-ad').analyze();
  expect(violations).toEqual([]);
  await bar.getByRole('button', { name: 'Close ad' }).focus();
  await page.keyboard.press('Enter');
  await expect(bar).toHaveCount(0);
});

for (const { width, height, size, small } of [
  { width: 1400, height: 1000, size: '728x90' },
  { width: 390, height: 844, size: '320x50' },
  // The optional 320x250 (FOOTER_AD_SMALL): the frame names it on the footer, its CSS reserves it.
  { width: 390, height: 844, size: '320x250', small: '320x250' },
]) {
  test(`the footer ad fills its reserved ${size} box at ${width} px without moving it`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await open(page, PAGE);
    await waitForResults(page);
    const footer = page.getByRole('group', { name: 'Advertisement' }).last();
    if (small) await footer.evaluate((el, value) => el.setAttribute('data-small', value), small);
    const box = footer.locator('.cfs-ad-box');
    const [w, h] = size.split('x').map(Number);
    const before = (await box.boundingBox())!;
    expect([before.width, before.height]).toEqual([w, h]);
    await footer.scrollIntoViewIfNeeded();
    const img = footer.getByRole('link').getByRole('img');
    await expect(img).toBeVisible();
    await expect(img).toHaveAttribute('data-size', size);
    const after = (await box.boundingBox())!;
    expect([after.width, after.height]).toEqual([w, h]);
  });
}
