import { expect, test } from '@playwright/test';
import { open, region, waitForResults } from './helpers';

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
