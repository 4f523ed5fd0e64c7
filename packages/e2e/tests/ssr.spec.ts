import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES, RELAXATIONS_PATH, REMOTE_NAMES } from '@cfs/contracts';
import { RegistryStore } from 'gateway';
import { base, open, region, saveSearch, waitForResults } from './helpers';

/**
 * The first response carries every region server-rendered, and the browser hydrates it in place:
 * the page reads with JavaScript off, hydrates with no mismatch, and a region whose server render
 * fails is rendered by the browser while the others arrive rendered.
 */
const PAGE = '/cars-for-sale?listingType=USED';
/** A price no listing has: the no-results message and the way out of it. */
const NO_RESULTS = '/cars-for-sale?listingType=USED&minPrice=900000';
const REMOVE_PRICE = /^Remove Price: \$900,000 and up to see [\d,]+ results?$/;

/** Remotes whose region root in the page HTML came from the server. */
async function serverRendered(page: Page): Promise<string[]> {
  const html = await (await page.request.get(base() + PAGE)).text();
  return REMOTE_NAMES.filter((n) => new RegExp(`<div data-boundary="${n}"[^>]* data-ssr="">`).test(html));
}

/** The paths of a remote's files the page asks for from now on, as they are asked for. */
function filesAskedFor(page: Page, remote: string): string[] {
  const files: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/cars-for-sale/remotes/${remote}/`)) files.push(new URL(r.url()).pathname);
  });
  return files;
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the page shows the hero, the filter panel, the showcase and listing cards from the server', async ({ page }) => {
    await page.goto(base() + PAGE);
    await expect(page.getByRole('heading', { level: 1, name: 'Used Cars for Sale' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(region(page, 'filters').getByRole('combobox', { name: 'Make' })).toBeVisible();
    await expect(region(page, 'filters').getByRole('combobox', { name: 'Sort by' })).toBeVisible();
    await expect(region(page, 'showcase').getByRole('heading', { name: /^Sponsored by / })).toBeVisible();
    const cards = region(page, 'results').getByRole('article');
    expect(await cards.count()).toBeGreaterThanOrEqual(20);
    await expect(cards.first().getByRole('heading', { level: 3 })).toBeVisible();
    // The first row's photos are in the document and load eagerly; the very first at high priority.
    const first = cards.first().getByRole('img');
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
  });

  test('a page with no results shows the message and the filters whose removal brings listings back', async ({ page }) => {
    await page.goto(base() + NO_RESULTS);
    const results = region(page, 'results');
    await expect(results.getByText(MESSAGES.noResults)).toBeVisible();
    await expect(results.getByRole('heading', { name: 'Remove one filter' })).toBeVisible();
    await expect(results.getByRole('button', { name: REMOVE_PRICE })).toBeVisible();
  });
});

test("with no results, the way out hydrates from the server's answer: asked for no second time, one press brings listings back", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === RELAXATIONS_PATH) asked.push(r.url());
  });
  await open(page, NO_RESULTS);
  const results = region(page, 'results');
  await page.waitForFunction(
    () => !!document.querySelector('[data-boundary="mf-results"]') && document.documentElement.hasAttribute('data-cfs-ready'),
  );
  await results.getByRole('button', { name: REMOVE_PRICE }).click();
  await waitForResults(page);
  // The search's history entry is written once its results are painted: waited for, not read at once.
  await expect(page).not.toHaveURL(/minPrice/);
  await expect(page).toHaveURL(/[?&]listingType=USED(&|$)/);
  expect(asked).toEqual([]);
});

test('the page hydrates with no mismatch or console error, and a filter change then works', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await open(page, PAGE);
  await waitForResults(page);
  // Every region hydrated the HTML the server sent: the same root elements are still in place.
  await page.waitForFunction(() => document.querySelectorAll('[data-ssr]').length === 6);
  const make = region(page, 'filters').getByRole('combobox', { name: 'Make' });
  await expect(make).toBeEnabled();
  const searches: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/rest/lsc/listing') searches.push(r.url());
  });
  await make.selectOption({ index: 1 });
  const chosen = (await make.locator('option:checked').textContent())!.replace(/\s*\(.*$/, '').trim();
  await expect(page).toHaveURL(/makeCode=/);
  await expect(region(page, 'results').getByRole('article').first().getByRole('heading')).toContainText(chosen);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Used ${chosen} for Sale`);
  // The change sent one search (the URL's update is not taken for a Back that searches again).
  expect(searches).toHaveLength(1);
  expect(errors).toEqual([]);
});

