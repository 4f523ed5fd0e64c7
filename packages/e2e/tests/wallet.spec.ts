import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@cfs/contracts';
import { open, region, signIn, waitForResults } from './helpers';

/**
 * The wallet on the composed page: the wallet card at cell 3 sets the search's max price from a
 * monthly budget with the note 'The max price has been updated to match your budget.'; the
 * 'My Wallet' popover, shown to a shopper with saved listings (flags wallet and payments), gives
 * the $600/mo example, then the budget set, and the budget copy at a max price of 20000.
 */

/** A used-car search with a 5-digit ZIP, by relevance (the wallet card is at cell 3). */
const SEARCH = '/cars-for-sale?zip=30301&sortBy=relevance';
const WALLET = 'Shop by monthly budget';

function walletCard(page: Page) {
  return region(page, 'results').getByRole('region', { name: WALLET });
}

test.describe('the wallet', () => {
  /** Sets a monthly budget in the wallet card; answers the max price the note gives. */
  async function setBudget(page: Page, budget: string): Promise<string> {
    const card = walletCard(page);
    await card.getByRole('textbox', { name: 'Monthly budget' }).fill(budget);
    await card.getByRole('button', { name: 'Update max price' }).click();
    const note = card.getByRole('status');
    await expect(note).toContainText(MESSAGES.budgetUpdated);
    const price = /Max price: \$([\d,]+)\./.exec((await note.textContent()) ?? '')?.[1];
    expect(price).toBeTruthy();
    return price!.replace(/,/g, '');
  }

  test('a budget sets the max price with the note', async ({ page }) => {
    await open(page, SEARCH);
    await waitForResults(page);
    await expect(walletCard(page)).toContainText('For example, $600/mo');
    const maxPrice = await setBudget(page, '450');
    await expect(page).toHaveURL(new RegExp(`[?&]maxPrice=${maxPrice}(&|$)`));
    await waitForResults(page);
  });

  test('My Wallet shows with saved listings: the $600/mo example, the budget set, and the budget copy at a max price of 20000', async ({
    page,
  }) => {
    await open(page, SEARCH);
    await waitForResults(page);
    const results = region(page, 'results');
    // No saved listings: no wallet button.
    await expect(results.getByRole('button', { name: 'My Wallet', exact: true })).toHaveCount(0);

    await signIn(page, 'wallet');
    await open(page, SEARCH);
    await waitForResults(page);
    const toggle = results.getByRole('article').first().getByRole('button', { name: 'Save' });
    await toggle.scrollIntoViewIfNeeded();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });

    const wallet = results.getByRole('button', { name: 'My Wallet', exact: true });
    await wallet.click();
    await expect(wallet).toHaveAttribute('aria-expanded', 'true');
    const panel = results.getByRole('region', { name: 'My Wallet', exact: true });
    await expect(panel).toContainText('For example, $600/mo');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(wallet).toBeFocused();

    const maxPrice = await setBudget(page, '450');
    await expect(page).toHaveURL(new RegExp(`[?&]maxPrice=${maxPrice}(&|$)`));
    await wallet.click();
    await expect(panel).toContainText('Your monthly budget: $450/mo');
    await expect(panel).not.toContainText('For example');

    // A search at a max price of 20000: the budget copy (saved listings come back with the visit).
    await open(page, `${SEARCH}&maxPrice=20000`);
    await waitForResults(page);
    await results.getByRole('button', { name: 'My Wallet', exact: true }).click();
    await expect(results.getByRole('region', { name: 'My Wallet', exact: true })).toContainText(
      'Cars under $20,000 fit a budget of about $303/mo.',
    );
  });
});
