import path from 'node:path';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { RegistryStore } from 'gateway';
import { NOTICE, open, region, saveSearch, waitForResults } from './helpers';

/**
 * The browser checks what the deploy verified: each remote entry loads with the SRI hash the
 * registry carries, under the page's CSP. A published version whose remoteEntry.js was changed
 * afterwards on the server (what a deploy would have refused) is refused by the browser: its
 * region shows the notice, its code never runs, and every other region works.
 */
test("the browser refuses a remote entry whose bytes do not match the registry's integrity", async ({ page }) => {
  const store = new RegistryStore(path.join(process.env.E2E_DATA_DIR!, 'gateway'));
  const live = store.read().remotes['mf-alerts'].version;
  expect(store.toRegistry().remotes['mf-alerts'].integrity).toMatch(/^sha384-/);

  // The live entry, loaded with its hash, passes the check: the region works.
  await open(page);
  await waitForResults(page);
  await expect(region(page, 'alerts').getByText(NOTICE)).toHaveCount(0);

  const tampered = '0.0.0-tampered';
  const dir = store.remoteDir('mf-alerts', tampered);
  fs.cpSync(store.remoteDir('mf-alerts', live), dir, { recursive: true });
  fs.appendFileSync(path.join(dir, 'remoteEntry.js'), '\n;window.__tamperedEntryRan = true;\n');
  // The copies compressed at publish would still serve the verified bytes: the changed file is served as it is.
  for (const copy of ['remoteEntry.js.br', 'remoteEntry.js.gz']) fs.rmSync(path.join(dir, copy), { force: true });
  await store.switch('mf-alerts', tampered);
  try {
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    await open(page);
    // The region's code loads when the shopper asks it to save the search.
    await saveSearch(page).click();
    await expect(region(page, 'alerts').getByRole('status')).toHaveText(NOTICE);
    expect(await page.evaluate(() => (window as { __tamperedEntryRan?: boolean }).__tamperedEntryRan)).toBeUndefined();
    expect(messages.join('\n')).toMatch(/integrity/i);
    await waitForResults(page);
    await expect(region(page, 'results').getByText(NOTICE)).toHaveCount(0);
  } finally {
    await store.switch('mf-alerts', live);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
