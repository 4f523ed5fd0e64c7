import { expect, type Locator, type Page } from '@playwright/test';
import { REGION_LABELS, REMOTE_NAMES, type RemoteName } from '@cfs/contracts';
import { RENDERER_COUNTER } from '../support/chromium';

type RegionName = RemoteName extends `mf-${infer S}` ? S : never;

/** Region names as a screen reader announces them (the contracts' REGION_LABELS), by short name. */
export const REGION = Object.fromEntries(REMOTE_NAMES.map((n) => [n.slice('mf-'.length), REGION_LABELS[n]])) as Record<RegionName, string>;

export const NOTICE = 'This section is unavailable right now.';

/** The embedded upstream's address (its fault switch is at /__faults). */
export function upstream(): string {
  const url = process.env.E2E_UPSTREAM_URL;
  if (!url) throw new Error('E2E_UPSTREAM_URL is not set: the global setup did not run');
  return url;
}

/**
 * Presses the button once and waits for its dialog. A press that lands before its region's code
 * has mounted is held and given to the region once it has (shell/src/hydration-triggers.ts), so it
 * is never pressed again here: a lost press fails the test.
 */
export async function openDialog(page: Page, button: Locator, name: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await button.click();
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  return dialog;
}

export function base(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not run');
  return url;
}

/**
 * Opens a page and waits until the shell has mounted its first regions (`<html data-cfs-ready>`,
 * set by shell/src/bootstrap.ts): the server HTML is there at once, the controls work from then.
 */
export async function open(page: Page, pathAndQuery = '/cars-for-sale') {
  await page.addInitScript(RENDERER_COUNTER);
  await page.goto(base() + pathAndQuery);
  await page.locator('html[data-cfs-ready]').waitFor({ state: 'attached', timeout: 30_000 });
}

/**
 * A staging page composed of chosen published versions (`{ 'mf-results': '<version id>' }`, the
 * shell too), server-rendered from each one's own container and hydrated with it; the others
 * live. The query string of `pathAndQuery` is kept.
 */
export function compositionPath(versions: Record<string, string>, pathAndQuery = '/cars-for-sale?listingType=USED'): string {
  const remotes = Object.entries(versions)
    .map(([name, version]) => `${name}@${version}`)
    .join(',');
  return `${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}remotes=${encodeURIComponent(remotes)}`;
}

/** Opens a staging composition of chosen published versions (compositionPath) and waits for the shell. */
export async function openComposition(page: Page, versions: Record<string, string>, pathAndQuery?: string) {
  await open(page, compositionPath(versions, pathAndQuery));
}

export function region(page: Page, name: keyof typeof REGION) {
  return name === 'filters'
    ? page.getByRole('complementary', { name: REGION.filters })
    : page.getByRole('region', { name: REGION[name], exact: true });
}

/** 'Save Search' in the filter panel's 'Your Search' card (the alerts region runs the save). */
export function saveSearch(page: Page) {
  return region(page, 'filters').getByRole('region', { name: 'Your Search' }).getByRole('button', { name: 'Save Search' });
}

/** Waits until the results grid shows listing cards. */
export async function waitForResults(page: Page) {
  await expect(region(page, 'results').getByRole('article').first()).toBeVisible();
}

/**
 * Signs a new shopper in through the gateway's sign-in page (the page context keeps the account
 * cookie); `who` names the address, unique per call. Resolves with the address.
 */
export async function signIn(page: Page, who = 'shopper'): Promise<string> {
  const email = `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await page.request.post(`${base()}/account/signin`, {
    form: { email, firstName: 'Sam', lastName: 'Rivera', returnUrl: '/cars-for-sale' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  return email;
}

/**
 * Holds back the shell's own script (the page's start script still runs): what the shopper does
 * meanwhile meets the server HTML alone. Resolves with the function that lets the script through.
 */
export async function holdShellScript(page: Page): Promise<() => void> {
  let letRun!: () => void;
  const held = new Promise<void>((resolve) => (letRun = resolve));
  await page.route(/\/remotes\/shell\/[^/]+\/shell\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return letRun;
}

/**
 * Holds back the results grid's React part (its lifecycles module still loads): a press on a card
 * meanwhile lands on the server-rendered card. `asked()` says whether the page has asked for it;
 * `release()` lets it through.
 */
export async function holdResultsCode(page: Page): Promise<{ asked: () => boolean; release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/remotes\/mf-results\/[^/]+\/results-app\.[0-9a-f]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { asked: () => asked, release };
}