test("the shell's own script is asked for once the page has loaded, and the page hydrates from it", async ({ page }) => {
  await open(page, PAGE);
  await waitForResults(page);
  // The results grid hydrates when the shopper reaches into it.
  await region(page, 'results').getByRole('article').first().hover();
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('cfs:hydrate mf-results').length)).toBe(1);
  const { loadEnd, shell, start } = await page.evaluate(() => {
    const scripts = performance.getEntriesByType('resource').filter((e) => e.name.includes('/cars-for-sale/remotes/shell/'));
    const named = (re: RegExp) => scripts.filter((e) => re.test(new URL(e.name).pathname)).map((e) => e.startTime);
    return {
      loadEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      shell: named(/\/shell\.[0-9a-f]+\.js$/),
      start: named(/\/start\.[0-9a-f]+\.js$/),
    };
  });
  // The page's one script (the start script) came with the page; the shell's, after its load.
  expect(start).toHaveLength(1);
  expect(start[0]).toBeLessThan(loadEnd);
  expect(shell).toHaveLength(1);
  expect(shell[0]).toBeGreaterThanOrEqual(loadEnd);
});

test("the showcase's code loads only when the shopper reaches it, and a Hide pressed before then still hides it", async ({ page }) => {
  const showcaseFiles = filesAskedFor(page, 'mf-showcase');
  await open(page, PAGE);
  await waitForResults(page);
  await page.waitForLoadState('networkidle');
  // Server HTML only: the first load asked for none of its code.
  const showcase = region(page, 'showcase');
  await expect(showcase.getByRole('heading', { name: /^Sponsored by / })).toBeVisible();
  expect(showcaseFiles).toEqual([]);
  // The press reaches the region, whose code then loads and mounts, and the press is repeated.
  await showcase.getByRole('button', { name: MESSAGES.hide, exact: true }).click();
  await expect(showcase.getByRole('article')).toHaveCount(0);
  await expect(showcase.getByRole('heading', { name: /^Sponsored by / })).toHaveCount(0);
  expect(showcaseFiles.some((f) => f.endsWith('/remoteEntry.js'))).toBe(true);
  // Hidden for the session: the next page's showcase code loads by itself and hides it again.
  await open(page, PAGE);
  await expect(showcase.getByRole('heading', { name: /^Sponsored by / })).toHaveCount(0);
});

test("the filter panel's code loads when the shopper reaches into the panel, not with the page", async ({ page }) => {
  const filterFiles = filesAskedFor(page, 'mf-filters');
  await open(page, PAGE);
  await waitForResults(page);
  await page.waitForLoadState('networkidle');
  const filters = region(page, 'filters');
  await expect(filters.getByRole('combobox', { name: 'Make' })).toBeVisible();
  expect(filterFiles).toEqual([]);
  await filters.getByRole('combobox', { name: 'Make' }).hover();
  await expect.poll(() => filterFiles.some((f) => f.endsWith('/remoteEntry.js'))).toBe(true);
  // Hydrated in place (its User Timing entry), keeping the server's root.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('cfs:hydrate mf-filters').length)).toBe(1);
  await expect(page.locator('[data-boundary="mf-filters"][data-ssr]')).toHaveCount(1);
});

test('the model reference rendered empty loads no code with the page, though in view on a short page; the next search brings it', async ({
  page,
}) => {
  const referenceFiles = filesAskedFor(page, 'mf-reference');
  await open(page, NO_RESULTS);
  const remove = region(page, 'results').getByRole('button', { name: REMOVE_PRICE });
  await expect(remove).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(referenceFiles).toEqual([]);
  await remove.click();
  await waitForResults(page);
  await expect.poll(() => referenceFiles.some((f) => f.endsWith('/remoteEntry.js'))).toBe(true);
});

