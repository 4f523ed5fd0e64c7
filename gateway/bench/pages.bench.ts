/**
 * Page-load benchmark (`npm run bench -w gateway`): the server as shoppers meet it under load, on
 * this machine, with the load generator on the same machine.
 *
 * The product as `npm start` runs it: the embedded upstream (packages/upstream/dist/main.js) and
 * the gateway (gateway/dist/main.js, NODE_ENV=production, production mode, its default warm-up and
 * region budget) as child processes on free 127.0.0.1 ports (supervise.cjs's serverSpecs and
 * freePort), with a temporary GATEWAY_DATA_DIR into which the shell and the six remotes' builds are
 * published (`deploy-cli.js publish all --force`, as npm start does). Each server holds an IPC
 * channel to this process and exits when it closes, so a benchmark killed outright leaves no
 * server behind; a small janitor process (same channel) removes the temporary folders then.
 * They are started here rather than under supervise(): the gateway's log (its 'warm-up done'
 * lines) is read from its stdout, and a server that crashes must show in the figures, not be
 * restarted quietly.
 *
 * Page URLs: BENCH_PAGES_URLS (default 250 per second of warm-up and run, at least 2000) distinct page URLs
 * drawn (seeded) over real values: the makes and models the upstream's catalogue holds (from its
 * facets), body styles, ZIP codes it knows, searchRadius, sortBy (every sort), price and year
 * ranges, listingType USED or NEW, firstRecord paging. Each one's normal form is learned first, on
 * a gateway started for that alone (stopped before the runs): asked with a trailing '&', which no
 * normal form has, so every answer is a 301 naming it and no page is rendered there; normal forms
 * are deduplicated. That pass is not measured.
 *
 * Two runs, side by side, each on a freshly started product: GATEWAY_PROCESSES=1 and
 * GATEWAY_PROCESSES=os.availableParallelism(). Each waits until the upstream answers and has drawn
 * its photos, the gateway answers a page 200 and each gateway process has logged its warm-up as
 * done; then BENCH_PAGES_CONNECTIONS (16) connections each send one page request after another
 * (undici Pool, one request in flight per connection), first until each gateway process has served
 * BENCH_PAGES_WARMUP_PAGES (3000) pages, not measured (a server in service has its isolates' code
 * optimised and its heaps at their working size; a product just started spends its first
 * half-minute getting there, and each process, with its own isolates, gets there on its own share
 * of the pages: N processes need N times the pages for the same warm-up), then for
 * BENCH_PAGES_SECONDS (60) measured, on URLs the warm-up did not ask, with accept-encoding br and
 * a browser's user agent, each URL at most once.
 *
 * Printed per run (then one JSON line): pages/s, p50/p99 latency (request sent to last body byte),
 * answers by status, errors (no answer, or 5xx); regions left to the browser, by remote and
 * cause, from the difference of the gateway's /metrics (gateway_ssr_fallbacks_total, summed over
 * version) before and after the run, and as a share of all regions rendered (pages x 6 remotes);
 * how long a page waited for its turn to render (gateway_page_wait_seconds, SSR_PAGES_AT_ONCE);
 * gateway CPU ms per page (user + system of the gateway process and every descendant process,
 * from /proc/<pid>/stat, before and after; worker threads are counted in their process, as a
 * process's stat sums all its threads; the children it waited for are counted through cutime and
 * cstime), beside the upstream's and this load generator's, and by thread (each process's main
 * thread, each render isolate's, the rest: cpuByThread), and the gateway's and the upstream's
 * share of it in the kernel with their minor page faults per page (cpuOf); HTML bytes per page (raw: a sample of
 * the answers decompressed after the run; brotli as sent: the body bytes on the wire); gateway RSS
 * at the start, the middle and the end (VmRSS summed over the gateway's processes); the load
 * average before and after. Then the goals the figures miss (goals_missed), and a final JSON
 * object with both runs. Asserts nothing and never fails on a figure.
 *
 * Beside the page load, a time-critical write: a browser's push-device registration (timeout 1 s)
 * every DEVICE_EVERY_MS on connections of its own, sent on schedule whether the last has answered
 * or not, as browsers do. Printed: its count, answers by status, p50/p99 (goal p99 <= 500 ms: half
 * its timeout). The write limit is raised for the run (one address sends every registration).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { Pool } from 'undici';
import { REMOTE_NAMES, SORT_VALUES } from '@cfs/contracts';
import { BODY_STYLES } from '@cfs/search-query';
import { pct } from './children';
import { ISOLATE_THREAD_PREFIX } from '../src/ssr/run-queue';
import { upstreamAnswers } from '../src/warm-up';
import { seededRandom } from '@cfs/test-kit/random';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the supervisor is CommonJS, shared with npm start
const supervisor = require('@cfs/tools') as {
  serverSpecs(o: { upstreamPort: string; port: string; env: NodeJS.ProcessEnv }): ServerSpec[];
  freePort(): Promise<number>;
  root: string;
};

const SECONDS = Number(process.env.BENCH_PAGES_SECONDS || 60);
const CONNECTIONS = Number(process.env.BENCH_PAGES_CONNECTIONS || 16);
/** Load before each measured run, not measured: pages per gateway process (BENCH_PAGES_WARMUP_PAGES, 3000; 0: none). */
const WARMUP_PAGES = Number(process.env.BENCH_PAGES_WARMUP_PAGES ?? 3000);
/** The warm-up ends at the latest this long after it began (10 minutes), pages served or not. */
const WARMUP_MAX_MS = 600_000;
const CORES = os.availableParallelism();
/** The runs' GATEWAY_PROCESSES (BENCH_PAGES_PROCESSES, comma-separated: one run each); 1 and the cores by default. */
const PROCESS_COUNTS = process.env.BENCH_PAGES_PROCESSES
  ? process.env.BENCH_PAGES_PROCESSES.split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0)
  : [...new Set([1, CORES])];
