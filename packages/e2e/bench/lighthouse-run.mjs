// Runs Lighthouse (mobile preset, simulated throttling) once on a URL in Debian's Chromium and
// prints the figures as one JSON line. With a fourth argument 'floor', every script request is
// blocked (the page's own scripts are all files: its policy allows no inline script), so the
// figures are what parsing, styling and painting the HTML cost: the floor under the scripts'. Plain JavaScript on purpose: Lighthouse sends functions'
// source to the browser, which a TypeScript runner's transforms would break.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { gzipSync } from 'node:zlib';

const [url, chromePath, flagsJson, mode] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: JSON.parse(flagsJson) });
try {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(mode === 'floor' ? { blockedUrlPatterns: ['*.js'] } : {}),
  });
  const lhr = result.lhr;
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  // A run Lighthouse could not complete (a runtime error, no score) says so instead of scoring 0.
  const score = lhr.categories.performance.score;
  // The same scripts' bodies gzipped (default level), without the response headers that
  // Lighthouse's transfer sizes include and whatever encoding the browser was served.
  let gzipBytes = 0;
  const scriptSizes = [];
  for (const s of scripts) {
    const res = await fetch(s.url);
    const gz = res.ok ? gzipSync(Buffer.from(await res.arrayBuffer())).length : 0;
    gzipBytes += gz;
    scriptSizes.push({ path: new URL(s.url).pathname, gzip_kb: Math.round(gz / 102.4) / 10 });
  }
  console.log(
    JSON.stringify({
      error: lhr.runtimeError?.code ?? (typeof score === 'number' ? null : 'NO_SCORE'),
      performance: typeof score === 'number' ? Math.round(score * 100) : null,
      lcp_ms: lhr.audits['largest-contentful-paint'].numericValue,
      tbt_ms: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      first_load_js_kb: scripts.reduce((a, s) => a + (s.transferSize ?? 0), 0) / 1024,
      first_load_js_gzip_kb: gzipBytes / 1024,
      scripts: scripts.length,
      script_sizes: scriptSizes,
      document_kb: (items.find((i) => i.resourceType === 'Document')?.transferSize ?? 0) / 1024,
      lcp_element: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
      benchmark_index: lhr.environment?.benchmarkIndex ?? null,
    }),
  );
} finally {
  await chrome.kill();
}
