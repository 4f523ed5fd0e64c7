import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { MESSAGES } from '@cfs/contracts';
import { base, open, region, waitForResults } from './helpers';

/** The embedded upstream keeps each catalogue listing's sold twin this far below its id (its listing routes' SOLD_OFFSET). */
const SOLD_OFFSET = 100_000_000;

test("a listing link opens the listing's vehicle page, and its price link its pricing details", async ({ page }) => {
  await open(page);
  await waitForResults(page);
  const card = region(page, 'results').getByRole('article').first();
  const title = (await card.getByRole('heading').textContent())!.trim();
  const link = card.getByRole('link', { name: title });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/cars-for-sale\/vehicle\/[^/?]+\?clickType=listing$/);

  await link.click();
  await expect(page).toHaveURL(base() + href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const pricing = page.locator('#pricingDetails');
  await expect(pricing.getByRole('heading', { name: 'Pricing details' })).toBeVisible();
  await expect(page.getByRole('img').first()).toHaveAttribute('alt', /\S/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Back to the search, then the card's price link: the same page at its pricing details.
  await page.getByRole('link', { name: 'Back to search results' }).first().click();
  await waitForResults(page);
  const id = href.split('/').pop()!.split('?')[0];
  await page.goto(`${base()}/cars-for-sale/payments/${id}`);
  await expect(page).toHaveURL(`${base()}/cars-for-sale/vehicle/${id}#pricingDetails`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('an expired listing lands on the search for its make and model, which says so above the results', async ({ page, request }) => {
  await open(page);
  await waitForResults(page);
  const href = (await region(page, 'results').getByRole('article').first().getByRole('heading').getByRole('link').getAttribute('href'))!;
  const id = href.split('/').pop()!.split('?')[0];
  // The listing whose sold twin this is: its make and model, as the listing service has them.
  const live = await request.get(`${process.env.E2E_UPSTREAM_URL}/rest/lsc/listing?listingId=${id}`);
  const { listings } = (await live.json()) as {
    listings: { make: { code: string; name: string }; model: { code: string; name: string } }[];
  };
  const { make, model } = listings[0];

  await page.goto(`${base()}/cars-for-sale/vehicle/${Number(id) - SOLD_OFFSET}?clickType=listing`);
  await expect(page).toHaveURL(new RegExp(`/cars-for-sale/all/${make.code.toLowerCase()}/${model.code.toLowerCase()}(\\?|$)`));
  const sorry = page.getByText(MESSAGES.expiredListing(`${make.name} ${model.name}`));
  const followUp = page.getByText(MESSAGES.expiredListingFollowUp);
  await expect(sorry).toBeVisible();
  await expect(followUp).toBeVisible();
  await waitForResults(page);
  // Above the results, the apology first.
  const [s, f, r] = await Promise.all([sorry.boundingBox(), followUp.boundingBox(), region(page, 'results').boundingBox()]);
  expect(s!.y).toBeLessThan(f!.y);
  expect(f!.y).toBeLessThan(r!.y);

  // Read once: a reload does not repeat it.
  await page.reload();
  await waitForResults(page);
  await expect(page.getByText(MESSAGES.expiredListingFollowUp)).toHaveCount(0);
});

test('a bad vehicle address answers a page that says so', async ({ page }) => {
  const res = await page.goto(`${base()}/cars-for-sale/vehicle/not.an.id`);
  expect(res!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that vehicle');
  await expect(page.getByRole('link', { name: 'Back to search results' })).toBeVisible();
});
