import path from 'node:path';
import fs from 'node:fs';
import crypto from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PAGE_EVENTS_PATH } from '@cfs/contracts';
import { CANARY_COOKIE, RegistryStore, inCanary, newShopperId } from 'gateway';
import { REPO_ROOT, buildRemote, checkoutWith } from '../support/stack';
import { base, compositionPath, open, openComposition, region, waitForResults } from './helpers';

/** The version of a region's root in the page HTML the gateway rendered, or null (browser-rendered). */
async function serverVersion(page: Page, remote: string, composition?: Record<string, string>): Promise<string | null> {
  const url = composition ? compositionPath(composition) : '/cars-for-sale?listingType=USED';
  const html = await (await page.request.get(`${base()}${url}`)).text();
  return new RegExp(`<div data-boundary="${remote}" data-version="([^"]+)" data-ssr="">`).exec(html)?.[1] ?? null;
}

/**
 * Independent deploy: one remote is rebuilt into a new version path and only its registry entry
 * is switched. The next page load shows the new build, with no shell rebuild and no gateway
 * restart; switching the entry back rolls it back.
 */
test('redeploying one remote changes the next page load, and switching back rolls it back', async ({ page }) => {
  test.setTimeout(120_000);
  const store = new RegistryStore(path.join(process.env.E2E_DATA_DIR!, 'gateway'));
  const before = store.read().remotes['mf-results'].version;
  const otherBefore = store.read().remotes['mf-filters'].version;
  const results = page.locator('[data-boundary="mf-results"]');

  await open(page);
  await waitForResults(page);
  await expect(results).toHaveAttribute('data-version', '1.0.0');
  expect(await serverVersion(page, 'mf-results')).toBe('1.0.0');

  const out = path.join(process.env.E2E_DATA_DIR!, 'mf-results-v2');
  buildRemote(path.join(REPO_ROOT, 'mf-results'), out, { BUILD_VERSION: '2.0.0' });
  const v2 = await store.publish('mf-results', out, '2.0.0');
  fs.rmSync(out, { recursive: true, force: true });
  expect(v2).not.toBe(before);

  // Published, not live: a staging composition by version id shows it, in the server HTML and
  // after hydration; every other page still shows the live version.
  expect(await serverVersion(page, 'mf-results', { 'mf-results': v2 })).toBe('2.0.0');
  expect(await serverVersion(page, 'mf-results')).toBe('1.0.0');
  const staged: string[] = [];
  const onStaged = (r: import('@playwright/test').Response) => staged.push(new URL(r.url()).pathname);
  page.on('response', onStaged);
  await openComposition(page, { 'mf-results': v2 });
  await waitForResults(page);
  await expect(results).toHaveAttribute('data-version', '2.0.0');
  expect(staged).toContain(`/cars-for-sale/remotes/mf-results/${v2}/remoteEntry.js`);
  page.off('response', onStaged);
  await open(page);
  await waitForResults(page);
  await expect(results).toHaveAttribute('data-version', '1.0.0');

  // A canary at 50 %: two shoppers whose cookies the hash puts on either side get their own
  // version, on every reload, in the server HTML and after hydration.
  await store.startCanary('mf-results', v2, 50, { why: 'browser suite' });
  try {
    const ids = { '2.0.0': '', '1.0.0': '' };
    while (!ids['2.0.0'] || !ids['1.0.0']) {
      const id = newShopperId();
      ids[inCanary(id, 'mf-results', 50) ? '2.0.0' : '1.0.0'] ||= id;
    }
    for (const [expected, id] of Object.entries(ids)) {
      const context = await page.context().browser()!.newContext();
      await context.addCookies([{ name: CANARY_COOKIE, value: id, url: base() }]);
      const shopper = await context.newPage();
      try {
        expect(await serverVersion(shopper, 'mf-results')).toBe(expected);
        for (let i = 0; i < 2; i++) {
          await (i === 0 ? open(shopper) : shopper.reload());
          await waitForResults(shopper);
          await expect(shopper.locator('[data-boundary="mf-results"]')).toHaveAttribute('data-version', expected);
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await store.abortCanary('mf-results');
  }

  await store.switch('mf-results', v2);
  // The next page's server-rendered HTML comes from the new version's server container.
  expect(await serverVersion(page, 'mf-results')).toBe('2.0.0');

  const loaded: string[] = [];
  page.on('response', (r) => loaded.push(new URL(r.url()).pathname));
  await page.reload();
  await waitForResults(page);
  await expect(results).toHaveAttribute('data-version', '2.0.0');
  expect(loaded).toContain(`/cars-for-sale/remotes/mf-results/${v2}/remoteEntry.js`);
  expect(store.read().remotes['mf-filters'].version).toBe(otherBefore);

  await store.switch('mf-results', before);
  expect(await serverVersion(page, 'mf-results')).toBe('1.0.0');
  await page.reload();
  await waitForResults(page);
  await expect(results).toHaveAttribute('data-version', '1.0.0');
});

test('the shell deploys like a remote: a new version renders the next page and the vehicle page, and switching back rolls both back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const store = new RegistryStore(path.join(process.env.E2E_DATA_DIR!, 'gateway'));
  const before = store.read().remotes.shell.version;
  const out = path.join(process.env.E2E_DATA_DIR!, 'shell-v2');
  buildRemote(path.join(REPO_ROOT, 'shell'), out, { BUILD_VERSION: '2.0.0' });
  const v2 = await store.publish('shell', out, '2.0.0');
  fs.rmSync(out, { recursive: true, force: true });
  expect(v2).not.toBe(before);
  await store.switch('shell', v2);
  try {
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await open(page);
    await waitForResults(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Used Cars for Sale');
    expect(scripts.some((p) => p.startsWith(`/cars-for-sale/remotes/shell/${v2}/`))).toBe(true);

    // The vehicle page is the shell's too: a listing's link leads to the new version's page.
    const card = region(page, 'results').getByRole('article').first();
    const title = (await card.getByRole('heading').textContent())!.trim();
    const vehicle = base() + (await card.getByRole('link', { name: title }).getAttribute('href'))!;

    // The new shell drives the page: a search still works.
    await page.getByRole('complementary', { name: 'Filters' }).getByRole('combobox', { name: 'Make' }).selectOption({ index: 1 });
    await expect(page).toHaveURL(/makeCode=/);

    await page.goto(vehicle);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('html')).toHaveAttribute('data-version', '2.0.0');

    await store.switch('shell', before);
    const html = await (await page.request.get(`${base()}/cars-for-sale?listingType=USED`)).text();
    expect(html).toContain(`/cars-for-sale/remotes/shell/${before}/`);
    expect(html).not.toContain(`/cars-for-sale/remotes/shell/${v2}/`);
    // Rolled back: the same vehicle page, loaded again, is the old version's.
    await page.goto(vehicle);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('html')).toHaveAttribute('data-version', '1.0.0');
    await expect(page.getByRole('link', { name: 'Back to search results' }).first()).toBeVisible();
  } finally {
    await store.switch('shell', before);
  }
});

/**
 * A remote always runs what it was built with: the showcase rebuilt from a checkout whose shared
 * texts differ, and deployed alone, shows its own text in the server HTML and after hydration,
 * while the shell keeps its copy. Switching back restores the old text.
 */
test('a remote deployed alone with changed shared texts shows its own, from the server and in the browser', async ({ page }) => {
  test.setTimeout(180_000);
  const store = new RegistryStore(path.join(process.env.E2E_DATA_DIR!, 'gateway'));
  const before = store.read().remotes['mf-showcase'].version;
  const checkout = checkoutWith(['mf-showcase'], {
    'packages/contracts/src/messages.ts': (text) => text.replace("sponsoredBy: 'Sponsored by'", "sponsoredBy: 'Presented by'"),
  });
  const out = path.join(process.env.E2E_DATA_DIR!, 'mf-showcase-texts');
  try {
    buildRemote(path.join(checkout, 'mf-showcase'), out, { BUILD_VERSION: '2.1.0' });
  } finally {
    fs.rmSync(checkout, { recursive: true, force: true });
  }
  const v2 = await store.publish('mf-showcase', out, '2.1.0');
  fs.rmSync(out, { recursive: true, force: true });
  await store.switch('mf-showcase', v2);
  try {
    const html = await (await page.request.get(`${base()}/cars-for-sale?listingType=USED`)).text();
    expect(html).toContain('Presented by');

    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await open(page, '/cars-for-sale?listingType=USED');
    await waitForResults(page);
    await expect(page.locator('[data-boundary="mf-showcase"]')).toHaveAttribute('data-version', '2.1.0');
    await expect(region(page, 'showcase').getByRole('heading', { name: /^Presented by / })).toBeVisible();
    // Hydrated in place: the browser ran the same texts the server rendered (no mismatch, no re-render).
    expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
    // The shell and the other remotes are untouched: the filter panel still works.
    await expect(region(page, 'filters').getByRole('combobox', { name: 'Make' })).toBeVisible();
  } finally {
    await store.switch('mf-showcase', before);
  }
  await page.reload();
  await expect(region(page, 'showcase').getByRole('heading', { name: /^Sponsored by / })).toBeVisible();
});

/**
 * Another build of the results remote: one whose browser mount throws (built from a checkout with
 * that change; its server container renders as before, so it passes the smoke render), or a copy
 * of the live build set apart by a release note only, its integrity declaration updated as a
 * build would declare it.
 */
function resultsVariant(label: string, broken: boolean): string {
  const out = path.join(process.env.E2E_DATA_DIR!, `mf-results-${label}`);
  fs.rmSync(out, { recursive: true, force: true });
  if (broken) {
    const checkout = checkoutWith(['mf-results'], {
      'mf-results/src/app-lifecycles.ts': (text) =>
        `${text.replace('export const { bootstrap, mount, unmount } =', 'export const { bootstrap, unmount } =')}\n` +
        "export const mount = async () => {\n  throw new Error('a canary whose mount throws (browser suite)');\n};\n",
    });
    try {
      buildRemote(path.join(checkout, 'mf-results'), out, { BUILD_VERSION: '9.0.0' });
    } finally {
      fs.rmSync(checkout, { recursive: true, force: true });
    }
    return out;
  }
  fs.cpSync(path.join(REPO_ROOT, 'mf-results', 'dist'), out, { recursive: true });
  fs.writeFileSync(path.join(out, 'RELEASE'), label);
  const declared = path.join(out, 'integrity.json');
  const integrity = JSON.parse(fs.readFileSync(declared, 'utf8')) as { files: Record<string, string> };
  integrity.files.RELEASE = `sha384-${crypto
    .createHash('sha384')
    .update(fs.readFileSync(path.join(out, 'RELEASE')))
    .digest('base64')}`;
  fs.writeFileSync(declared, JSON.stringify(integrity));
  return out;
}

/** Shopper ids the canary hash puts inside (true) and outside (false) a 50 % canary of the results remote, `n` each. */
function shoppersOfCanary(n: number): { id: string; inside: boolean }[] {
  const inside: string[] = [];
  const outside: string[] = [];
  while (inside.length < n || outside.length < n) {
    const id = newShopperId();
    const list = inCanary(id, 'mf-results', 50) ? inside : outside;
    if (list.length < n) list.push(id);
  }
  return [...inside.map((id) => ({ id, inside: true })), ...outside.map((id) => ({ id, inside: false }))];
}

/**
 * One shopper's page: opened with their cookie, the results region reached into (its code waits
 * for the shopper), left once its report of the region has been taken. The pointer goes over the
 * region's landmark, which the shell draws whatever the region shows: a broken build's region
 * that the gateway left to the browser (its deadline passed under load) has no listing, only the
 * notice its failed mount left.
 */
async function visit(browser: Browser, shopper: string): Promise<void> {
  const context = await browser.newContext();
  await context.addCookies([{ name: CANARY_COOKIE, value: shopper, url: base() }]);
  const page = await context.newPage();
  try {
    // Page events as a POST of JSON (a beacon's body cannot be read here): the shell's fallback.
    await page.addInitScript(() => Object.defineProperty(navigator, 'sendBeacon', { value: undefined }));
    const reported = page.waitForRequest(
      (req) =>
        new URL(req.url()).pathname === PAGE_EVENTS_PATH && /"type":"region:health","remote":"mf-results"/.test(req.postData() ?? ''),
      { timeout: 60_000 },
    );
    await open(page);
    await region(page, 'results').hover({ timeout: 60_000 });
    expect((await (await reported).response())?.status()).toBe(202);
  } finally {
    await context.close();
  }
}

test('a canary whose region throws on mount in the browser ends by itself after the minimum sample; a healthy one runs on and is promoted', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const store = new RegistryStore(path.join(process.env.E2E_DATA_DIR!, 'gateway'));
  const live = store.read().remotes['mf-results'].version;

  const broken = await store.publish('mf-results', resultsVariant('broken', true), '9.0.0');
  await store.startCanary('mf-results', broken, 50, { why: 'browser suite: a broken canary' });
  try {
    for (const s of shoppersOfCanary(5)) await visit(browser, s.id);
    // Ended by the gateway from the shoppers' reports: every new page shows the live version.
    expect(store.read().remotes['mf-results'].canary).toBeUndefined();
    const ended = (await store.history('mf-results')).at(-1)!;
    expect([ended.action, ended.version, ended.by]).toEqual(['abort', broken, 'gateway']);
    expect(ended.why).toMatch(
      /^failure rate above live's beyond chance: canary failing for 100\.0 % \(5 of 5 shoppers\), live 0\.0 % \(0 of 5 shoppers\)/,
    );
    for (const s of shoppersOfCanary(1)) {
      const context = await browser.newContext();
      await context.addCookies([{ name: CANARY_COOKIE, value: s.id, url: base() }]);
      const shopperPage = await context.newPage();
      expect(await serverVersion(shopperPage, 'mf-results')).toBe('1.0.0');
      await context.close();
    }
  } finally {
    if (store.read().remotes['mf-results'].canary) await store.abortCanary('mf-results');
  }

  const healthy = await store.publish('mf-results', resultsVariant('healthy', false), '9.1.0');
  await store.startCanary('mf-results', healthy, 50, { why: 'browser suite: a healthy canary' });
  try {
    for (const s of shoppersOfCanary(5)) await visit(browser, s.id);
    expect(store.read().remotes['mf-results'].canary?.version).toBe(healthy);
    expect(await store.promote('mf-results', { why: 'browser suite: healthy' })).toBe(healthy);
    await open(page);
    await waitForResults(page);
    const html = await (await page.request.get(`${base()}/cars-for-sale?listingType=USED`)).text();
    expect(html).toContain(`/cars-for-sale/remotes/mf-results/${healthy}/`);
  } finally {
    await store.switch('mf-results', live);
  }
});
