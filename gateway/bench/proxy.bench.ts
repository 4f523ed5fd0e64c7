/**
 * Proxy benchmark (`npm run bench -w gateway`). Prints, from one run:
 * - req/s, p50 and p99 of the same listing search (a) direct to the embedded upstream, (b) through
 *   the gateway (axios over undici, the default), (c) through the gateway with axios's own http
 *   adapter over keep-alive agents (for comparison), (d) through @fastify/http-proxy (the
 *   reference proxy, used only here);
 * - req/s, p50 and p99 of answers while the listing search breaker is open;
 * and ends with one JSON line holding those figures and the ratio gateway / @fastify/http-proxy.
 * Targets: ratio >= 0.8, breaker-open p99 <= 1 ms. The open answers are measured twice: one
 * request at a time (the answer's own latency) and with BENCH_OPEN_CONNECTIONS (8) at once, where
 * on two cores shared with the load generator the latency is mostly queueing (Little's law:
 * connections / throughput). Both loads also run against a bare Fastify answering a constant in
 * the same process: the floor any answer meets on this machine. Prints figures; asserts nothing.
 *
 * Three processes on 127.0.0.1: the upstream, the proxies (both gateways and the reference), and
 * this one generating load with autocannon. Bounded: BENCH_ROUNDS (2) rounds of BENCH_DURATION
 * (6 s) per target after a 2 s warm-up, BENCH_CONNECTIONS (16) connections; the children stop
 * when this process ends.
 */
import autocannon from 'autocannon';
import { ROUTES, routeByName } from '../src/proxy/route-table';
import { searchParamsFor } from '../src/search';
import { command, pct, start, stopAll } from './children';

const DURATION = Number(process.env.BENCH_DURATION || 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
const OPEN_CONNECTIONS = Number(process.env.BENCH_OPEN_CONNECTIONS || 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
const LISTINGS = process.env.BENCH_LISTINGS || '3000';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/**
 * One autocannon run. req/s is autocannon's; p50/p99 are computed here from every answer's
 * latency (autocannon's own histogram keeps whole milliseconds, too coarse for a 2 ms target).
 */
function load(url: string, seconds: number, connections: number): Promise<Figures> {
  return new Promise((resolve, reject) => {
    let lat = new Float64Array(1 << 16);
    let n = 0;
    const inst = autocannon({ url, connections, duration: seconds, pipelining: 1 }, (err, r) => {
      if (err) return reject(err);
      const sorted = lat.subarray(0, n).sort();
      resolve({
        rps: r.requests.average,
        p50: pct(sorted, 50),
        p99: pct(sorted, 99),
        requests: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      });
    });
    inst.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
      if (n === lat.length) {
        const next = new Float64Array(lat.length * 2);
        next.set(lat);
        lat = next;
      }
      lat[n++] = ms;
    });
  });
}

const avg = (xs: Figures[]): Figures => {
  const m = (k: keyof Figures) => xs.reduce((a, x) => a + x[k], 0) / xs.length;
  return { rps: m('rps'), p50: m('p50'), p99: m('p99'), requests: m('requests'), non2xx: m('non2xx'), errors: m('errors') };
};

const fmt = (name: string, f: Figures) =>
  `${name.padEnd(34)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${f.p50.toFixed(2).padStart(6)} ms   p99 ${f.p99.toFixed(2).padStart(6)} ms${f.non2xx ? `   non-2xx ${f.non2xx}` : ''}${f.errors ? `   errors ${f.errors}` : ''}`;

