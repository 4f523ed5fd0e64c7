import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { FIRST_LOAD_STATE_ID, HERO_TEXTS, type FirstLoadState } from '@cfs/contracts';
import { base, open, openDialog, region, upstream, waitForResults } from './helpers';

/**
 * The whole page, not a part of it, has no axe violation in every state the suite opens: a results
 * page, a make-and-model page, each dialog a shopper opens from it, the filter sheet of a phone,
 * the comparison, the vehicle page and the error screen; on a desktop and on a 390 × 844 phone.
 */

const VIEWPORTS = { desktop: { width: 1400, height: 1000 }, phone: { width: 390, height: 844 } } as const;
const F150 = '/cars-for-sale/all/ford/f150?listingType=USED';

/** Violations of the whole page, one line each (rule, the elements it found). */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('a results page and a make-and-model page', async ({ page }) => {
      await open(page, '/cars-for-sale?listingType=USED&zip=30301');
      await waitForResults(page);
      expect(await violations(page)).toEqual([]);
      await open(page, F150);
      await waitForResults(page);
      await region(page, 'reference').scrollIntoViewIfNeeded();
      await expect(region(page, 'reference').getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 20_000 });
      expect(await violations(page)).toEqual([]);
    });

    test('each dialog a listing card opens', async ({ page }) => {
      await open(page, F150);
      await waitForResults(page);
      const card = region(page, 'results').getByRole('article').first();
      for (const [button, name] of [
        ['Email Seller', 'Email the seller'],
        ['Share listing', 'Share this listing'],
        ['Report listing', 'Report this listing'],
      ] as const) {
        const dialog = await openDialog(page, card.getByRole('button', { name: button }), name);
        expect(await violations(page), button).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });

    test('the dialogs of the page around the listings: keyword search, the shopping assistant, compare trims, a certified program, the model-name clarification', async ({
      page,
    }) => {
      await open(page, F150);
      await waitForResults(page);
      const closes = async (dialog: Locator, what: string) => {
        await expect(dialog).toBeVisible();
        expect(await violations(page), what).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      };
      if (device === 'desktop') {
        await region(page, 'filters').getByRole('button', { name: 'Keyword Search' }).click();
        await closes(page.getByRole('dialog').first(), 'keyword search');
      }
      await page.getByRole('banner').getByRole('button', { name: HERO_TEXTS.assistantButton }).click();
      await closes(page.getByRole('dialog', { name: HERO_TEXTS.assistantHeading }), 'shopping assistant');

      const section = region(page, 'reference');
      await section.scrollIntoViewIfNeeded();
      // The section hydrates once it is in view: a click before then is held until it has.
      const tab = section.getByRole('tab', { name: 'Compare Trims' });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
      const trims = section.getByRole('tabpanel', { name: 'Compare Trims' }).getByRole('button', { name: 'Compare trim features' });
      await trims.click();
      await closes(page.getByRole('dialog', { name: /Compare .*Ford F-150 trims/ }), 'compare trims');
      await section
        .getByRole('region', { name: 'Certified programs' })
        .getByRole('button', { name: 'Ford Gold Certified details' })
        .click();
      await closes(page.getByRole('dialog', { name: 'Ford Gold Certified' }), 'certified program');

      // The model-name clarification opens by itself on a search whose answer suggests a model.
      await open(page, '/cars-for-sale?makeCode=FORD&modelCode=MUSTANG');
      await closes(page.getByRole('dialog', { name: 'Did you mean the Ford Mustang Mach-E?' }), 'model-name clarification');
    });

    test('the comparison', async ({ page }) => {
      await open(page, F150);
      await waitForResults(page);
      const cards = region(page, 'results').getByRole('article');
      for (const i of [0, 1, 2]) {
        const card = cards.nth(i);
        await card.scrollIntoViewIfNeeded();
        await card.getByRole('button', { name: 'Add to Compare' }).click();
        await expect(card.getByRole('button', { name: 'Added to Compare' })).toBeDisabled();
      }
      await region(page, 'compare').getByRole('button', { name: 'Compare side by side' }).click();
      await expect(page.getByRole('dialog', { name: 'Compare vehicles side by side' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('the vehicle page', async ({ page }) => {
      await open(page, F150);
      const state = JSON.parse((await page.locator(`#${FIRST_LOAD_STATE_ID}`).textContent())!) as FirstLoadState;
      await page.goto(`${base()}/cars-for-sale/vehicle/${state.result!.listings[0].id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('the error screen', async ({ page }) => {
      const request = page.request;
      await request.put(`${upstream()}/__faults/service/listing`, { data: { status: 503 } });
      try {
        await page.goto(`${base()}/cars-for-sale?listingType=USED&makeCode=TOYOTA`);
        await expect(page.getByRole('button', { name: 'Please try again' })).toBeVisible();
        expect(await violations(page)).toEqual([]);
      } finally {
        await request.delete(`${upstream()}/__faults`);
        // The listing circuit closes again before the next test (an open GET circuit probes every 2 s).
        await expect
          .poll(async () => ((await (await request.get(`${base()}/healthz`)).json()) as { open: string[] }).open, { timeout: 40_000 })
          .not.toContain('listingSearch');
      }
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: VIEWPORTS.phone });
  test('the filter sheet', async ({ page }) => {
    await open(page, F150);
    await waitForResults(page);
    await region(page, 'filters').getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});
