import { expect, test, type Locator, type Page } from '@playwright/test';
import { FEATURE_FLAGS, FIRST_LOAD_STATE_ID, MESSAGES, type FeatureFlag, type FirstLoadState } from '@cfs/contracts';
import { open, region, signIn, waitForResults } from './helpers';

/**
 * Every feature flag of both specs gates what it names: for each flag, the page composed with the
 * flag on shows its feature, and the same page with only that flag turned off (a staging page's
 * `?flags=-name`) does not. One row per flag; a flag without a row fails the first test.
 */

interface Row {
  /** The page, with the search values that make the feature appear. */
  path: string;
  /** Other overrides applied to both pages, so that only this flag differs between them. */
  also?: string[];
  /** Runs before the check on both pages (a click, say). */
  act?: (page: Page) => Promise<void>;
  /** Before the page opens (storage a feature reads, say). */
  prepare?: (page: Page) => Promise<void>;
  /** What the flag shows. */
  feature: (page: Page) => Locator;
  /** The flag's feature is the absence of this (the flag turns it into something else). */
  inverted?: boolean;
  /**
   * What shows on the page whatever the flag (or what the flag's feature gives way to): checked on
   * the flag-off page before the feature's absence, so that the absence is not that of a page still
   * loading.
   */
  settled?: (page: Page) => Locator;
  /** The feature is where the feature locator is on the screen (after `act`), not whether it is there. */
  inView?: boolean;
}

const results = (page: Page) => region(page, 'results');
const firstCard = (page: Page) => results(page).getByRole('article').first();
const filters = (page: Page) => region(page, 'filters');
const alerts = (page: Page) => region(page, 'alerts');
const showcase = (page: Page) => region(page, 'showcase');
const ownerContext = (page: Page) => showcase(page).getByRole('heading', { name: MESSAGES.featuredDealer });
const inventoryContext = (page: Page) => showcase(page).getByRole('heading', { name: new RegExp(`^${MESSAGES.sponsoredBy} `) });
/** The 'Your Search' card's Save Search (the alerts remote runs the save). */
const saveSearchButton = (page: Page) => filters(page).getByRole('button', { name: 'Save Search' });
const emailForm = (page: Page) => alerts(page).getByRole('form', { name: 'Get email alerts for this search' });
const saveToggle = (page: Page) => firstCard(page).getByRole('button', { name: 'Save', exact: true });
/** The category tabs: toggle buttons in a labelled group. */
const categories = (page: Page) => filters(page).getByRole('group', { name: 'Categories' });
/** A filter panel control every search shows, whatever the flags. */
const filterPanelUp = (page: Page) => filters(page).getByRole('button', { name: 'Drive Type' });

/**
 * A search whose first premium listing (the showcase listing, alpha) is a Toyota while the search
 * names the model F150: the upstream keeps every Toyota model (a model narrows only its own make),
 * so the showcase listing is not an exact match of the filters.
 */
const NOT_EXACT = '/cars-for-sale?makeCode=FORD&makeCode=TOYOTA&modelCode=F150';

let sellerName = '';

async function firstLoad(page: Page): Promise<FirstLoadState> {
  return JSON.parse((await page.locator(`#${FIRST_LOAD_STATE_ID}`).textContent())!);
}

/**
 * alphaCriteria: no search of the embedded catalogue shows a difference. With showcaseOwnerId the
 * embedded upstream answers only that owner's premium listings, and without it the showcase shows
 * the first premium listing: either way the showcase listing heads the premium results and is
 * alpha with the criteria on as with them off. The difference shows when the owner's listing is
 * not the first premium listing, as from an upstream that prefers the owner rather than keeping
 * only its listings: this row answers the browser's spotlight call as such an upstream would (the
 * same call without showcaseOwnerId, so the catalogue's own premium listings in their own order)
 * after a search change made in the page. The first page (server-rendered) is answered by the
 * embedded upstream itself.
 */
const ALPHA_CRITERIA: Row = {
  // Parkway Toyota Motors (d100110) has the second Ford premium listing, after another dealer's.
  // The page opens on Fords from 2020 (answered by the embedded upstream: this dealer's listings
  // only, so alpha); removing the year in the page makes the browser's spotlight call.
  path: '/cars-for-sale?makeCode=FORD&startYear=2020&showcaseOwnerId=d100110',
  // exactMatch off: the context is 'owner' exactly when the showcase listing is not alpha.
  also: ['-exactMatch'],
  prepare: async (p) => {
    await p.route('**/rest/lsc/listing/spotlight/premiumresults?*', async (route) => {
      const url = new URL(route.request().url());
      if (!url.searchParams.has('showcaseOwnerId')) return route.continue();
      url.searchParams.delete('showcaseOwnerId');
      return route.fulfill({ response: await route.fetch({ url: url.toString() }) });
    });
  },
  act: async (p) => {
    const answered = p.waitForResponse((r) => r.url().includes('/spotlight/premiumresults') && !r.url().includes('startYear='));
    await filters(p)
      .getByRole('button', { name: /^Remove Year/ })
      .click();
    expect((await answered).ok()).toBe(true);
  },
  settled: inventoryContext,
  feature: ownerContext,
};

