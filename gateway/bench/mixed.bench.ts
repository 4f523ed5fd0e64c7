/**
 * Mixed-load benchmark (`npm run bench -w gateway`, after the proxy benchmark). The gateway as
 * `npm start` runs it (the shell and the six remotes deployed: pages are server-rendered) in front
 * of the embedded upstream, each in its own process on 127.0.0.1, loaded for BENCH_MIXED_SECONDS
 * (60) by BENCH_MIXED_WORKERS (16) concurrent clients, each sending one request after another
 * from a weighted mix of what a page and its shoppers ask: pages, searches, counts, lookups,
 * showcase and reference calls, and writes (email subscriptions, device registrations; the
 * write limit is raised for the run: one address sends them all).
 *
 * Prints: requests, answers by status, p50/p99 per route (every answer's latency), and the
 * gateway's RSS at the start, the middle and the end; then one JSON line. Asserts nothing.
 */
import { Pool } from 'undici';
import { pct, start, stopAll, command } from './children';

const SECONDS = Number(process.env.BENCH_MIXED_SECONDS || 60);
const WORKERS = Number(process.env.BENCH_MIXED_WORKERS || 16);
const LISTINGS = process.env.BENCH_LISTINGS || '3000';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

interface Kind {
  name: string;
  weight: number;
  request: (i: number) => { method: 'GET' | 'POST'; path: string; body?: string };
}

const MAKES = ['FORD', 'CHEV', 'TOYOTA', 'HONDA', 'BMW'];
const ZIPS = ['30301', '10001', '60601', '94103', '73301'];
const pick = <T>(xs: T[], i: number) => xs[i % xs.length];
const RUN = Date.now().toString(36);
let pages: string[] = [];

const MIX: Kind[] = [
  // Page URLs in their normal form (the warm-up follows each one's 301 once to learn it).
  { name: 'page', weight: 10, request: (i) => ({ method: 'GET', path: pick(pages, i) }) },
  {
    name: 'listing search',
    weight: 25,
    request: (i) => ({
      method: 'GET',
      path: `/rest/lsc/listing?makeCode=${pick(MAKES, i)}&zip=${pick(ZIPS, i >> 3)}&numRecords=24&firstRecord=${(i % 4) * 24}`,
    }),
  },
  { name: 'listing count', weight: 15, request: (i) => ({ method: 'GET', path: `/rest/lsc/listing/count?makeCode=${pick(MAKES, i)}` }) },
  { name: 'zip lookup', weight: 10, request: (i) => ({ method: 'GET', path: `/geo/zip/${pick(ZIPS, i)}` }) },
  {
    name: 'spotlight',
    weight: 10,
    request: (i) => ({ method: 'GET', path: `/rest/lsc/listing/spotlight/premiumresults?makeCode=${pick(MAKES, i)}` }),
  },
  { name: 'trims', weight: 8, request: () => ({ method: 'GET', path: '/rest/lsc/crawl/trims?makeCode=FORD&modelCode=F150' }) },
  {
    name: 'model info',
    weight: 7,
    request: () => ({ method: 'GET', path: '/rest/lsc/modelinfo/ymm?makeCode=FORD&modelCode=F150&year=2022' }),
  },
  {
    name: 'email subscribe (write)',
    weight: 8,
    request: (i) => ({
      method: 'POST',
      path: '/account-api/email-subscriptions',
      body: JSON.stringify({ email: `shopper${i}-${RUN}@example.com`, brand: 'atc', search: `makeCode=${pick(MAKES, i)}` }),
    }),
  },
  {
    name: 'device registration (write)',
    weight: 7,
    request: (i) => ({
      method: 'POST',
      path: '/cars-for-sale/consumer-device/browser',
      body: JSON.stringify({ brand: 'atc', pixall_id: `p${i % 300}`, browser_token: `tok-${i % 300}` }),
    }),
  },
];

function chooser(): (r: number) => Kind {
  const total = MIX.reduce((a, k) => a + k.weight, 0);
  return (r) => {
    let x = r * total;
    for (const k of MIX) if ((x -= k.weight) < 0) return k;
    return MIX[MIX.length - 1];
  };
}

