import { expect, test } from '@playwright/test';
import { open, region, waitForResults } from './helpers';

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