const ROWS: Record<FeatureFlag, Row> = {
  saveSearch: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: emailForm,
    feature: saveSearchButton,
  },
  subscribeAlerts: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: saveSearchButton,
    feature: (p) => alerts(p).getByRole('form', { name: 'Get email alerts for this search' }),
  },
  emailAlertPrompt: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: saveSearchButton,
    feature: (p) => alerts(p).getByRole('form', { name: 'Get email alerts for this search' }),
  },
  shareListingLink: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: saveToggle,
    feature: (p) => firstCard(p).getByRole('button', { name: 'Share listing' }),
  },
  compare: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: saveToggle,
    feature: (p) => firstCard(p).getByRole('button', { name: MESSAGES.addToCompare }),
  },
  personalization: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: (p) => firstCard(p).getByRole('button', { name: 'Share listing' }),
    feature: (p) => firstCard(p).getByRole('button', { name: 'Save', exact: true }),
  },
  wallet: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: firstCard,
    feature: (p) => results(p).getByRole('heading', { name: 'Shop by monthly budget' }),
  },
  payments: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: (p) => firstCard(p).getByRole('button', { name: MESSAGES.addToCompare }),
    feature: (p) => firstCard(p).getByText(/\$[\d,]+\/mo/),
  },
  suggestedFilters: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: filterPanelUp,
    feature: (p) => filters(p).getByRole('list', { name: 'Suggested filters' }),
  },
  buyOnline: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: (p) => categories(p).getByRole('button', { name: 'All Results' }),
    feature: (p) => categories(p).getByRole('button', { name: 'Buy Online', exact: true }),
  },
  categorySearch: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: filterPanelUp,
    feature: (p) => categories(p).getByRole('button', { name: 'All Results' }),
  },
  commercialEntryPoint: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: filterPanelUp,
    feature: (p) => filters(p).getByRole('button', { name: 'Shop Commercial Vehicles' }),
  },
  bestDealsEntryPoint: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: filterPanelUp,
    feature: (p) => filters(p).getByRole('button', { name: 'Shop Best Deals' }),
  },
  keywordSearch: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: filterPanelUp,
    feature: (p) => filters(p).getByRole('button', { name: 'Keyword Search' }),
  },
  filterChips: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: filterPanelUp,
    feature: (p) => filters(p).getByRole('button', { name: /^Remove / }),
  },
  singleMakeModelTrim: {
    path: '/cars-for-sale?makeCode=FORD&modelCode=F150',
    settled: filterPanelUp,
    feature: (p) => filters(p).getByRole('combobox', { name: 'Trim', exact: true }),
  },
  referenceFilters: {
    path: '/cars-for-sale?vehicleStyleCode=TRUCKS',
    settled: filterPanelUp,
    feature: (p) => filters(p).getByRole('region', { name: 'Truck Cab Size' }),
  },
  premiumSpotlight: {
    path: '/cars-for-sale?makeCode=FORD',
    also: ['-vehicleHighlight'],
    feature: (p) => firstCard(p).getByText('Sponsored', { exact: true }),
  },
  nonRelevanceSpotlights: {
    path: '/cars-for-sale?makeCode=FORD&sortBy=derivedpriceASC',
    also: ['-vehicleHighlight'],
    feature: (p) => firstCard(p).getByText('Sponsored', { exact: true }),
  },
  infiniteScroll: {
    path: '/cars-for-sale?makeCode=FORD',
    // After the first 'See More Results', further pages load as the shopper scrolls: the button
    // gives way to the in-view trigger.
    act: async (p) => {
      await results(p).getByRole('button', { name: MESSAGES.seeMoreResults }).click();
      // The next page has come (pressed before the region hydrated, the button is pressed again
      // once it has): keyboard focus moves to its first card's link.
      await expect(results(p).getByRole('link').and(p.locator(':focus'))).toHaveCount(1, { timeout: 20_000 });
    },
    feature: (p) => results(p).getByRole('button', { name: MESSAGES.seeMoreResults }),
    inverted: true,
  },
  clickableDealerName: {
    path: '/cars-for-sale?makeCode=FORD',
    also: ['-premiumSpotlight', '-vehicleHighlight'],
    // The name of the first dealer (not a private seller) among the search's listings.
    act: async (p) => {
      const { result } = await firstLoad(p);
      const owners = new Map((result?.owners ?? []).map((o) => [o.id, o]));
      const dealer = (result?.listings ?? []).map((l) => owners.get(l.ownerId)).find((o) => o && !o.privateSeller && o.website?.href);
      sellerName = dealer?.name ?? '';
      expect(sellerName).not.toBe('');
    },
    feature: (p) => results(p).getByRole('link', { name: sellerName, exact: true }),
  },
  notificationPrompt: {
    path: '/cars-for-sale?makeCode=FORD&modelCode=F150',
    settled: saveSearchButton,
    // A search page visited before: the recent-inventory view the prompt needs.
    prepare: async (p) => void (await open(p, '/cars-for-sale?listingType=USED')),
    feature: (p) => alerts(p).getByRole('region', { name: 'Get notified about new matches for this search' }),
  },
  homeServices: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: filterPanelUp,
    feature: (p) => filters(p).getByRole('button', { name: 'Dealer Home Services' }),
  },
  marketExtension: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: filterPanelUp,
    feature: (p) => filters(p).getByRole('checkbox', { name: /^Include Nearby Markets/ }),
  },
  vehicleExchange: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: filterPanelUp,
    feature: (p) => filters(p).getByRole('checkbox', { name: /^Vehicle Exchange/ }),
  },
  images360: {
    // The third and eighth listings of this search have a 360-degree spin.
    path: '/cars-for-sale?makeCode=FORD',
    settled: firstCard,
    feature: (p) => results(p).getByText('360° view', { exact: true }),
  },
  vehicleHighlight: {
    path: '/cars-for-sale?makeCode=FORD',
    settled: (p) => results(p).getByRole('article').nth(3),
    feature: (p) => results(p).getByRole('region', { name: 'Vehicle Highlights' }),
  },
  stickyHeader: {
    // The hero stays at the top of the screen as the shopper scrolls down the results.
    path: '/cars-for-sale?makeCode=FORD',
    act: async (p) => {
      await p.mouse.move(700, 600);
      await p.mouse.wheel(0, 1500);
      await expect.poll(() => p.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    },
    settled: (p) => p.getByRole('heading', { level: 1 }),
    feature: (p) => p.getByRole('heading', { level: 1 }),
    inView: true,
  },
  savedListings: {
    // A signed-in shopper's saved listing shows as saved on the next visit.
    path: '/cars-for-sale?makeCode=FORD',
    also: ['-premiumSpotlight', '-vehicleHighlight', '+personalization'],
    prepare: async (p) => void (await signIn(p, 'flags')),
    act: async (p) => {
      const save = firstCard(p).getByRole('button', { name: 'Save', exact: true });
      const saved = p.waitForResponse((r) => r.url().includes('/account-api/saved-listings') && r.request().method() === 'POST');
      await save.click();
      expect((await saved).ok()).toBe(true);
      await p.reload();
      await p.locator('html[data-cfs-ready]').waitFor({ state: 'attached' });
      await waitForResults(p);
    },
    settled: (p) => firstCard(p).getByRole('button', { name: 'Save', exact: true }),
    feature: (p) => firstCard(p).getByRole('button', { name: 'Save', exact: true, pressed: true }),
  },
  exactMatch: {
    // With the flag, the alpha listing that does not match the filters gives the owner context;
    // without it, the alpha listing shows as 'Sponsored by'. alphaCriteria off: the listing is alpha
    // whatever the criteria, so only this flag decides.
    path: NOT_EXACT,
    also: ['-alphaCriteria'],
    settled: inventoryContext,
    feature: ownerContext,
  },
  alphaCriteria: ALPHA_CRITERIA,
  ownerInventoryLink: {
    path: NOT_EXACT,
    settled: ownerContext,
    feature: (p) => showcase(p).getByRole('link', { name: MESSAGES.viewAllCars }),
  },
} as Record<FeatureFlag, Row>;

