import { expect, test, type Page } from '@playwright/test';
import { open, region, waitForResults } from './helpers';

/** The hero's results count ("1,234 Results") as a number. */
async function heroCount(page: Page): Promise<number> {
  const text = await page
    .getByRole('banner')
    .getByText(/^\d[\d,]* Results?$/)
    .textContent();
  return Number(text!.replace(/\D/g, ''));
}

test('price: the spec messages on blur, the field in error cleared, a valid range searched', async ({ page }) => {
  await open(page);
  await waitForResults(page);
  const filters = region(page, 'filters');
  // The Price filter may sit in an accordion: open it if so.
  const accordion = filters.getByRole('button', { name: 'Price', exact: true });
  if ((await accordion.count()) > 0 && (await accordion.getAttribute('aria-expanded')) === 'false') await accordion.click();
  const min = filters.getByRole('textbox', { name: 'Min Price' });
  const max = filters.getByRole('textbox', { name: 'Max Price' });
  const alert = filters.getByRole('group', { name: 'Price' }).getByRole('alert');

  await max.fill('0');
  await max.press('Enter');
  await expect(alert).toHaveText('Max price must be greater than 0.');
  await expect(max).toHaveValue('');
  await expect(max).toHaveAttribute('aria-invalid', 'true');

  await min.fill('$10,000');
  await min.press('Enter');
  await expect(page).toHaveURL(/minPrice=10000/);
  await expect(min).toHaveValue('$10,000');

  await max.fill('10000');
  await max.press('Enter');
  await expect(alert).toHaveText('Min and Max price cannot be the same.');
  await expect(max).toHaveValue('');

  await max.fill('5,000');
  await max.press('Enter');
  await expect(alert).toHaveText('Max price must be greater than Min price.');
  await expect(max).toHaveValue('');
  await expect(page).not.toHaveURL(/maxPrice=/);

  await max.fill('$20,000');
  await max.press('Enter');
  await expect(page).toHaveURL(/maxPrice=20000/);
  await expect(alert).toBeHidden();
  await expect(max).toHaveValue('$20,000');
});

test('a category tab clears the other filters and searches; All Results clears', async ({ page }) => {
  await open(page, '/cars-for-sale?makeCode=FORD');
  await waitForResults(page);
  const tabs = region(page, 'filters').getByRole('group', { name: 'Categories' });
  await expect(tabs.getByRole('button', { name: 'All Results' })).toHaveAttribute('aria-pressed', 'true');
  const before = await heroCount(page);

  await tabs.getByRole('button', { name: 'Certified Used' }).click();
  await expect(page).toHaveURL(/listingType=CERTIFIED/);
  await expect(page).not.toHaveURL(/makeCode=/);
  await expect(tabs.getByRole('button', { name: 'Certified Used' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => heroCount(page)).not.toBe(before);

  await tabs.getByRole('button', { name: 'All Results' }).click();
  await expect(page).not.toHaveURL(/listingType=CERTIFIED/);
  await expect(tabs.getByRole('button', { name: 'All Results' })).toHaveAttribute('aria-pressed', 'true');
});

test('keyword search: a modal dialog sets the phrase and every result matches it', async ({ page }) => {
  await open(page);
  await waitForResults(page);
  const results = region(page, 'results');
  // A word every shopper could type: the make of the first card ("Used 2021 Ford Escape SE").
  const title = (await results.getByRole('article').first().getByRole('heading').textContent())!.trim();
  const word = title.split(/\s+/).find((w) => /^[A-Za-z]{3,}$/.test(w) && !/^(used|new|certified)$/i.test(w))!;

  const trigger = region(page, 'filters').getByRole('button', { name: 'Keyword Search' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Keyword Search' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('searchbox', { name: 'Keyword' });
  await expect(field).toBeFocused();
  await field.fill(word);
  await field.press('Enter');

  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`keywordPhrases=${encodeURIComponent(word)}`));
  // The new answer is in: its first card matches (the old cards stay, dimmed, while it loads).
  await expect(results.getByRole('article').first().getByRole('heading')).toContainText(word, { ignoreCase: true });
  const titles = await results.getByRole('article').getByRole('heading').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  for (const t of titles) expect(t.toLowerCase()).toContain(word.toLowerCase());

  await trigger.click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyword Search' })).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('zero results: the panel names the filter to remove, and one click brings results back', async ({ page }) => {
  await open(page, '/cars-for-sale?makeCode=FORD&keywordPhrases=zzqxnotacar');
  const filters = region(page, 'filters');
  await expect(region(page, 'results').getByText('Update filter criteria to see more results')).toBeVisible();
  const name = /^Remove Keyword: "?zzqxnotacar"? to see [\d,]+ results?$/;
  const offer = filters.getByRole('button', { name });
  await expect(offer).toBeVisible();
  // The results region's no-results message makes the same offer.
  await expect(region(page, 'results').getByRole('button', { name })).toHaveText((await offer.textContent())!);
  const promised = Number((await offer.textContent())!.match(/see ([\d,]+) result/)![1].replace(/,/g, ''));
  expect(promised).toBeGreaterThan(0);

  await offer.click();
  await waitForResults(page);
  await expect(page).not.toHaveURL(/keywordPhrases=/);
  await expect(page).toHaveURL(/makeCode=FORD/);
  await expect.poll(() => heroCount(page)).toBe(promised);
});

test('the hero location editor applies a ZIP once it is complete and known, and refuses an unknown one', async ({ page }) => {
  await open(page);
  await waitForResults(page);
  const editor = page.getByRole('banner').getByRole('form', { name: 'Search location' });
  const zip = editor.getByRole('textbox', { name: 'ZIP Code' });

  await zip.fill('');
  await zip.pressSequentially('00000');
  await expect(editor.getByRole('alert')).toHaveText('Enter a valid ZIP Code');
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  // Submit is blocked while the error stands.
  await editor.getByRole('button', { name: 'Update Location' }).click();
  await expect(page).not.toHaveURL(/zip=/);

  await zip.fill('');
  await zip.pressSequentially('3030');
  await expect(page).not.toHaveURL(/zip=/);
  await zip.pressSequentially('1');
  await expect(page).toHaveURL(/zip=30301/);
  await expect(editor.getByRole('alert')).toBeHidden();
  await expect(zip).not.toHaveAttribute('aria-invalid');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('near 30301');
});
