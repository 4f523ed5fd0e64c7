import { expect, test } from '@playwright/test';
import { NOTICE, base, open, region, waitForResults } from './helpers';

/**
 * One dead remote never blanks the page: a manifest that answers 404, a remote host that never
 * answers and a remote whose mount throws each leave a short notice in their own region, while
 * every other region keeps working. Staging registry overrides point three regions at them.
 */
test('missing, hanging and throwing remotes leave a notice in their own region only', async ({ page }) => {
  const overrides = [
    `mf-showcase@${base()}/cars-for-sale/remotes/mf-showcase/0.0.0-missing/mf-manifest.json`,
    `mf-reference@${process.env.E2E_HANG_URL}/mf-manifest.json`,
    `mf-alerts@${base()}/cars-for-sale/remotes/mf-alerts/${process.env.E2E_BROKEN_ALERTS_VERSION}/mf-manifest.json`,
  ].join(',');
  await open(page, `/cars-for-sale?remotes=${encodeURIComponent(overrides)}`);

  await expect(region(page, 'showcase').getByRole('status')).toHaveText(NOTICE);
  await expect(region(page, 'alerts').getByRole('status')).toHaveText(NOTICE);
  // The hanging remote gives up after the shell's load timeout.
  await expect(region(page, 'reference').getByRole('status')).toHaveText(NOTICE, { timeout: 20_000 });

  // The other three work: results, filters, compare.
  await waitForResults(page);
  await expect(region(page, 'results').getByText(NOTICE)).toHaveCount(0);
  const make = region(page, 'filters').getByRole('combobox', { name: 'Make' });
  await make.selectOption({ index: 1 });
  await expect(page).toHaveURL(/makeCode=/);
  // The results region renders the new search once its code has come: pressed before, on the
  // first search's cards, the button is gone with them, and is pressed again.
  const card = region(page, 'results').getByRole('article').first();
  const list = region(page, 'compare').getByRole('list', { name: 'Listings to compare' });
  await expect(async () => {
    const add = card.getByRole('button', { name: 'Add to Compare', exact: true });
    if (await add.count()) await add.click();
    await expect(list).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

test('a production-style override to an unknown remote is refused with a clear error', async ({ request }) => {
  const res = await request.get(`${base()}/cars-for-sale/registry.json?remotes=${encodeURIComponent('mf-nothing@http://127.0.0.1:1/x')}`);
  expect(res.status()).toBe(400);
  expect((await res.json()).error).toContain('unknown remote');
});