async function main() {
  const up = await start('upstream', { BENCH_LISTINGS: LISTINGS });
  const px = await start('proxies', { UPSTREAM_URL: up.urls.upstream });
  try {
    // The same normalised search for every target, so the upstream does the same work.
    const route = routeByName('listingSearch', ROUTES);
    const qs = searchParamsFor(
      'zip=30301&searchRadius=75&makeCode=FORD&numRecords=24&sortBy=relevance&stats=year,derivedprice',
      'atc',
      route.passKeys,
    );
    const search = `/rest/lsc/listing?${qs}`;
    const targets: [string, string][] = [
      ['direct to the upstream', up.urls.upstream + search],
      ['@fastify/http-proxy (reference)', px.urls.reference + search],
      ['gateway (axios over undici)', px.urls.gateway + search],
      ['gateway (axios http adapter)', px.urls.gatewayNode + search],
    ];
    const sizes: string[] = [];
    for (const [name, url] of targets) {
      const res = await fetch(url);
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${body.slice(0, 200)}`);
      sizes.push(`${name}: ${body.length} B`);
    }
    console.log(`search: ${search}\nanswer sizes: ${sizes.join(', ')}`);
    console.log(`${ROUNDS} round(s) of ${DURATION} s per target, ${CONNECTIONS} connections, ${LISTINGS} listings\n`);

    const results = new Map<string, Figures[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, url] of targets) {
        await load(url, 2, CONNECTIONS); // warm-up
        const f = await load(url, DURATION, CONNECTIONS);
        results.set(name, [...(results.get(name) ?? []), f]);
        console.log(`round ${round + 1}  ${fmt(name, f)}`);
      }
    }
    const [direct, reference, gateway, gatewayNode] = targets.map(([name]) => avg(results.get(name)!));

    // Answers while the breaker is open: the fallback, without touching the upstream.
    const opened = await command(px.child, 'open listingSearch');
    await load(px.urls.gateway + search, 2, OPEN_CONNECTIONS);
    const openOne = await load(px.urls.gateway + search, DURATION, 1);
    const open = await load(px.urls.gateway + search, DURATION, OPEN_CONNECTIONS);
    // The same loads on a bare Fastify answering a constant: what this machine allows any answer.
    await load(px.urls.floor + search, 2, OPEN_CONNECTIONS);
    const floorOne = await load(px.urls.floor + search, DURATION, 1);
    const floor = await load(px.urls.floor + search, DURATION, OPEN_CONNECTIONS);
    await command(px.child, 'close listingSearch');
    const probe = await fetch(px.urls.gateway + search);
    await probe.arrayBuffer();

    console.log('\nmean of the rounds:');
    console.log(fmt('direct to the upstream', direct));
    console.log(fmt('@fastify/http-proxy (reference)', reference));
    console.log(fmt('gateway (axios over undici)', gateway));
    console.log(fmt('gateway (axios http adapter)', gatewayNode));
    console.log(fmt('breaker open, 1 connection', openOne));
    console.log(fmt(`breaker open, ${OPEN_CONNECTIONS} connections`, open), `   ${JSON.stringify(opened)}`);
    console.log(fmt('bare Fastify (floor), 1 connection', floorOne));
    console.log(fmt(`bare Fastify (floor), ${OPEN_CONNECTIONS} connections`, floor));
    const ratio = gateway.rps / reference.rps;
    const ratioNode = gatewayNode.rps / reference.rps;
    console.log(
      `\nratio gateway / @fastify/http-proxy: ${ratio.toFixed(3)} (target >= 0.8); with axios's http adapter: ${ratioNode.toFixed(3)}`,
    );
    console.log(
      `breaker-open p99: ${openOne.p99.toFixed(2)} ms one request at a time, ${open.p99.toFixed(2)} ms with ${OPEN_CONNECTIONS} at once ` +
        `(mean queue wait ${((OPEN_CONNECTIONS / open.rps) * 1000).toFixed(2)} ms); target <= 1 ms; ` +
        `a bare Fastify constant here: ${floorOne.p99.toFixed(2)} ms and ${floor.p99.toFixed(2)} ms`,
    );
    const r2 = (n: number) => Math.round(n * 100) / 100;
    const pick = (f: Figures) => ({ rps: Math.round(f.rps), p50_ms: r2(f.p50), p99_ms: r2(f.p99) });
    console.log(
      JSON.stringify({
        gateway: pick(gateway),
        direct: pick(direct),
        fastify_http_proxy: pick(reference),
        gateway_axios_http_adapter: pick(gatewayNode),
        breaker_open: { ...pick(open), non2xx: open.non2xx, connections: OPEN_CONNECTIONS },
        breaker_open_one_connection: pick(openOne),
        floor_bare_fastify: { ...pick(floor), connections: OPEN_CONNECTIONS },
        floor_bare_fastify_one_connection: pick(floorOne),
        ratio_gateway_to_http_proxy: Math.round(ratio * 1000) / 1000,
        ratio_axios_http_adapter_to_http_proxy: Math.round(ratioNode * 1000) / 1000,
        target_ratio: 0.8,
        target_breaker_open_p99_ms: 1,
        connections: CONNECTIONS,
        duration_s: DURATION,
        rounds: ROUNDS,
        listings: Number(LISTINGS),
      }),
    );
  } finally {
    await stopAll([px.child, up.child]);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