/** Candidate URLs: half for the largest run's warm-up, half for its measured seconds (at most 250 pages/s), at least 2000. */
const URL_COUNT = Number(
  process.env.BENCH_PAGES_URLS || Math.max(2000, 2 * Math.max(SECONDS * 250, WARMUP_PAGES * Math.max(...PROCESS_COUNTS) * 1.1)),
);
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const PAGE_HEADERS = {
  'user-agent': BROWSER,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'br',
  'accept-language': 'en-US,en;q=0.9',
};
const GOALS = { pages_per_s: 100, p99_ms: 300, browser_regions_pct: 1, errors: 0, device_p99_ms: 500 };
/** One device registration this often during the page load (4 a second). */
const DEVICE_EVERY_MS = 250;
/** Answers kept (compressed) to measure the raw HTML after the run. */
const SAMPLE_EVERY = 10;
const SAMPLE_MAX = 300;
/** US ZIP codes of large cities; those the upstream does not know are left out. */
const ZIPS = [
  '10001 11201 02108 19103 20001 21201 15222 30303 33101 32801 33602 28202 27601 37203 38103',
  '40202 43215 44113 46204 48226 53202 55401 60601 63101 64105 66101 68102 70112 73102 75201',
  '77002 78205 78701 80202 84101 85004 87102 89101 92101 94103 95814 97201 98101 99501 96813',
].flatMap((line) => line.split(' '));
const RADII = [0, 10, 25, 50, 75, 100, 200, 500];
const MIN_PRICES = [3000, 5000, 8000, 10000, 15000, 20000, 25000, 30000];
const MAX_PRICES = [10000, 15000, 20000, 25000, 30000, 40000, 50000, 60000, 80000];
const PAGE_SIZE = 24;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, d = 0) => Math.round(n * 10 ** d) / 10 ** d;

// ---------------------------------------------------------------------------------------------
// Processes: what they cost, from /proc.

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime + cutime + cstime, in clock ticks. */
  ticks: number;
  /** stime + cstime: the part of `ticks` spent in the kernel for it. */
  kernelTicks: number;
  /** minflt + cminflt: minor page faults (memory it touched for the first time since the kernel mapped it). */
  faults: number;
}

/**
 * A /proc stat file (a process's or a thread's): its command name, and its fields from the third
 * (f[0] is field 3, state). The name (field 2) is in parentheses and may hold spaces: the fields
 * start after the last ')'. Null when it is gone.
 */
function readStat(file: string): { comm: string; f: string[] } | null {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return { comm: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')), f: text.slice(text.lastIndexOf(')') + 2).split(' ') };
  } catch {
    return null;
  }
}

function procStat(pid: number): ProcStat | null {
  const stat = readStat(`/proc/${pid}/stat`);
  if (!stat) return null;
  const { f } = stat;
  // ppid is field 4, minflt 10, cminflt 11, utime 14, stime 15, cutime 16, cstime 17.
  return {
    pid,
    ppid: Number(f[1]),
    ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
    kernelTicks: Number(f[12]) + Number(f[14]),
    faults: Number(f[7]) + Number(f[8]),
  };
}

/** The process and every descendant of it (scanning /proc for parents). */
function processTree(root: number): ProcStat[] {
  const all = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => procStat(Number(d)))
    .filter((s): s is ProcStat => s !== null);
  const byParent = new Map<number, ProcStat[]>();
  for (const s of all) byParent.set(s.ppid, [...(byParent.get(s.ppid) ?? []), s]);
  const rootStat = all.find((s) => s.pid === root);
  if (!rootStat) return [];
  const out = [rootStat];
  for (let i = 0; i < out.length; i++) out.push(...(byParent.get(out[i].pid) ?? []));
  return out;
}

/**
 * CPU time of a process tree in ms (user + system; threads are counted in their process), the
 * part of it in the kernel (system), and its minor page faults. The kernel's part (system calls,
 * page faults, the network between the servers) costs much more on some machines of a kind than
 * on others (a virtual machine whose page tables the host keeps): with the faults per page, it
 * tells whether a run was slow for the kernel's work or for the servers' own.
 */
function cpuOf(root: number): { ms: number; kernelMs: number; faults: number } {
  const tree = processTree(root);
  const sum = (k: 'ticks' | 'kernelTicks' | 'faults') => tree.reduce((a, s) => a + s[k], 0);
  return { ms: (sum('ticks') * 1000) / CLOCK_TICKS, kernelMs: (sum('kernelTicks') * 1000) / CLOCK_TICKS, faults: sum('faults') };
}

/**
 * CPU time in ms of a process tree's threads, by kind: each process's main thread ('main'), each
 * render isolate's thread by its name ('ssr results', ...: isolate-worker.ts names them), and the
 * rest ('other': compression and file work on libuv's pool, V8's garbage collection and
 * compilers). Threads that ended between two readings are not counted in their difference.
 */
function cpuByThread(root: number): Map<string, { kind: string; ms: number }> {
  const byThread = new Map<string, { kind: string; ms: number }>();
  for (const { pid } of processTree(root)) {
    let tids: string[] = [];
    try {
      tids = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const stat = readStat(`/proc/${pid}/task/${tid}/stat`);
      if (!stat) continue; // ended meanwhile
      const kind = Number(tid) === pid ? 'main' : stat.comm.startsWith(ISOLATE_THREAD_PREFIX) ? stat.comm : 'other';
      // utime and stime (a thread's own; cutime and cstime are its process's children's).
      byThread.set(`${pid}/${tid}`, { kind, ms: ((Number(stat.f[11]) + Number(stat.f[12])) * 1000) / CLOCK_TICKS });
    }
  }
  return byThread;
}

/** CPU ms per page by thread kind between two readings of cpuByThread, the commonest first. */
function cpuPerPageByKind(
  before: ReturnType<typeof cpuByThread>,
  after: ReturnType<typeof cpuByThread>,
  pages: number,
): Record<string, number> {
  const ms = new Map<string, number>();
  for (const [id, t] of after) {
    const was = before.get(id);
    if (was) ms.set(t.kind, (ms.get(t.kind) ?? 0) + t.ms - was.ms);
  }
  return Object.fromEntries([...ms].sort((a, b) => b[1] - a[1]).map(([kind, v]) => [kind, pages ? round(v / pages, 2) : NaN]));
}