test("the alerts' code loads when the card's Save Search is pressed, and the press opens the email form", async ({ page }) => {
  const alertFiles = filesAskedFor(page, 'mf-alerts');
  // Without the prompt that shows by itself, so the form is there only once the press is handled.
  await open(page, `${PAGE}&flags=-emailAlertPrompt`);
  await waitForResults(page);
  await page.waitForLoadState('networkidle');
  const alerts = region(page, 'alerts');
  await expect(alerts.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  expect(alertFiles).toEqual([]);
  await saveSearch(page).click();
  await expect(alerts.getByRole('textbox', { name: 'Email' })).toBeVisible();
  // The form takes focus: the shopper types at once.
  await expect(alerts.getByRole('textbox', { name: 'Email' })).toBeFocused();
  expect(alertFiles.some((f) => f.endsWith('/remoteEntry.js'))).toBe(true);
});

test("a new search brings the showcase its code and the new search's sponsored dealer", async ({ page }) => {
  await open(page, PAGE);
  await waitForResults(page);
  const showcase = region(page, 'showcase');
  await expect(showcase.getByRole('heading', { name: /^Sponsored by / })).toBeVisible();
  const make = region(page, 'filters').getByRole('combobox', { name: 'Make' });
  await make.selectOption({ index: 1 });
  const chosen = (await make.locator('option:checked').textContent())!.replace(/\s*\(.*$/, '').trim();
  await expect(page).toHaveURL(/makeCode=/);
  // Rendered afresh for the new search (no server root left), not hydrated with the old one:
  // its vehicle is one of the chosen make.
  await expect(page.locator('[data-boundary="mf-showcase"]:not([data-ssr])')).toHaveCount(1);
  await expect(showcase.getByRole('img', { name: new RegExp(chosen) }).first()).toBeVisible();
});

test('a make chosen in the server-rendered filter panel before its code has loaded is searched once the panel hydrates', async ({
  page,
}) => {
  // The filter panel's code arrives late (a slow network), so the shopper acts on the server's HTML.
  let release!: () => void;
  const late = new Promise<void>((r) => (release = r));
  await page.route('**/cars-for-sale/remotes/mf-filters/**/*.js', async (route) => {
    await late;
    await route.continue();
  });
  await page.goto(base() + PAGE);
  const make = region(page, 'filters').getByRole('combobox', { name: 'Make' });
  await make.selectOption({ index: 1 });
  const chosen = (await make.locator('option:checked').textContent())!.replace(/\s*\(.*$/, '').trim();
  await expect(page).not.toHaveURL(/makeCode=/);
  release();
  await expect(page).toHaveURL(/makeCode=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Used ${chosen} for Sale`);
  await expect(make.locator('option:checked')).toHaveText(new RegExp(`^${chosen}`));
});

test('a region whose server render throws is rendered by the browser; the others arrive server-rendered', async ({ page }) => {
  const store = new RegistryStore(path.join(process.env.E2E_DATA_DIR!, 'gateway'));
  const live = store.read().remotes['mf-showcase'].version;
  await store.switch('mf-showcase', process.env.E2E_SHOWCASE_SERVER_THROWS_VERSION!);
  try {
    expect(await serverRendered(page)).toEqual(REMOTE_NAMES.filter((n) => n !== 'mf-showcase'));
    await open(page, PAGE);
    await waitForResults(page);
    await expect(region(page, 'showcase').getByRole('heading', { name: /^Sponsored by / })).toBeVisible();
  } finally {
    await store.switch('mf-showcase', live);
  }
  expect(await serverRendered(page)).toEqual([...REMOTE_NAMES]);
});

/** Sums the page's layout shifts (not caused by input) from its first moment. */
async function recordLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __CLS__: number };
    w.__CLS__ = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!e.hadRecentInput) w.__CLS__ += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __CLS__: number }).__CLS__);

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('no empty band between the hero and the first listing, and layout shift stays under 0.02', async ({ page }) => {
    await recordLayoutShift(page);
    await open(page, PAGE);
    await waitForResults(page);
    await expect(region(page, 'filters').getByRole('button', { name: 'Filters' })).toBeVisible();
    await page.waitForFunction(() => document.querySelectorAll('[data-ssr]').length === 6);
    await page.waitForTimeout(1500);

    const band = await page.evaluate(() => {
      const top = document.getElementById('cfs-hero')!.getBoundingClientRect().bottom;
      const bottom = document.querySelector('[data-boundary="mf-results"] article')!.getBoundingClientRect().top;
      // Everything painted between them: text, controls and images.
      const boxes = [...document.querySelectorAll('body *')]
        .filter((el) => el.matches('h1,h2,h3,p,a,button,img,select,input,label,li') && (el as HTMLElement).offsetParent !== null)
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.height > 0 && r.bottom > top && r.top < bottom)
        .sort((a, b) => a.top - b.top);
      let covered = top;
      let gap = 0;
      for (const r of boxes) {
        gap = Math.max(gap, r.top - covered);
        covered = Math.max(covered, r.bottom);
      }
      return Math.max(gap, bottom - covered);
    });
    expect(band).toBeLessThanOrEqual(100);
    const cls = await layoutShift(page);
    expect(cls).toBeLessThan(0.02);
  });
});

test('on a desktop screen layout shift stays under 0.02 while the page loads and hydrates', async ({ page }) => {
  await recordLayoutShift(page);
  await open(page, PAGE);
  await waitForResults(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-ssr]').length === 6);
  await page.waitForTimeout(1500);
  expect(await layoutShift(page)).toBeLessThan(0.02);
});
