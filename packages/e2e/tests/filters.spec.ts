import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { open, openDialog, region, waitForResults } from './helpers';

/** The panel's result count ("1,234 Results") as a number. */
async function resultCount(page: Page): Promise<number> {
  const text = await region(page, 'filters').getByRole('region', { name: 'Your Search' }).getByRole('status').first().textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

/** The count in an option's accessible name: "AWD/4WD (1,234)" -> 1234. */
function countOf(name: string): number {
  const m = /\(([\d,]+)\)\s*$/.exec(name);
  return m ? Number(m[1].replace(/,/g, '')) : NaN;
}

async function expand(panel: Locator, name: string) {
  const button = panel.getByRole('button', { name, exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

test.describe('the filter panel on the composed page', () => {
  test('a checkbox filter (Drive Type) changes results and URL, with the live count; Back restores them', async ({ page }) => {
    await open(page);
    await waitForResults(page);
    const panel = region(page, 'filters');
    const before = await resultCount(page);
    await expand(panel, 'Drive Type');
    const option = panel.getByRole('group', { name: 'Drive Type' }).getByRole('checkbox').first();
    const name = (await option.getAttribute('aria-label')) ?? (await option.locator('xpath=..').textContent())!;
    const expected = countOf(name);
    await option.check();
    await expect(page).toHaveURL(/driveGroup=/);
    await expect.poll(() => resultCount(page)).toBe(expected);
    expect(expected).toBeLessThan(before);
    await expect(panel.getByRole('button', { name: `Remove ${name.replace(/\s*\([\d,]+\)\s*$/, '')}` })).toBeVisible();

    await page.goBack();
    await expect(page).not.toHaveURL(/driveGroup=/);
    await expect.poll(() => resultCount(page)).toBe(before);
    await expect(panel.getByRole('group', { name: 'Drive Type' }).getByRole('checkbox').first()).not.toBeChecked();
  });

  test("Package offers the chosen model's packages from the packages lookup, and a Truck's subtypes show under Truck", async ({ page }) => {
    await open(page, '/cars-for-sale/all/ford/f150?listingType=USED');
    await waitForResults(page);
    const panel = region(page, 'filters');
    const lookup = page.waitForResponse((r) => r.url().includes('/cars-for-sale/searchoptions/packages?makeCode=FORD&modelCode=F150'));
    await expand(panel, 'Package');
    const answered = (await (await lookup).json()) as { results: { packageNames: string[] } };
    const offered = panel.getByRole('group', { name: 'Package' }).getByRole('checkbox');
    await expect(offered).toHaveCount(answered.results.packageNames.length);
    for (const name of answered.results.packageNames)
      await expect(panel.getByRole('checkbox', { name: new RegExp(`^${name}`) })).toBeVisible();

    await expand(panel, 'Body Style');
    await panel
      .getByRole('group', { name: 'Body Style' })
      .getByRole('checkbox', { name: /^Truck/ })
      .check();
    await expect(page).toHaveURL(/vehicleStyleCode=TRUCKS/);
    const subtypes = panel.getByRole('group', { name: 'Truck Subtype' });
    await expect(subtypes.getByRole('checkbox').first()).toBeVisible();
    await expect(subtypes.getByRole('checkbox', { name: /Sedan|SUV|Van/ })).toHaveCount(0);
  });

  test("'Share this search' opens the shareable-link modal with the page's link, with no axe violations; Escape closes it", async ({
    page,
  }) => {
    await open(page, '/cars-for-sale?zip=30301&listingType=USED&makeCode=FORD');
    await waitForResults(page);
    const card = region(page, 'filters').getByRole('region', { name: 'Your Search' });
    const dialog = await openDialog(page, card.getByRole('button', { name: 'Share this search' }), 'Share this search');
    await expect(dialog.getByRole('textbox', { name: 'Link to this search' })).toHaveValue(page.url());
    await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeFocused();
    const { violations } = await new AxeBuilder({ page }).include('dialog[open]').analyze();
    expect(violations).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('button', { name: 'Share this search' })).toBeFocused();
  });

  test('the Distance chosen is remembered: a later page without a radius opens at it', async ({ page }) => {
    await open(page, '/cars-for-sale?zip=30301&listingType=USED');
    await waitForResults(page);
    const panel = region(page, 'filters');
    await panel.getByRole('combobox', { name: 'Distance' }).selectOption({ label: '25 miles' });
    await expect(page).toHaveURL(/searchRadius=25/);
    await open(page, '/cars-for-sale?zip=30301&listingType=USED&makeCode=FORD');
    await expect(page).toHaveURL(/searchRadius=25/);
    await expect(region(page, 'filters').getByRole('combobox', { name: 'Distance' })).toHaveValue('25');
  });

  test('a select filter (Truck Cab Size) changes results and URL; Back restores them', async ({ page }) => {
    await open(page);
    await waitForResults(page);
    const panel = region(page, 'filters');
    const before = await resultCount(page);
    await expand(panel, 'Truck Cab Size');
    const select = panel.getByRole('combobox', { name: 'Truck Cab Size' });
    await expect(select.getByRole('option')).toHaveText([/^Any$/, /^3 or less/, /^4/, /^5/, /^6/]);
    await select.selectOption('5');
    await expect(page).toHaveURL(/truckCabSize=5/);
    await expect.poll(() => resultCount(page)).toBeLessThan(before);
    await page.goBack();
    await expect(page).not.toHaveURL(/truckCabSize=/);
    await expect.poll(() => resultCount(page)).toBe(before);
    await expect(select).toHaveValue('');
  });

  test('a range filter (Year) changes results and URL; Back restores them', async ({ page }) => {
    await open(page);
    await waitForResults(page);
    const panel = region(page, 'filters');
    const before = await resultCount(page);
    await expand(panel, 'Year');
    const year = new Date().getFullYear();
    await panel.getByRole('combobox', { name: 'Start Year' }).selectOption(String(year - 1));
    await expect(page).toHaveURL(new RegExp(`startYear=${year - 1}`));
    await expect.poll(() => resultCount(page)).toBeLessThan(before);
    const titles = await region(page, 'results').getByRole('article').getByRole('heading').allTextContents();
    for (const t of titles) expect(Number(/\b(\d{4})\b/.exec(t)?.[1])).toBeGreaterThanOrEqual(year - 1);
    await page.goBack();
    await expect(page).not.toHaveURL(/startYear=/);
    await expect.poll(() => resultCount(page)).toBe(before);
  });

  test('a toggle filter (Money Back Guarantee) changes the URL; Back restores it', async ({ page }) => {
    await open(page);
    await waitForResults(page);
    const panel = region(page, 'filters');
    const toggle = panel.getByRole('checkbox', { name: /^Money Back Guarantee/ });
    await toggle.check();
    await expect(page).toHaveURL(/moneyBackGuarantee=true/);
    await expect(toggle).toBeChecked();
    await page.goBack();
    await expect(page).not.toHaveURL(/moneyBackGuarantee=/);
    await expect(toggle).not.toBeChecked();
  });

  test("two makes: 'Add Another Make' shows an empty make selector and both makes search", async ({ page }) => {
    await open(page);
    await waitForResults(page);
    const panel = region(page, 'filters');
    const make = panel.getByRole('combobox', { name: 'Make', exact: true });
    await make.selectOption({ index: 1 });
    await expect(page).toHaveURL(/makeCode=/);
    await expect(panel.getByRole('combobox', { name: 'Model', exact: true })).toBeEnabled();
    const one = await resultCount(page);
    await panel.getByRole('button', { name: 'Add Another Make' }).click();
    const second = panel.getByRole('combobox', { name: 'Make 2' });
    await expect(second).toBeFocused();
    await expect(second).toHaveValue('');
    await second.selectOption({ index: 1 });
    await expect(page).toHaveURL(/makeCode=[^&]+(,|%2C|&makeCode=)/);
    await expect.poll(() => resultCount(page)).toBeGreaterThan(one);
    await expect(panel.getByRole('combobox', { name: 'Model 2' })).toBeEnabled();
  });

  test('a chip removed removes its filter from results and URL', async ({ page }) => {
    await open(page, '/cars-for-sale?driveGroup=AWD4WD&fuelTypeGroup=GSL');
    await waitForResults(page);
    const panel = region(page, 'filters');
    const before = await resultCount(page);
    const chips = panel.getByRole('list', { name: 'Selected filters' });
    await expect(chips.getByRole('button', { name: /^Remove AWD/ })).toBeVisible();
    await expect(chips.getByRole('button', { name: 'Remove Gasoline' })).toBeVisible();
    // The accordions holding a selection are open.
    await expect(panel.getByRole('button', { name: 'Drive Type', exact: true })).toHaveAttribute('aria-expanded', 'true');
    await chips.getByRole('button', { name: /^Remove AWD/ }).click();
    await expect(page).not.toHaveURL(/driveGroup=/);
    await expect(page).toHaveURL(/fuelTypeGroup=GSL/);
    await expect.poll(() => resultCount(page)).toBeGreaterThan(before);
    await expect(chips.getByRole('button', { name: /^Remove AWD/ })).toHaveCount(0);
    await expect(chips.getByRole('button', { name: 'Remove Gasoline' })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the sheet headed 'Filters' holds every filter; 'See Results' closes it", async ({ page }) => {
      await open(page);
      await waitForResults(page);
      const panel = region(page, 'filters');
      await panel.getByRole('button', { name: 'Filters' }).click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await expect(sheet.getByRole('heading', { name: 'Filters' })).toBeFocused();
      for (const name of ['Vehicle Use Type', 'Year', 'Condition', 'Drive Type', 'Body Style', 'Fuel Type', 'Truck Cab Size', 'Features'])
        await expect(sheet.getByRole('button', { name, exact: true })).toBeVisible();
      await expect(sheet.getByRole('combobox', { name: 'Make', exact: true })).toBeVisible();
      await expect(sheet.getByRole('combobox', { name: 'Distance' })).toBeVisible();
      await expect(sheet.getByRole('checkbox', { name: /^Money Back Guarantee/ })).toBeVisible();
      // From the keyboard: open Drive Type, tick its first option.
      await sheet.getByRole('button', { name: 'Drive Type', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await expect(page).toHaveURL(/driveGroup=/);
      await sheet.getByRole('button', { name: 'See Results' }).click();
      await expect(sheet).toBeHidden();
      await expect(panel.getByRole('button', { name: 'Filters' })).toBeFocused();
    });

    test('zero axe violations with the sheet open and every accordion expanded', async ({ page }) => {
      await open(page, '/cars-for-sale?vehicleStyleCode=SUVCROSS');
      await waitForResults(page);
      await region(page, 'filters').getByRole('button', { name: 'Filters' }).click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await expect(sheet).toBeVisible();
      const closed = sheet.locator('button[aria-expanded="false"]');
      while ((await closed.count()) > 0) await closed.first().click();
      await expect(sheet.getByRole('button', { name: 'Drive Type', exact: true })).toHaveAttribute('aria-expanded', 'true');
      const { violations } = await new AxeBuilder({ page }).include('[data-boundary="mf-filters"]').analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  });
});
