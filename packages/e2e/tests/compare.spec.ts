import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { holdResultsCode, open, region, waitForResults } from './helpers';

test("'Add to Compare' on a card shows the listing in the compare drawer", async ({ page }) => {
  await open(page);
  await waitForResults(page);
  const card = region(page, 'results').getByRole('article').first();
  const title = (await card.getByRole('heading').textContent())!.trim();

  await card.getByRole('button', { name: 'Add to Compare' }).click();
  await expect(card.getByRole('button', { name: 'Added to Compare' })).toBeDisabled();

  const drawer = region(page, 'compare');
  await expect(drawer.getByRole('list', { name: 'Listings to compare' })).toContainText(title);
});

test("'Add to Compare' pressed on a card before the results' code has come acts once it has, once", async ({ page }) => {
  // The grid's React part held back: the press lands on the server-rendered card.
  const code = await holdResultsCode(page);
  await open(page);
  await waitForResults(page);
  const card = region(page, 'results').getByRole('article').first();
  const title = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: 'Add to Compare' }).click();
  await expect.poll(code.asked).toBe(true);
  await page.waitForTimeout(200);
  const drawer = region(page, 'compare');
  await expect(drawer.getByRole('list', { name: 'Listings to compare' })).toHaveCount(0);

  code.release();
  await expect(card.getByRole('button', { name: 'Added to Compare' })).toBeDisabled();
  await expect(drawer.getByRole('list', { name: 'Listings to compare' }).getByRole('listitem')).toHaveCount(1);
  await expect(drawer.getByRole('list', { name: 'Listings to compare' })).toContainText(title);
});

/** Adds the first `n` cards to compare; answers their titles. */
async function addCards(page: Page, n: number): Promise<string[]> {
  const cards = region(page, 'results').getByRole('article');
  const titles: string[] = [];
  for (let i = 0; i < n; i++) {
    const card = cards.nth(i);
    titles.push((await card.getByRole('heading').textContent())!.trim());
    await card.getByRole('button', { name: 'Add to Compare' }).click();
    await expect(card.getByRole('button', { name: 'Added to Compare' })).toBeDisabled();
  }
  await expect(region(page, 'compare').getByRole('list', { name: 'Listings to compare' }).getByRole('listitem')).toHaveCount(n);
  return titles;
}

test('compares three listings side by side in a dialog, with no accessibility violations while it is open', async ({ page }) => {
  await open(page);
  await waitForResults(page);
  const titles = await addCards(page, 3);

  await region(page, 'compare').getByRole('button', { name: 'Compare side by side' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare vehicles side by side' });
  await expect(dialog).toBeVisible();
  const table = dialog.getByRole('table', { name: '3 vehicles compared' });
  await expect(table.getByRole('columnheader')).toHaveText(['Vehicle', ...titles]);
  for (const label of [
    'Price',
    'Payment',
    'Year',
    'Mileage',
    'Trim',
    'Engine',
    'Drive type',
    'Fuel type',
    'Fuel economy',
    'Colors',
    'Seller',
    'Distance',
  ]) {
    await expect(table.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
  }
  await expect(table.getByRole('row', { name: /^Price/ }).getByRole('cell')).toHaveCount(3);

  const { violations } = await new AxeBuilder({ page }).include('[data-boundary="mf-compare"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('the comparison works with the keyboard alone', async ({ page }) => {
  await open(page);
  await waitForResults(page);
  const titles = await addCards(page, 2);
  const opener = region(page, 'compare').getByRole('button', { name: 'Compare side by side' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Compare vehicles side by side' });
  await expect(dialog).toBeVisible();
  // Focus is in the dialog and stays there as the keyboard moves through it.
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  // Remove the first car from inside the dialog with the keyboard.
  await dialog.getByRole('button', { name: `Remove ${titles[0]} from compare` }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('table', { name: '1 vehicle compared' })).toBeVisible();
  // Escape closes it, and focus goes back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('remembers the compare selection across a reload in the same session', async ({ page }) => {
  await open(page);
  await waitForResults(page);
  const titles = await addCards(page, 2);
  await page.reload();
  await page.locator('html[data-cfs-ready]').waitFor({ state: 'attached' });
  await waitForResults(page);
  // The session remembers a selection, so the drawer loads by itself and counts it again, and the
  // remembered cards read 'Added to Compare', before any click.
  await expect(region(page, 'compare').getByRole('heading', { name: 'Compare (2 of 5)' })).toBeVisible();
  await expect(region(page, 'results').getByRole('button', { name: 'Added to Compare' })).toHaveCount(2);
  const list = region(page, 'compare').getByRole('list', { name: 'Listings to compare' });
  const third = region(page, 'results').getByRole('article').nth(2);
  const thirdTitle = (await third.getByRole('heading').textContent())!.trim();
  await third.getByRole('button', { name: 'Add to Compare' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  for (const t of [...titles, thirdTitle]) await expect(list).toContainText(t);
});