test('every feature flag has a row', () => {
  expect(FEATURE_FLAGS.filter((f) => !ROWS[f])).toEqual([]);
});

async function view(page: Page, row: Row, flags: string[]) {
  await row.prepare?.(page);
  const sep = row.path.includes('?') ? '&' : '?';
  await open(page, `${row.path}${sep}flags=${encodeURIComponent(flags.join(','))}`);
  await waitForResults(page);
  await row.act?.(page);
}

for (const flag of FEATURE_FLAGS) {
  const row = ROWS[flag];
  if (!row) continue;
  test(`flag ${flag}: on, its feature is there; off, it is gone`, async ({ page }) => {
    const also = row.also ?? [];
    await view(page, row, [...also, `+${flag}`]);
    if (row.inView) await expect(row.feature(page).first()).toBeInViewport();
    else if (row.inverted) await expect(row.feature(page)).toHaveCount(0);
    else await expect(row.feature(page).first()).toBeVisible();
    expect((await firstLoad(page)).flags[flag]).toBe(true);

    await view(page, row, [...also, `-${flag}`]);
    expect((await firstLoad(page)).flags[flag]).toBe(false);
    // The page has settled as far as the flag-on page had when its feature showed.
    await page.waitForLoadState('networkidle');
    if (row.settled) await expect(row.settled(page).first()).toBeVisible();
    if (row.inView) await expect(row.feature(page).first()).not.toBeInViewport();
    else if (row.inverted) await expect(row.feature(page).first()).toBeVisible();
    else await expect(row.feature(page)).toHaveCount(0);
  });
}
