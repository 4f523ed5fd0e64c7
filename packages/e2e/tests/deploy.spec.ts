import path from 'node:path';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { RegistryStore } from 'gateway/src/registry/store';
import { REPO_ROOT, buildRemote } from '../support/stack';
import { base, open, waitForResults } from './helpers';

/** The version of a region's root in the page HTML the gateway rendered, or null (browser-rendered). */
async function serverVersion(page: Page, remote: string): Promise<string | null> {
  const html = await (await page.request.get(`${base()}/cars-for-sale?listingType=USED`)).text();
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
  const v2 = store.publish('mf-results', out, '2.0.0');
  fs.rmSync(out, { recursive: true, force: true });
  expect(v2).not.toBe(before);
  store.switch('mf-results', v2);
  // The next page's server-rendered HTML comes from the new version's server container.
  expect(await serverVersion(page, 'mf-results')).toBe('2.0.0');

  const loaded: string[] = [];
  page.on('response', (r) => loaded.push(new URL(r.url()).pathname));
  await page.reload();
  await waitForResults(page);
  await expect(results).toHaveAttribute('data-version', '2.0.0');
  expect(loaded).toContain(`/cars-for-sale/remotes/mf-results/${v2}/remoteEntry.js`);
  expect(store.read().remotes['mf-filters'].version).toBe(otherBefore);

  store.switch('mf-results', before);
  expect(await serverVersion(page, 'mf-results')).toBe('1.0.0');
  await page.reload();
  await waitForResults(page);
  await expect(results).toHaveAttribute('data-version', '1.0.0');
});

test('the shell deploys like a remote: a new version renders the next page, and switching back rolls it back', async ({ page }) => {
  test.setTimeout(120_000);
  const store = new RegistryStore(path.join(process.env.E2E_DATA_DIR!, 'gateway'));
  const before = store.read().remotes.shell.version;
  const out = path.join(process.env.E2E_DATA_DIR!, 'shell-v2');
  buildRemote(path.join(REPO_ROOT, 'shell'), out, { BUILD_VERSION: '2.0.0' });
  const v2 = store.publish('shell', out, '2.0.0');
  fs.rmSync(out, { recursive: true, force: true });
  expect(v2).not.toBe(before);
  store.switch('shell', v2);

  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await open(page);
  await waitForResults(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Used Cars for Sale');
  expect(scripts.some((p) => p.startsWith(`/cars-for-sale/remotes/shell/${v2}/`))).toBe(true);
  // The new shell drives the page: a search still works.
  await page.getByRole('complementary', { name: 'Filters' }).getByRole('combobox', { name: 'Make' }).selectOption({ index: 1 });
  await expect(page).toHaveURL(/makeCode=/);

  store.switch('shell', before);
  const html = await (await page.request.get(`${base()}/cars-for-sale?listingType=USED`)).text();
  expect(html).toContain(`/cars-for-sale/remotes/shell/${before}/`);
  expect(html).not.toContain(`/cars-for-sale/remotes/shell/${v2}/`);
});
