/**
 * Scrolling a long search: loads the composed page in Chromium, takes 'See More Results', then
 * scrolls down (infinite scroll) until 3,000 listings are loaded, and prints the page's DOM size
 * and JS heap then (after a garbage collection), with the cards in the page. One JSON line at the
 * end. Prints figures; asserts nothing.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { startStack } from '../support/stack';

const TARGET = 3000;
const SEARCH = '/cars-for-sale';
/** Give up when no page arrives for this long (the search has fewer results, or paging stopped). */
const STALL_MS = 20_000;

async function main() {
  const stack = await startStack();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    let loaded = 0;
    let total = 0;
    let pages = 0;
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname !== '/rest/lsc/listing' || !url.searchParams.has('firstRecord') || !res.ok()) return;
      void res
        .json()
        .then((body: { listings?: unknown[]; totalResultCount?: number }) => {
          pages += 1;
          total = body.totalResultCount ?? total;
          loaded = Math.max(loaded, Number(url.searchParams.get('firstRecord')) + (body.listings?.length ?? 0));
        })
        .catch(() => {});
    });
    await page.goto(`${stack.gatewayUrl}${SEARCH}`);
    await page.locator('html[data-cfs-ready]').waitFor({ state: 'attached', timeout: 30_000 });
    const results = page.getByRole('region', { name: 'Vehicle listings', exact: true });
    await results.getByRole('article').first().waitFor();
    const t0 = Date.now();
    await results.getByRole('button', { name: 'See More Results' }).click();
    let last = { loaded: -1, at: Date.now() };
    while (loaded < TARGET) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(100);
      if (loaded !== last.loaded) last = { loaded, at: Date.now() };
      else if (Date.now() - last.at > STALL_MS) break;
    }
    const scrollMs = Date.now() - t0;
    // Let the last page settle into the page.
    await page.waitForTimeout(1000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
    const dom = await page.evaluate(() => ({
      nodes: document.getElementsByTagName('*').length,
      gridNodes: document.querySelector('[data-boundary="mf-results"]')?.getElementsByTagName('*').length ?? 0,
      cards: document.querySelectorAll('[data-boundary="mf-results"] article').length,
      pageHeight: document.documentElement.scrollHeight,
    }));
    const mb = (n: number) => +(n / 1024 / 1024).toFixed(1);
    console.log(
      `listings loaded: ${loaded} of ${total} in ${pages} pages (${scrollMs} ms)  DOM elements: ${dom.nodes} (grid ${dom.gridNodes}, cards ${dom.cards})  JS heap used: ${mb(heap.usedSize)} MB`,
    );
    console.log(
      JSON.stringify({
        listings_loaded: loaded,
        total_results: total,
        pages,
        dom_nodes: dom.nodes,
        grid_dom_nodes: dom.gridNodes,
        cards_in_dom: dom.cards,
        page_height_px: dom.pageHeight,
        js_heap_used_mb: mb(heap.usedSize),
        js_heap_total_mb: mb(heap.totalSize),
      }),
    );
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