async function main() {
  const up = await start('upstream', { BENCH_LISTINGS: LISTINGS });
  const gw = await start('gateway', { UPSTREAM_URL: up.urls.upstream, RATE_LIMIT_WRITES: '1000000', SSR_BUDGET_MS: '50' });
  const pool = new Pool(gw.urls.gateway, { connections: WORKERS, pipelining: 1 });
  const rss = async () => ((await command(gw.child, 'rss')) as { rssMb: number }).rssMb;
  try {
    const choose = chooser();
    const latencies = new Map<string, number[]>(MIX.map((k) => [k.name, []]));
    const statuses = new Map<string, number>();
    let n = 0;
    pages = [];
    for (const make of MAKES) {
      for (const zip of ZIPS.slice(0, 2)) {
        const res = await pool.request({
          method: 'GET',
          path: `/cars-for-sale?makeCode=${make}&zip=${zip}`,
          headers: { 'user-agent': BROWSER },
        });
        await res.body.dump();
        pages.push(res.statusCode === 301 ? String(res.headers.location) : `/cars-for-sale?makeCode=${make}&zip=${zip}`);
      }
    }
    // Warm-up: every kind once.
    for (const k of MIX) {
      const r = k.request(0);
      const res = await pool.request({
        method: r.method,
        path: r.path,
        body: r.body,
        headers: { 'user-agent': BROWSER, 'content-type': 'application/json' },
      });
      await res.body.dump();
    }
    const rssStart = await rss();
    let rssMiddle = NaN;
    const end = Date.now() + SECONDS * 1000;
    const middle = setTimeout(async () => (rssMiddle = await rss()), (SECONDS * 1000) / 2);
    console.log(`mixed load: ${WORKERS} clients for ${SECONDS} s against the gateway (${LISTINGS} listings); RSS at start ${rssStart} MB`);
    const worker = async (w: number) => {
      for (let i = w; Date.now() < end; i += WORKERS) {
        const kind = choose(Math.random());
        const r = kind.request(i);
        const t0 = performance.now();
        let status: string;
        try {
          const res = await pool.request({
            method: r.method,
            path: r.path,
            body: r.body,
            headers: { 'user-agent': BROWSER, ...(r.body ? { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' } : {}) },
            headersTimeout: 30_000,
            bodyTimeout: 30_000,
          });
          await res.body.dump();
          status = String(res.statusCode);
        } catch (err) {
          status = `error ${(err as { code?: string }).code ?? 'unknown'}`;
        }
        latencies.get(kind.name)!.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        n++;
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    clearTimeout(middle);
    const rssEnd = await rss();

    const r2 = (x: number) => Math.round(x * 100) / 100;
    const perRoute = Object.fromEntries(
      [...latencies].map(([name, xs]) => {
        const sorted = Float64Array.from(xs).sort();
        return [name, { requests: xs.length, p50_ms: r2(pct(sorted, 50)), p99_ms: r2(pct(sorted, 99)) }];
      }),
    );
    const byStatus = Object.fromEntries([...statuses].sort());
    const errors = [...statuses].filter(([s]) => !/^[23]/.test(s)).reduce((a, [, c]) => a + c, 0);
    console.log(
      `\n${n} requests (${Math.round(n / SECONDS)} req/s), answers by status: ${JSON.stringify(byStatus)}; not 2xx/3xx: ${errors}`,
    );
    for (const [name, f] of Object.entries(perRoute)) {
      console.log(
        `${name.padEnd(30)} ${String(f.requests).padStart(7)} requests   p50 ${f.p50_ms.toFixed(2).padStart(7)} ms   p99 ${f.p99_ms.toFixed(2).padStart(8)} ms`,
      );
    }
    console.log(`gateway RSS: start ${rssStart} MB, middle ${rssMiddle} MB, end ${rssEnd} MB`);
    console.log(
      JSON.stringify({
        mixed_load: {
          seconds: SECONDS,
          workers: WORKERS,
          requests: n,
          rps: Math.round(n / SECONDS),
          by_status: byStatus,
          errors,
          per_route: perRoute,
        },
        gateway_rss_mb: { start: rssStart, middle: rssMiddle, end: rssEnd },
      }),
    );
  } finally {
    await pool.close();
    await stopAll([gw.child, up.child]);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
