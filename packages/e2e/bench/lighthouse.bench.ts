/**
 * The page as shoppers meet it: Lighthouse (mobile preset, simulated throttling, no network but
 * loopback) on Debian's Chromium, median of 5 runs, on every page type (results, make-and-model,
 * zero results, private seller); each also with its scripts blocked (floor_*: what parsing and
 * painting the HTML costs, so the part of TBT and LCP that belongs to the scripts shows); the
 * scripts of the first load by size (first_load_scripts, from the first run). Then, on the
 * results and make-and-model pages, in Chromium, how long a sort change takes until the new
 * results are painted.
 * - The filter panel's code loads when the shopper reaches into it: the first change, made on its
 *   server HTML, is printed on its own (first_change_paint_ms, the code's loading and hydration
 *   included).
 * - change_paint_p50_ms/p95_ms: 40 changes, desktop, each made as a shopper makes one, on a page
 *   that has finished the previous change's work (no request in flight, then an idle moment).
 * - change_paint_back_to_back_*: 40 changes, each made the moment the previous one is painted, so
 *   each competes with the previous one's images, calls and renders on the same two cores. A
 *   stress figure, printed beside the goal, not checked against it.
 * - change_paint_4x_cpu_*: 20 changes as a shopper makes them, at 4x CPU slowdown.
 * Prints one JSON line per page with the platform's goals beside the figures, and Lighthouse's
 * benchmark index of the machine at each run (benchmark_index: the same page scores differently on
 * machines of the same kind; compare runs by it). Asserts nothing.
 * The page is served by the product as `npm start` runs it (support/product.ts): compiled gateway
 * and upstream in two processes, the default region budget and warm-up.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { PAGE_FIRST_LOAD_LIMIT } from 'gateway';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { startProduct } from '../support/product';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 5);
/** BENCH_LIGHTHOUSE_PAGES: the page types to run (comma-separated names; all by default). */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
const CHANGES = Number(process.env.BENCH_CHANGES || 40);
/** The page types; `changes`: the sort change is measured there too. */
const PAGES = [
  { name: 'results', path: '/cars-for-sale?listingType=USED', changes: true },
  { name: 'make-model', path: '/cars-for-sale/all/ford/f150?listingType=USED', changes: true },
  // A price no listing has: the no-results message and the way out of it.
  { name: 'zero-results', path: '/cars-for-sale?listingType=USED&minPrice=900000', changes: false },
  { name: 'private-seller', path: '/cars-for-sale?listingType=USED&sellerType=PRIVATE', changes: false },
];
/** The goals of the page (change to paint: desktop, and at 4x CPU). */
const GOALS = {
  performance: 98,
  lcp_ms: 1500,
  tbt_ms: 100,
  cls: 0.02,
  // The deploy gate's page-level limit (gates.ts), the same figure.
  first_load_js_kb: PAGE_FIRST_LOAD_LIMIT / 1024,
  change_paint_p95_ms: 50,
  change_paint_4x_cpu_p95_ms: 150,
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const round = (n: number, d = 0) => Math.round(n * 10 ** d) / 10 ** d;

interface LhFigures {
  /** Set when Lighthouse could not complete the run (its runtime error code). */
  error: string | null;
  performance: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  /** Transfer size of the scripts as loaded (bodies as served, and response headers). */
  first_load_js_kb: number;
  /** The same scripts' bodies gzipped, headers left out. */
  first_load_js_gzip_kb: number;
  scripts: number;
  /** Each script of the first load, its body gzipped. */
  script_sizes: { path: string; gzip_kb: number }[];
  /**
   * The page's own transfer size, headers included. Under some 43 KB it reaches a phone on a new
   * connection in two round trips of data (TCP's first window is 10 segments, then 20).
   */
  document_kb: number;
  lcp_element: string | null;
  /**
   * Lighthouse's measure of this machine's speed at the run (environment.benchmarkIndex, higher
   * is faster): the same page scores differently on machines of the same kind; compare by it.
   */
  benchmark_index: number | null;
}

function lighthouseRun(url: string, mode: 'page' | 'floor' = 'page'): LhFigures {
  const out = execFileSync(
    process.execPath,
    [path.join(__dirname, 'lighthouse-run.mjs'), url, CHROMIUM_PATH, JSON.stringify(CHROMIUM_ARGS), mode],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as LhFigures;
}

/**
 * One sort change measured in the page, as source text: the bench runs under a TypeScript runner
 * whose transforms must not reach the browser.
 */
const CHANGE_TO_PAINT = `async (value) => {
  const bus = window.__CFS_BUS__;
  const select = [...document.querySelectorAll('select')].find((s) => s.labels && s.labels[0] && s.labels[0].textContent.trim() === 'Sort by' && s.offsetParent !== null);
  const before = bus.getState().search.requestId;
  const t0 = performance.now();
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await new Promise((resolve) => {
    const off = bus.subscribe(() => {
      const s = bus.getState().search;
      if (s.requestId > before && s.status === 'success') { off(); resolve(); }
    });
  });
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t0;
}`;

/** The goals a page's figures miss: the performance score is a floor, the others are ceilings (first-load JS as gzip). */
function goalsMissed(f: {
  performance: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  first_load_js_gzip_kb: number;
  change_paint_p95_ms?: number;
  change_paint_4x_cpu_p95_ms?: number;
}): string[] {
  const missed: string[] = [];
  if (!(f.performance >= GOALS.performance)) missed.push('performance');
  if (!(f.lcp_ms <= GOALS.lcp_ms)) missed.push('lcp_ms');
  if (!(f.tbt_ms <= GOALS.tbt_ms)) missed.push('tbt_ms');
  if (!(f.cls <= GOALS.cls)) missed.push('cls');
  if (!(f.first_load_js_gzip_kb <= GOALS.first_load_js_kb)) missed.push('first_load_js_kb');
  if (f.change_paint_p95_ms !== undefined && !(f.change_paint_p95_ms <= GOALS.change_paint_p95_ms)) missed.push('change_paint_p95_ms');
  if (f.change_paint_4x_cpu_p95_ms !== undefined && !(f.change_paint_4x_cpu_p95_ms <= GOALS.change_paint_4x_cpu_p95_ms)) {
    missed.push('change_paint_4x_cpu_p95_ms');
  }
  return missed;
}

/** RUNS completed Lighthouse runs of a URL: a run Lighthouse could not complete is retried (at most 3 times in all) and counted. */
function lighthouseRuns(url: string, mode: 'page' | 'floor'): { runs: LhFigures[]; failed: string[] } {
  const runs: LhFigures[] = [];
  const failed: string[] = [];
  while (runs.length < RUNS && failed.length < 3) {
    const run = lighthouseRun(url, mode);
    if (run.error || typeof run.performance !== 'number') failed.push(run.error ?? 'NO_SCORE');
    else runs.push(run);
  }
  if (runs.length === 0) throw new Error(`Lighthouse completed no ${mode} run on ${url}: ${failed.join(', ')}`);
  return { runs, failed };
}

/** Counts the page's requests in flight. */
function requestsInFlight(page: Page): () => number {
  const open = new Set<unknown>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return () => open.size;
}

/**
 * Until the page has finished what the last change started: no request in flight for 150 ms (its
 * images, eligibility and tier calls, analytics), then an idle moment of its main thread.
 */
async function settled(page: Page, inFlight: () => number): Promise<void> {
  for (let quiet = 0, waited = 0; quiet < 150 && waited < 5000; waited += 25) {
    await page.waitForTimeout(25);
    quiet = inFlight() === 0 ? quiet + 25 : 0;
  }
  await page.evaluate('new Promise((r) => requestIdleCallback(() => r(), { timeout: 1000 }))');
}

/**
 * Milliseconds from a sort change to the new results painted, `changes` times: each on a settled
 * page when `inFlight` is given, else each the moment the previous one is painted.
 */
async function changeToPaint(page: Page, changes: number, inFlight?: () => number): Promise<number[]> {
  const sort = page.getByRole('combobox', { name: 'Sort by' }).first();
  await sort.waitFor();
  const values = await sort.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const times: number[] = [];
  for (let i = 0; i < changes; i++) {
    if (inFlight) await settled(page, inFlight);
    const value = values[1 + (i % (values.length - 1))];
    times.push((await page.evaluate(`(${CHANGE_TO_PAINT})(${JSON.stringify(value)})`)) as number);
  }
  return times;
}

/**
 * A GET, asked once more when the first attempt gets no answer: the client may reuse a kept-alive
 * connection the server is closing after minutes of Lighthouse runs ('other side closed').
 */
async function fetchAgain(url: string): Promise<Response> {
  try {
    return await fetch(url, { redirect: 'follow' });
  } catch {
    return fetch(url, { redirect: 'follow' });
  }
}

async function main() {
  // The product as `npm start` runs it (two processes, production mode, the default region budget).
  const stack = await startProduct();
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    for (const p of PAGES.filter((x) => !ONLY || ONLY.includes(x.name))) {
      // The URL a shopper ends on (the gateway normalises with a 301 first).
      const url = (await fetchAgain(stack.gatewayUrl + p.path)).url;
      await fetchAgain(url); // warm the live versions' server containers
      // Runs Lighthouse could not complete are retried and counted, rather than entering the median as a score of 0.
      const { runs, failed } = lighthouseRuns(url, 'page');
      const floor = lighthouseRuns(url, 'floor').runs;

      let changes: { firstChange: number; desktop: number[]; backToBack: number[]; slow: number[] } | null = null;
      if (p.changes) {
        const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
        const inFlight = requestsInFlight(page);
        await page.goto(url, { waitUntil: 'networkidle' });
        const [firstChange] = await changeToPaint(page, 1);
        const desktop = await changeToPaint(page, CHANGES, inFlight);
        await settled(page, inFlight);
        const backToBack = await changeToPaint(page, CHANGES);
        await settled(page, inFlight);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        const slow = await changeToPaint(page, Math.ceil(CHANGES / 2), inFlight);
        await page.close();
        changes = { firstChange, desktop, backToBack, slow };
      }

      const line = {
        page: p.name,
        url: new URL(url).pathname + new URL(url).search,
        runs: runs.length,
        failed_runs: failed,
        performance: median(runs.map((r) => r.performance)),
        lcp_ms: round(median(runs.map((r) => r.lcp_ms))),
        tbt_ms: round(median(runs.map((r) => r.tbt_ms))),
        cls: round(median(runs.map((r) => r.cls)), 4),
        first_load_js_kb: round(median(runs.map((r) => r.first_load_js_kb)), 1),
        first_load_js_gzip_kb: round(median(runs.map((r) => r.first_load_js_gzip_kb)), 2),
        scripts: median(runs.map((r) => r.scripts)),
        document_kb: round(median(runs.map((r) => r.document_kb)), 1),
        floor_performance: median(floor.map((r) => r.performance)),
        floor_lcp_ms: round(median(floor.map((r) => r.lcp_ms))),
        floor_tbt_ms: round(median(floor.map((r) => r.tbt_ms))),
        ...(changes && {
          first_change_paint_ms: round(changes.firstChange, 1),
          change_paint_p50_ms: round(pct(changes.desktop, 50), 1),
          change_paint_p95_ms: round(pct(changes.desktop, 95), 1),
          change_paint_back_to_back_p50_ms: round(pct(changes.backToBack, 50), 1),
          change_paint_back_to_back_p95_ms: round(pct(changes.backToBack, 95), 1),
          change_paint_4x_cpu_p50_ms: round(pct(changes.slow, 50), 1),
          change_paint_4x_cpu_p95_ms: round(pct(changes.slow, 95), 1),
        }),
        performance_runs: runs.map((r) => r.performance),
        benchmark_index: median(runs.map((r) => r.benchmark_index ?? NaN)),
        benchmark_index_runs: runs.map((r) => r.benchmark_index),
        lcp_element: runs[0].lcp_element,
        first_load_scripts: runs[0].script_sizes,
        goals: GOALS,
      };
      // Goals are checked on the unrounded figures: a rounded 150.0 KB may be 150.04.
      const missed = goalsMissed({
        performance: line.performance,
        lcp_ms: median(runs.map((r) => r.lcp_ms)),
        tbt_ms: median(runs.map((r) => r.tbt_ms)),
        cls: median(runs.map((r) => r.cls)),
        first_load_js_gzip_kb: median(runs.map((r) => r.first_load_js_gzip_kb)),
        ...(changes && { change_paint_p95_ms: pct(changes.desktop, 95), change_paint_4x_cpu_p95_ms: pct(changes.slow, 95) }),
      });
      console.log(JSON.stringify({ ...line, goals_missed: missed }));
    }
    await browser.close();
  } finally {
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
