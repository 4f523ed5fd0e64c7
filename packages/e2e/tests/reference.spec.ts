import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { open, region, waitForResults } from './helpers';

/** A make-and-model page of the embedded upstream's catalogue (used cars by default). */
const F150 = '/cars-for-sale/all/ford/f150';

/**
 * Scrolls the section into view (its code loads as it nears the viewport) and waits until it has
 * hydrated: a click on the second tab selects it only once React handles events.
 */
async function openSection(page: Page) {
  await open(page, F150);
  await waitForResults(page);
  const section = region(page, 'reference');
  await section.scrollIntoViewIfNeeded();
  const tabs = section.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  await tabs.nth(1).click();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
  await tabs.first().click();
  return section;
}

test.describe('the model reference section on a make-and-model page', () => {
  test('every tab shows content, with zero axe violations on each', async ({ page }) => {
    const section = await openSection(page);
    const names = (await section.getByRole('tab').allTextContents()).map((t) => t.trim());
    expect(names).toEqual(expect.arrayContaining(['Pricing', 'Compare Trims', 'Safety', 'Consumer Reviews', 'FAQs']));
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      await section.getByRole('tab', { name, exact: true }).click();
      const panel = section.getByRole('tabpanel', { name, exact: true });
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('status')).toHaveCount(0);
      await expect(panel).not.toHaveText(/coming soon|Circuit Breaker|timed out/i);
      // Each panel has its content: a table, a list of articles or a question.
      await expect(panel.locator('table, li, h3').first()).toBeVisible();
      const axe = await new AxeBuilder({ page }).include('[data-boundary="mf-reference"]').analyze();
      expect(axe.violations.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    }
    await expect(section.getByRole('region', { name: 'Ford F-150 articles' }).getByRole('link').first()).toBeVisible();
    await expect(section.getByRole('region', { name: /Ford F-150 expert reviews$/ }).getByRole('link')).not.toHaveCount(0);
    expect(
      await section
        .getByRole('region', { name: /Ford F-150 expert reviews$/ })
        .getByRole('link')
        .count(),
    ).toBeLessThanOrEqual(2);
  });

  test('the tabs work with the keyboard: arrow keys, Home and End', async ({ page }) => {
    const section = await openSection(page);
    const tabs = section.getByRole('tab');
    const count = await tabs.count();
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(section.getByRole('tabpanel')).toHaveCount(1);
    await page.keyboard.press('End');
    await expect(tabs.nth(count - 1)).toBeFocused();
    await expect(tabs.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tabs.first()).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.nth(count - 1)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  });

  test('the compare-trims dialog opens and closes with the keyboard', async ({ page }) => {
    const section = await openSection(page);
    await section.getByRole('tab', { name: 'Compare Trims' }).click();
    const panel = section.getByRole('tabpanel', { name: 'Compare Trims' });
    await expect(panel.getByRole('table')).toContainText('XLT');
    const opener = panel.getByRole('button', { name: 'Compare trim features' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Compare .*Ford F-150 trims/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: /^Heated seats/ })).toContainText(/Standard|Optional|Not Available/);
    const axe = await new AxeBuilder({ page }).include('dialog').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('the certified program dialog opens and closes with the keyboard, with its inspection link', async ({ page }) => {
    const section = await openSection(page);
    const block = section.getByRole('region', { name: 'Certified programs' });
    const opener = block.getByRole('button', { name: 'Ford Gold Certified details' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Ford Gold Certified' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: /inspection details/ })).toHaveAttribute('href', /172-point-inspection/);
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await block.getByRole('button', { name: 'Money back guarantee details' }).click();
    await expect(block).toContainText('14 days or 1,000 miles');
  });
});

test("'Learn more about' beside the results count moves focus to the model reference section", async ({ page }) => {
  await open(page, F150);
  await waitForResults(page);
  await expect(page.getByRole('heading', { level: 2, name: /Results?$/ }).first()).toBeVisible();
  const link = page.getByRole('link', { name: 'Learn more about Ford F-150' });
  await link.focus();
  await page.keyboard.press('Enter');
  const heading = region(page, 'reference')
    .getByRole('heading', { name: /Ford F-150/ })
    .first();
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  // It stays there while the page above settles (the grid measures the rows it had estimated).
  await page.waitForTimeout(1000);
  await expect(heading).toBeInViewport();
});
