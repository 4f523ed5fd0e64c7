import path from 'node:path';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { RegistryStore } from 'gateway/src/registry/store';
import { REPO_ROOT, buildRemote } from '../support/stack';
import { open, waitForResults } from './helpers';

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

  const out = path.join(process.env.E2E_DATA_DIR!, 'mf-results-v2');
  buildRemote(path.join(REPO_ROOT, 'mf-results'), out, { BUILD_VERSION: '2.0.0' });
  const v2 = store.publish('mf-results', out, '2.0.0');
  fs.rmSync(out, { recursive: true, force: true });
  expect(v2).not.toBe(before);
  store.switch('mf-results', v2);

  const loaded: string[] = [];
  page.on('response', (r) => loaded.push(new URL(r.url()).pathname));
  await page.reload();
  await waitForResults(page);
  await expect(results).toHaveAttribute('data-version', '2.0.0');
  expect(loaded).toContain(`/cars-for-sale/remotes/mf-results/${v2}/remoteEntry.js`);
  expect(store.read().remotes['mf-filters'].version).toBe(otherBefore);

  store.switch('mf-results', before);
  await page.reload();
  await waitForResults(page);
  await expect(results).toHaveAttribute('data-version', '1.0.0');
});