/** RSS of a process tree in MB (VmRSS summed) and how many processes it holds. */
function rss(root: number): { mb: number; processes: number } {
  const tree = processTree(root);
  let kb = 0;
  for (const s of tree) {
    try {
      const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${s.pid}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {
      // gone meanwhile
    }
  }
  return { mb: round(kb / 1024, 1), processes: tree.length };
}

/** The `msg` of pino log lines (JSON), the five commonest with their counts. */
function countMessages(lines: string[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    let msg = line.slice(0, 120);
    try {
      msg = String((JSON.parse(line) as { msg?: unknown }).msg ?? msg);
    } catch {
      // not JSON: the line's start stands for it
    }
    counts.set(msg, (counts.get(msg) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).slice(0, 5));
}

const loadAverage = () => os.loadavg().map((x) => round(x, 2));

// ---------------------------------------------------------------------------------------------
// The product.

interface Server {
  name: string;
  proc: ChildProcess;
  /** Lines of its stdout seen so far, and a way to wait for one. */
  waitFor(test: (line: string) => boolean, timeoutMs: number): Promise<boolean>;
  linesMatching(test: (line: string) => boolean): number;
  /** The lines seen so far that pass `test`. */
  lines(test: (line: string) => boolean): string[];
}

/** A server as supervise.cjs's serverSpecs describes it (with the gateway's Node options). */
interface ServerSpec {
  name: string;
  file: string;
  nodeArgs?: string[];
  env: NodeJS.ProcessEnv;
}

function startServer(spec: ServerSpec): Server {
  // As supervise() starts it (plain node, the compiled file, an IPC channel), stdout read here.
  // BENCH_GATEWAY_NODE_ARGS: Node options for the gateway alone (say '--cpu-prof --cpu-prof-dir=…' to profile a run).
  // BENCH_UPSTREAM_NODE_ARGS: the same for the upstream.
  const extra = (process.env[spec.name === 'gateway' ? 'BENCH_GATEWAY_NODE_ARGS' : 'BENCH_UPSTREAM_NODE_ARGS'] ?? '')
    .split(' ')
    .filter(Boolean);
  const proc = spawn(process.execPath, ['--enable-source-maps', ...(spec.nodeArgs ?? []), ...extra, spec.file], {
    cwd: supervisor.root,
    env: spec.env,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  // BENCH_GATEWAY_STDOUT: a file that receives the gateway's standard output as well (say, with --trace-gc).
  const copy =
    spec.name === 'gateway' && process.env.BENCH_GATEWAY_STDOUT
      ? fs.createWriteStream(process.env.BENCH_GATEWAY_STDOUT, { flags: 'a' })
      : null;
  readline.createInterface({ input: proc.stdout! }).on('line', (line) => {
    copy?.write(`${line}\n`);
    lines.push(line);
    for (const w of waiters) w();
  });
  proc.once('exit', (code, signal) => {
    if (!stopping.has(proc)) console.error(`[pages bench] ${spec.name} exited (${signal ?? `code ${code}`})`);
    for (const w of waiters) w();
  });
  return {
    name: spec.name,
    proc,
    linesMatching: (test) => lines.filter(test).length,
    lines: (test) => lines.filter(test),
    waitFor(test, timeoutMs) {
      return new Promise((resolve) => {
        const check = () => {
          if (lines.some(test)) finish(true);
          else if (proc.exitCode !== null || proc.signalCode !== null) finish(false);
        };
        const timer = setTimeout(() => finish(false), timeoutMs);
        const finish = (ok: boolean) => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(ok);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

const stopping = new Set<ChildProcess>();

async function stopServer(s: Server): Promise<void> {
  const { proc } = s;
  stopping.add(proc);
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  proc.kill('SIGTERM');
  const kill = setTimeout(() => proc.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(kill);
}

interface Product {
  gatewayUrl: string;
  upstreamUrl: string;
  gateway: Server;
  upstream: Server;
  stop(): Promise<void>;
}

const live = new Set<Product>();

/** JSON log lines of the gateway whose msg is `msg`. */
const logged = (msg: string) => (line: string) => {
  try {
    return (JSON.parse(line) as { msg?: string }).msg === msg;
  } catch {
    return false;
  }
};

async function startProduct(registryDir: string, tmp: string, processes: number): Promise<Product> {
  const [port, upstreamPort] = [String(await supervisor.freePort()), String(await supervisor.freePort())];
  const upstreamData = fs.mkdtempSync(path.join(tmp, 'upstream-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    GATEWAY_MODE: 'production',
    GATEWAY_DATA_DIR: registryDir,
    UPSTREAM_DATA_DIR: upstreamData,
    GATEWAY_PROCESSES: String(processes),
    // npm start's level: the gateway logs its warm-up at info (no line per request below debug).
    LOG_LEVEL: 'info',
    // The device registrations all come from this one address.
    RATE_LIMIT_WRITES: '1000000',
  };
  for (const k of ['WARM_UP_PATHS', 'SSR_BUDGET_MS', 'UPSTREAM_URL', 'PORT', 'UPSTREAM_PORT']) delete env[k];
  const specs = supervisor.serverSpecs({ upstreamPort, port, env });
  // The upstream at npm start's level too (its own default, warn): at info it writes two lines per
  // request, some fourteen per page, which npm start's upstream does not, and this bench reads them.
  delete specs.find((s) => s.name === 'upstream')!.env.LOG_LEVEL;
  const upstream = startServer(specs.find((s) => s.name === 'upstream')!);
  const gateway = startServer(specs.find((s) => s.name === 'gateway')!);
  const product: Product = {
    gatewayUrl: `http://127.0.0.1:${port}`,
    upstreamUrl: `http://127.0.0.1:${upstreamPort}`,
    gateway,
    upstream,
    async stop() {
      live.delete(product);
      await Promise.all([stopServer(gateway), stopServer(upstream)]);
      fs.rmSync(upstreamData, { recursive: true, force: true });
    },
  };
  live.add(product);
  return product;
}

/** Until the gateway answers a page 200 and every one of its processes has logged its warm-up as done. */
async function ready(p: Product, processes: number): Promise<{ warm_up_done: number; upstream_photos_drawn: boolean; ready_s: number }> {
  const t0 = Date.now();
  const photos = p.upstream.waitFor((l) => /listing photos drawn/.test(l), 180_000);
  // The upstream first, as the gateway's warm-up waits for it: a page asked before it listens is
  // the error screen, logged as 'base search failed' and counted against the base search's breaker.
  for (let i = 0; i < 480 && !(await upstreamAnswers(p.upstreamUrl)); i++) await sleep(250);
  let page = 0;
  for (let i = 0; i < 480 && page !== 200; i++) {
    page = await fetch(`${p.gatewayUrl}/cars-for-sale?listingType=USED`, { headers: PAGE_HEADERS, redirect: 'manual' }).then(
      async (r) => (await r.arrayBuffer(), r.status),
      () => 0,
    );
    if (page !== 200) await sleep(250);
  }
  if (page !== 200) throw new Error('the gateway did not answer a page 200 within 2 minutes');
  const done = logged('warm-up done');
  await p.gateway.waitFor(done, 120_000);
  // The other processes' warm-ups (a cluster): each logs its own.
  const until = Date.now() + 60_000;
  while (p.gateway.linesMatching(done) < processes && Date.now() < until && p.gateway.proc.exitCode === null) await sleep(200);
  const drawn = await photos;
  return { warm_up_done: p.gateway.linesMatching(done), upstream_photos_drawn: drawn, ready_s: round((Date.now() - t0) / 1000, 1) };
}

// ---------------------------------------------------------------------------------------------
// Page URLs.

/** A seeded generator (mulberry32): the same numbers on every run. */
const random = seededRandom;

interface Catalogue {
  makes: { code: string; models: string[] }[];
  zips: string[];
  listings: number;
}

/** The makes and models of the upstream's catalogue (its facets) and the ZIP codes it knows. */
async function catalogue(upstreamUrl: string): Promise<Catalogue> {
  type Facets = { filters: { makeCode?: { options: { value: string }[] }; modelCode?: { options: { value: string }[] } } };
  const all = (await (await fetch(`${upstreamUrl}/rest/lsc/listing?numRecords=1`)).json()) as Facets;
  const makes = [];
  for (const { value: code } of all.filters.makeCode?.options ?? []) {
    const one = (await (await fetch(`${upstreamUrl}/rest/lsc/listing?numRecords=1&makeCode=${code}`)).json()) as Facets;
    makes.push({ code, models: (one.filters.modelCode?.options ?? []).map((o) => o.value) });
  }
  const zips = [];
  for (const zip of ZIPS) if ((await fetch(`${upstreamUrl}/geo/zip/${zip}`)).ok) zips.push(zip);
  const health = (await (await fetch(`${upstreamUrl}/healthz`)).json()) as { listings?: number };
  return { makes, zips, listings: health.listings ?? NaN };
}

/** A page URL over real values, not necessarily in its normal form. */
function candidate(rnd: () => number, c: Catalogue): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const make = pick(c.makes);
  const style = pick(BODY_STYLES);
  const kind = rnd();
  const pathname =
    kind < 0.45 && make.models.length
      ? `/cars-for-sale/all/${make.code.toLowerCase()}/${pick(make.models).toLowerCase()}`
      : kind < 0.65
        ? `/cars-for-sale/all/${make.code.toLowerCase()}`
        : kind < 0.75
          ? `/cars-for-sale/all/${style.slug}`
          : kind < 0.8
            ? `/cars-for-sale/all/${style.slug}/${make.code.toLowerCase()}`
            : '/cars-for-sale';
  const q = new URLSearchParams();
  q.set('listingType', rnd() < 0.7 ? 'USED' : 'NEW');
  if (pathname === '/cars-for-sale' && rnd() < 0.6) q.set('makeCode', make.code);
  if (rnd() < 0.75 && c.zips.length) {
    q.set('zip', pick(c.zips));
    if (rnd() < 0.8) q.set('searchRadius', String(pick(RADII)));
  }
  if (rnd() < 0.5) q.set('sortBy', pick(SORT_VALUES));
  const price = rnd();
  if (price < 0.4) {
    const min = pick(MIN_PRICES);
    const max = pick(MAX_PRICES.filter((m) => m > min));
    if (price < 0.15) q.set('minPrice', String(min));
    else if (price < 0.25) q.set('maxPrice', String(max));
    else {
      q.set('minPrice', String(min));
      q.set('maxPrice', String(max));
    }
  }
  if (rnd() < 0.2) {
    const start = 2014 + Math.floor(rnd() * 9);
    q.set('startYear', String(start));
    q.set('endYear', String(start + Math.floor(rnd() * 4)));
  }
  if (rnd() < 0.3) q.set('firstRecord', String(PAGE_SIZE * (1 + Math.floor(rnd() * 8))));
  return `${pathname}?${q}`;
}

/** Each candidate's normal form, asked with a trailing '&' (never in normal form: a 301 naming it). */
async function normalForms(gatewayUrl: string, candidates: string[]): Promise<{ urls: string[]; by_status: Record<string, number> }> {
  const pool = new Pool(gatewayUrl, { connections: CONNECTIONS, pipelining: 1 });
  const seen = new Set<string>();
  const statuses: Record<string, number> = {};
  let i = 0;
  try {
    const worker = async () => {
      while (i < candidates.length) {
        const asked = `${candidates[i++]}&`;
        const res = await pool.request({ method: 'GET', path: asked, headers: PAGE_HEADERS });
        await res.body.dump();
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        const location = res.headers.location;
        if (res.statusCode === 301 && typeof location === 'string' && location.startsWith('/cars-for-sale')) seen.add(location);
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  } finally {
    await pool.close();
  }
  return { urls: [...seen], by_status: statuses };
}

// ---------------------------------------------------------------------------------------------
// The measured run.

/**
 * From the gateway's /metrics, summed over versions: gateway_ssr_fallbacks_total keyed
 * `fallbacks|<remote>|<cause>`, gateway_ssr_shared_answers_total keyed `shared_answers|<result>`,
 * and gateway_page_wait_seconds' sum and count keyed `page_wait|<outcome>|sum` and `…|count`.
 */
async function ssrCounters(gatewayUrl: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${gatewayUrl}/metrics`)).text();
  const out = new Map<string, number>();
  const add = (key: string, n: string) => out.set(key, (out.get(key) ?? 0) + Number(n));
  for (const m of text.matchAll(/^gateway_ssr_(fallbacks|shared_answers)_total\{([^}]*)\} (\S+)$/gm)) {
    const labels = Object.fromEntries([...m[2].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    add(m[1] === 'fallbacks' ? `fallbacks|${labels.remote}|${labels.cause}` : `shared_answers|${labels.result}`, m[3]);
  }
  for (const m of text.matchAll(/^gateway_page_wait_seconds_(sum|count)\{outcome="([^"]*)"\} (\S+)$/gm))
    add(`page_wait|${m[2]}|${m[1]}`, m[3]);
  return out;
}

interface RunFigures {
  gateway_processes: number;
  connections: number;
  seconds: number;
  /** The unmeasured load before the run: its length, and the pages it asked (other URLs). */
  warm_up_s: number;
  warm_up_pages: number;
  elapsed_s: number;
  pages: number;
  pages_per_s: number;
  p50_ms: number;
  p99_ms: number;
  by_status: Record<string, number>;
  errors: number;
  distinct_urls: number;
  urls_exhausted: boolean;
  brotli_answers: number;
  browser_regions: number;
  browser_regions_pct: number;
  browser_regions_by_remote_cause: Record<string, Record<string, number>>;
  /** How long a page waited for its turn before it began (SSR_PAGES_AT_ONCE, ssr/page-slots.ts), on average, and how many went on without one. */
  page_wait_ms_mean: number;
  pages_waited_out: number;
  /** Lookups per page of the answers signed-out pages' regions share (ssr/shared-answers.ts), by result: fresh, stale (refreshed), miss. */
  shared_answers_per_page: Record<string, number>;
  gateway_cpu_ms_per_page: number;
  /** The same by thread: 'main' (each process's), 'ssr <remote>' (its isolates'), 'other' (cpuByThread). */
  gateway_cpu_ms_per_page_by_thread: Record<string, number>;
  upstream_cpu_ms_per_page: number;
  /** The gateway's and the upstream's work in the kernel: its share of their CPU above, and their minor page faults per page (cpuOf). */
  kernel: Record<'gateway' | 'upstream', { cpu_pct: number; page_faults_per_page: number }>;
  load_generator_cpu_ms_per_page: number;
  /**
   * The pages/s the machine's cores could give at those three CPU figures (the gateway's, the
   * upstream's and the load generator's per page, together): a run near it was bound by CPU.
   */
  cpu_bound_pages_per_s: number;
  html_raw_kb_per_page: number;
  html_brotli_kb_per_page: number;
  html_sampled_pages: number;
  gateway_rss_mb: { start: number; middle: number; end: number };
  gateway_process_count: number;
  warm_up_done: number;
  upstream_listings: number;
  gateway_warn_or_error_logs: number;
  /** The commonest of those lines' messages, with their counts. */
  gateway_warn_or_error_messages: Record<string, number>;
  load_average: { before: number[]; after: number[] };
  /** The fixed CPU workload's time just before the run (machineSpeedMs): compare runs by it. */
  machine_workload_ms: number;
  /** The push-device registrations sent beside the page load. */
  device_registration: { requests: number; by_status: Record<string, number>; p50_ms: number; p99_ms: number };
  goals_missed: string[];
}

/** Device registrations on their own connections, one every DEVICE_EVERY_MS until `end`. */
async function deviceRegistrations(gatewayUrl: string, end: number) {
  const pool = new Pool(gatewayUrl, { connections: 8, pipelining: 1 });
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const sent: Promise<void>[] = [];
  const register = async (i: number) => {
    const started = performance.now();
    let status: string;
    try {
      const res = await pool.request({
        method: 'POST',
        path: '/cars-for-sale/consumer-device/browser',
        headers: { 'user-agent': BROWSER, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ brand: 'atc', pixall_id: `bench-${i % 500}`, browser_token: `bench-token-${i % 500}` }),
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      });
      await res.body.dump();
      status = String(res.statusCode);
    } catch (err) {
      status = `error ${(err as { code?: string }).code ?? 'unknown'}`;
    }
    latencies.push(performance.now() - started);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  };
  for (let i = 0; Date.now() < end; i++) {
    sent.push(register(i));
    await sleep(DEVICE_EVERY_MS);
  }
  await Promise.all(sent);
  await pool.close();
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    by_status: Object.fromEntries([...statuses].sort()),
    p50_ms: round(pct(sorted, 50), 1),
    p99_ms: round(pct(sorted, 99), 1),
  };
}

/**
 * The same CPU work on every run (serialising, parsing and brotli-compressing a fixed 120 KB page
 * of JSON text on this thread; median of 5): machines of one kind, and one machine from hour to
 * hour, differ in speed by a third or more, and every figure above moves with it.
 */
function machineWorkloadMs(): number {
  const rows = Array.from({ length: 1500 }, (_, i) => ({
    id: 700000000 + i,
    title: `Used ${2000 + (i % 25)} car ${i}`,
    price: 1000 + i * 7,
    tags: ['a', 'b', String(i)],
  }));
  const times: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let i = 0; i < 4; i++) {
      const text = JSON.stringify(rows);
      JSON.parse(text);
      zlib.brotliCompressSync(Buffer.from(text), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    }
    times.push(performance.now() - t0);
  }
  return (
    Math.round(
      pct(
        [...times].sort((a, b) => a - b),
        50,
      ) * 10,
    ) / 10
  );
}

async function measuredRun(p: Product, urls: string[], processes: number, listings: number): Promise<RunFigures> {
  const warm = await ready(p, processes);
  const pool = new Pool(p.gatewayUrl, { connections: CONNECTIONS, pipelining: 1 });
  const gatewayPid = p.gateway.proc.pid!;
  const upstreamPid = p.upstream.proc.pid!;
  try {
    // A product under load for a while first, as a server in service is: its isolates' code
    // optimised, its caches and heaps at their working size. The URLs it asks are not asked again.
    let next = 0;
    let warmUpPages = 0;
    const warmStart = Date.now();
    const warmEnd = warmStart + WARMUP_MAX_MS;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < WARMUP_PAGES * processes && Date.now() < warmEnd && next < urls.length / 2) {
          try {
            const res = await pool.request({
              method: 'GET',
              path: urls[next++],
              headers: PAGE_HEADERS,
              headersTimeout: 30_000,
              bodyTimeout: 30_000,
            });
            await res.body.dump();
            warmUpPages++;
          } catch {
            // Counted in the measured run only.
          }
        }
      }),
    );
    const warmUpSeconds = round((Date.now() - warmStart) / 1000, 1);
    const warmUpAsked = next;
    const before = await ssrCounters(p.gatewayUrl);
    const loadBefore = loadAverage();
    const machineMs = machineWorkloadMs();
    const rssStart = rss(gatewayPid);
    let rssMiddle = { mb: NaN, processes: 0 };
    const statuses = new Map<string, number>();
    const latencies: number[] = [];
    const samples: Buffer[] = [];
    let pages = 0;
    let wireBytes = 0;
    let brotli = 0;
    let exhausted = false;

    const cpu0 = { gateway: cpuOf(gatewayPid), upstream: cpuOf(upstreamPid), self: process.cpuUsage(), threads: cpuByThread(gatewayPid) };
    const t0 = performance.now();
    const end = Date.now() + SECONDS * 1000;
    const middle = setTimeout(() => (rssMiddle = rss(gatewayPid)), (SECONDS * 1000) / 2);
    const connection = async () => {
      while (Date.now() < end) {
        if (next >= urls.length) {
          exhausted = true;
          return;
        }
        const url = urls[next++];
        const started = performance.now();
        let status: string;
        try {
          const res = await pool.request({ method: 'GET', path: url, headers: PAGE_HEADERS, headersTimeout: 30_000, bodyTimeout: 30_000 });
          const keep = res.statusCode === 200 && pages % SAMPLE_EVERY === 0 && samples.length < SAMPLE_MAX;
          const chunks: Buffer[] = [];
          let bytes = 0;
          for await (const chunk of res.body as AsyncIterable<Buffer>) {
            bytes += chunk.length;
            if (keep) chunks.push(chunk);
          }
          status = String(res.statusCode);
          if (res.statusCode === 200) {
            pages++;
            wireBytes += bytes;
            const encoding = res.headers['content-encoding'];
            if (encoding === 'br') brotli++;
            if (keep) samples.push(encoding === 'br' ? Buffer.concat(chunks) : Buffer.alloc(0));
          }
        } catch (err) {
          status = `error ${(err as { code?: string }).code ?? 'unknown'}`;
        }
        latencies.push(performance.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const devices = deviceRegistrations(p.gatewayUrl, end);
    await Promise.all(Array.from({ length: CONNECTIONS }, connection));
    const device = await devices;
    const elapsedS = (performance.now() - t0) / 1000;
    clearTimeout(middle);
    const cpu1 = {
      gateway: cpuOf(gatewayPid),
      upstream: cpuOf(upstreamPid),
      self: process.cpuUsage(cpu0.self),
      threads: cpuByThread(gatewayPid),
    };
    const rssEnd = rss(gatewayPid);
    const loadAfter = loadAverage();
    const after = await ssrCounters(p.gatewayUrl);

    // Regions left to the browser during the run, by remote and cause; shared answers' lookups per page, by result.
    const byRemoteCause: Record<string, Record<string, number>> = {};
    const shared: Record<string, number> = {};
    const waits = { sum: 0, count: 0, waitedOut: 0 };
    let browserRegions = 0;
    for (const [key, n] of after) {
      const d = n - (before.get(key) ?? 0);
      if (d <= 0) continue;
      const [metric, a, b] = key.split('|');
      if (metric === 'shared_answers') shared[a] = round(d / Math.max(1, pages), 2);
      else if (metric === 'page_wait') {
        waits[b as 'sum' | 'count'] += d;
        if (a === 'waited-out' && b === 'count') waits.waitedOut += d;
      } else {
        (byRemoteCause[a] ??= {})[b] = d;
        browserRegions += d;
      }
    }
    const regions = pages * REMOTE_NAMES.length;
    const raw = samples.filter((s) => s.length).map((s) => zlib.brotliDecompressSync(s).length);
    const sorted = Float64Array.from(latencies).sort();
    const byStatus = Object.fromEntries([...statuses].sort());
    const errors = [...statuses].filter(([s]) => s.startsWith('error') || Number(s) >= 500).reduce((a, [, n]) => a + n, 0);
    const per = (ms: number) => (pages ? round(ms / pages, 2) : NaN);
    const warnings = p.gateway.lines((l) => /"level":\s*(4|5|6)0\b/.test(l));
    /** A server's share of its CPU in the kernel, and its page faults per page, over the run. */
    const kernelFigures = (k: 'gateway' | 'upstream') => {
      const ms = cpu1[k].ms - cpu0[k].ms;
      return {
        cpu_pct: ms ? round((100 * (cpu1[k].kernelMs - cpu0[k].kernelMs)) / ms, 1) : NaN,
        page_faults_per_page: pages ? round((cpu1[k].faults - cpu0[k].faults) / pages, 1) : NaN,
      };
    };
    const figures: RunFigures = {
      gateway_processes: processes,
      connections: CONNECTIONS,
      seconds: SECONDS,
      warm_up_s: warmUpSeconds,
      warm_up_pages: warmUpPages,
      elapsed_s: round(elapsedS, 2),
      pages,
      pages_per_s: round(pages / elapsedS, 1),
      p50_ms: round(pct(sorted, 50), 1),
      p99_ms: round(pct(sorted, 99), 1),
      by_status: byStatus,
      errors,
      distinct_urls: next - warmUpAsked,
      urls_exhausted: exhausted,
      brotli_answers: brotli,
      browser_regions: browserRegions,
      browser_regions_pct: regions ? round((100 * browserRegions) / regions, 3) : NaN,
      browser_regions_by_remote_cause: byRemoteCause,
      shared_answers_per_page: shared,
      page_wait_ms_mean: waits.count ? round((1000 * waits.sum) / waits.count, 1) : 0,
      pages_waited_out: waits.waitedOut,
      gateway_cpu_ms_per_page: per(cpu1.gateway.ms - cpu0.gateway.ms),
      gateway_cpu_ms_per_page_by_thread: cpuPerPageByKind(cpu0.threads, cpu1.threads, pages),
      upstream_cpu_ms_per_page: per(cpu1.upstream.ms - cpu0.upstream.ms),
      kernel: { gateway: kernelFigures('gateway'), upstream: kernelFigures('upstream') },
      load_generator_cpu_ms_per_page: per((cpu1.self.user + cpu1.self.system) / 1000),
      cpu_bound_pages_per_s: round(
        (CORES * 1000 * pages) /
          (cpu1.gateway.ms - cpu0.gateway.ms + cpu1.upstream.ms - cpu0.upstream.ms + (cpu1.self.user + cpu1.self.system) / 1000),
        1,
      ),
      html_raw_kb_per_page: raw.length ? round(raw.reduce((a, b) => a + b, 0) / raw.length / 1024, 1) : NaN,
      html_brotli_kb_per_page: pages ? round(wireBytes / pages / 1024, 1) : NaN,
      html_sampled_pages: raw.length,
      gateway_rss_mb: { start: rssStart.mb, middle: rssMiddle.mb, end: rssEnd.mb },
      gateway_process_count: Math.max(rssStart.processes, rssEnd.processes),
      warm_up_done: warm.warm_up_done,
      upstream_listings: listings,
      gateway_warn_or_error_logs: warnings.length,
      gateway_warn_or_error_messages: countMessages(warnings),
      load_average: { before: loadBefore, after: loadAfter },
      machine_workload_ms: machineMs,
      device_registration: device,
      goals_missed: [],
    };
    // Checked on the unrounded figures.
    const p99 = pct(sorted, 99);
    if (!(pages / elapsedS >= GOALS.pages_per_s)) figures.goals_missed.push(`pages_per_s ${figures.pages_per_s} < ${GOALS.pages_per_s}`);
    if (!(p99 <= GOALS.p99_ms)) figures.goals_missed.push(`p99_ms ${figures.p99_ms} > ${GOALS.p99_ms}`);
    if (!(regions && (100 * browserRegions) / regions <= GOALS.browser_regions_pct)) {
      figures.goals_missed.push(`browser_regions_pct ${figures.browser_regions_pct} > ${GOALS.browser_regions_pct}`);
    }
    if (errors > GOALS.errors) figures.goals_missed.push(`errors ${errors} > ${GOALS.errors}`);
    if (!(device.p99_ms <= GOALS.device_p99_ms)) {
      figures.goals_missed.push(`device registration p99_ms ${device.p99_ms} > ${GOALS.device_p99_ms}`);
    }
    return figures;
  } finally {
    await pool.close();
  }
}

function print(f: RunFigures) {
  const label = `GATEWAY_PROCESSES=${f.gateway_processes}`;
  console.log(
    `\n${label}: ${f.connections} connections for ${f.seconds} s (${f.elapsed_s} s) after ${f.warm_up_s} s of load not measured ` +
      `(${f.warm_up_pages} pages, ${round(f.warm_up_pages / f.gateway_processes)} per process): ${f.pages} pages, ${f.pages_per_s} pages/s, ` +
      `p50 ${f.p50_ms} ms, p99 ${f.p99_ms} ms`,
  );
  console.log(
    `  answers by status ${JSON.stringify(f.by_status)}; errors ${f.errors}; ${f.distinct_urls} distinct URLs, each asked once` +
      `${f.urls_exhausted ? ' (ALL URLS USED: the run ended early)' : ''}; brotli answers ${f.brotli_answers}`,
  );
  const causes = Object.entries(f.browser_regions_by_remote_cause)
    .flatMap(([remote, byCause]) => Object.entries(byCause).map(([cause, n]) => `${remote} ${cause} ${n}`))
    .join(', ');
  console.log(
    `  regions left to the browser: ${f.browser_regions} of ${f.pages * REMOTE_NAMES.length} (${f.browser_regions_pct} %)${causes ? `: ${causes}` : ''}`,
  );
  console.log(
    `  turns (SSR_PAGES_AT_ONCE): a page waited ${f.page_wait_ms_mean} ms on average before it began; ${f.pages_waited_out} went on without a turn`,
  );
  console.log(
    `  shared answers per page (each process keeps its own): ${Object.entries(f.shared_answers_per_page)
      .map(([result, n]) => `${result} ${n}`)
      .join(', ')}`,
  );
  console.log(
    `  CPU per page: gateway ${f.gateway_cpu_ms_per_page} ms (${f.gateway_process_count} processes), upstream ${f.upstream_cpu_ms_per_page} ms, ` +
      `load generator ${f.load_generator_cpu_ms_per_page} ms: ${CORES} cores give at most ${f.cpu_bound_pages_per_s} pages/s at that CPU`,
  );
  console.log(
    `  gateway CPU per page by thread: ${Object.entries(f.gateway_cpu_ms_per_page_by_thread)
      .map(([kind, ms]) => `${kind} ${ms} ms`)
      .join(', ')} ('other': compression, garbage collection, compilers)`,
  );
  console.log(
    `  in the kernel: gateway ${f.kernel.gateway.cpu_pct} % of its CPU, ${f.kernel.gateway.page_faults_per_page} page faults per page; ` +
      `upstream ${f.kernel.upstream.cpu_pct} %, ${f.kernel.upstream.page_faults_per_page} page faults per page`,
  );
  console.log(
    `  HTML per page: ${f.html_raw_kb_per_page} KB raw (${f.html_sampled_pages} sampled), ${f.html_brotli_kb_per_page} KB brotli as sent`,
  );
  const d = f.device_registration;
  console.log(
    `  device registrations beside the load (one every ${DEVICE_EVERY_MS} ms): ${d.requests}, answers ${JSON.stringify(d.by_status)}, ` +
      `p50 ${d.p50_ms} ms, p99 ${d.p99_ms} ms (goal <= ${GOALS.device_p99_ms} ms)`,
  );
  console.log(`  gateway RSS: start ${f.gateway_rss_mb.start} MB, middle ${f.gateway_rss_mb.middle} MB, end ${f.gateway_rss_mb.end} MB`);
  console.log(
    `  load average before ${f.load_average.before.join(' ')}, after ${f.load_average.after.join(' ')}; ` +
      `warm-ups done ${f.warm_up_done}; gateway warn/error log lines ${f.gateway_warn_or_error_logs}` +
      Object.entries(f.gateway_warn_or_error_messages)
        .map(([msg, n]) => `; ${n}x '${msg}'`)
        .join(''),
  );
  console.log(
    `  machine: a fixed workload took ${f.machine_workload_ms} ms on the idle machine just before the run (lower is faster; ` +
      "the load generator's CPU per page above is the same measure under the load)",
  );
  console.log(`  goals missed: ${f.goals_missed.length ? f.goals_missed.join('; ') : 'none'}`);
  console.log(JSON.stringify({ pages_load: f }));
}

// ---------------------------------------------------------------------------------------------

/**
 * Removes the temporary folders when this process is gone, however it ended (its IPC channel
 * closes): after the servers' own 5 s to stop. Killed by this process when it cleaned up itself.
 */
function janitor(dir: string): ChildProcess {
  const script =
    `const f=()=>setTimeout(()=>{require('fs').rmSync(process.argv[1],{recursive:true,force:true});process.exit(0)},6000);` +
    `process.once('disconnect',f);process.once('SIGINT',f);process.once('SIGTERM',f);`;
  const child = spawn(process.execPath, ['-e', script, dir], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  child.unref();
  child.channel?.unref();
  return child;
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-bench-pages-'));
  const cleaner = janitor(tmp);
  const cleanUp = async () => {
    await Promise.all([...live].map((p) => p.stop()));
    fs.rmSync(tmp, { recursive: true, force: true });
    cleaner.kill('SIGKILL');
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  try {
    const registryDir = path.join(tmp, 'gateway');
    const t0 = Date.now();
    execFileSync(process.execPath, [path.join(supervisor.root, 'gateway', 'dist', 'deploy-cli.js'), 'publish', 'all', '--force'], {
      cwd: supervisor.root,
      env: { ...process.env, GATEWAY_DATA_DIR: registryDir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    console.log(`pages bench: the shell and the six remotes published in ${round((Date.now() - t0) / 1000, 1)} s`);

    // The URLs and their normal forms, on a product started for that alone.
    const learning = await startProduct(registryDir, tmp, 1);
    await ready(learning, 1);
    const cat = await catalogue(learning.upstreamUrl);
    const rnd = random(20240611);
    const candidates = Array.from({ length: URL_COUNT }, () => candidate(rnd, cat));
    const t1 = Date.now();
    const learned = await normalForms(learning.gatewayUrl, candidates);
    await learning.stop();
    console.log(
      `pages bench: ${candidates.length} page URLs over ${cat.makes.length} makes, ` +
        `${cat.makes.reduce((a, m) => a + m.models.length, 0)} models, ${cat.zips.length} ZIP codes; ` +
        `${learned.urls.length} distinct normal forms learned in ${round((Date.now() - t1) / 1000, 1)} s ` +
        `(answers ${JSON.stringify(learned.by_status)}); ${CONNECTIONS} connections, ${SECONDS} s per run, ${CORES} cores`,
    );

    const runs: RunFigures[] = [];
    for (const processes of PROCESS_COUNTS) {
      const product = await startProduct(registryDir, tmp, processes);
      try {
        runs.push(await measuredRun(product, learned.urls, processes, cat.listings));
      } finally {
        await product.stop();
      }
      print(runs[runs.length - 1]);
    }
    console.log(
      `\n${runs.map((r) => `GATEWAY_PROCESSES=${r.gateway_processes}: ${r.pages_per_s} pages/s, p99 ${r.p99_ms} ms, ${r.browser_regions_pct} % regions to the browser, ${r.errors} errors, ${r.gateway_cpu_ms_per_page} ms gateway CPU/page`).join('\n')}`,
    );
    console.log(
      JSON.stringify({
        pages_bench: {
          goals: GOALS,
          cores: CORES,
          connections: CONNECTIONS,
          seconds: SECONDS,
          urls_learned: learned.urls.length,
          runs: Object.fromEntries(runs.map((r) => [`gateway_processes_${r.gateway_processes}`, r])),
          goals_missed: Object.fromEntries(runs.map((r) => [`gateway_processes_${r.gateway_processes}`, r.goals_missed])),
        },
      }),
    );
  } finally {
    await cleanUp();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
