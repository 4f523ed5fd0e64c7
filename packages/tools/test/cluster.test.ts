/**
 * The compiled gateway as several processes (GATEWAY_PROCESSES=2) under the supervisor of
 * `npm start`, with the real upstream, on free 127.0.0.1 ports and a temporary data directory: a
 * registry switch is seen by every process at once (each reads the registry file, cached by its
 * mtime), /metrics is the sum over the processes, a worker killed with SIGKILL leaves the other
 * serving (the primary holds the listening socket: no connection is refused) and is replaced, and
 * stop() leaves no process behind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, serverSpecs, supervise } from '../supervise.cjs';
import { alive, childrenOf, get, pinnedConnection, refuses, sleep, until, type Outcome, type Pinned } from './helpers';

jest.setTimeout(90_000);

const status = (o: Outcome) => ('status' in o ? o.status : o.error);
const body = (o: Outcome) => ('body' in o ? o.body : '');

describe('the gateway as two processes, under the supervisor of npm start', () => {
  let dataDir: string;
  let port: number;
  let upstreamPort: number;
  let servers: ReturnType<typeof supervise>;
  const logs: string[] = [];
  const registry = () => path.join(dataDir, 'registry.json');
  /** A registry switch as the gateway's store makes one: a new file renamed into place. */
  const switchTo = (version: string) => {
    fs.writeFileSync(`${registry()}.tmp`, JSON.stringify({ remotes: { 'mf-results': { version } } }));
    fs.renameSync(`${registry()}.tmp`, registry());
  };
  const workers = () => childrenOf(servers.pids().gateway!);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-cluster-'));
    switchTo('v1');
    [upstreamPort, port] = [await freePort(), await freePort()];
    servers = supervise(
      serverSpecs({
        upstreamPort,
        port,
        env: {
          ...process.env,
          GATEWAY_DATA_DIR: dataDir,
          GATEWAY_PROCESSES: '2',
          WARM_UP_PATHS: 'none',
          UPSTREAM_LISTINGS: '200',
          LOG_LEVEL: 'warn',
        },
      }),
      { log: (m: string) => logs.push(m) },
    );
    await until('both gateway processes', async () => {
      const res = await get(port, '/metrics');
      return status(res) === 200 && body(res).includes('gateway_cluster_processes{state="summed"} 2');
    });
  });

  afterAll(async () => {
    const pids = [...Object.values(servers.pids()), ...workers()].filter((p): p is number => !!p);
    await servers.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    for (const p of pids) if (alive(p)) process.kill(p, 'SIGKILL');
  });

  it('run as a primary and two workers', () => {
    expect(workers()).toHaveLength(2);
  });

  /** A kept-alive connection to each worker (found through /proc: which process holds its other end). */
  const connectionToEach = async () => {
    const pids = workers();
    const byWorker = new Map<number, Pinned>();
    for (let i = 0; i < 200 && byWorker.size < pids.length; i++) {
      const c = await pinnedConnection(port, '/healthz', pids);
      if (c.pid && !byWorker.has(c.pid)) byWorker.set(c.pid, c);
      else c.close();
    }
    expect([...byWorker.keys()].sort()).toEqual(pids.sort());
    return [...byWorker.values()];
  };

  it('see a registry switch at once, in every process', async () => {
    const connections = await connectionToEach();
    try {
      const versions = async () =>
        Promise.all(
          connections.map(async (c) => {
            const res = await c.get('/cars-for-sale/registry.json');
            expect(status(res)).toBe(200);
            return (JSON.parse(body(res)) as { remotes: Record<string, { version: string }> }).remotes['mf-results'].version;
          }),
        );
      expect(await versions()).toEqual(['v1', 'v1']);
      switchTo('v2');
      expect(await versions()).toEqual(['v2', 'v2']);
      switchTo('v1');
      expect(await versions()).toEqual(['v1', 'v1']);
    } finally {
      for (const c of connections) c.close();
    }
  });

  it('answer /metrics with the sum over both processes', async () => {
    const connections = await connectionToEach();
    try {
      // Five upstream calls in each process; each process alone counts five.
      for (const c of connections) for (let i = 0; i < 5; i++) expect(status(await c.get('/geo/zip/30301'))).toBe(200);
      // Either process answers /metrics with the same sum.
      for (const c of connections) {
        const text = body(await c.get('/metrics'));
        expect(text).toContain('gateway_breaker_events_total{name="zipValidation",event="fire"} 10');
        expect(text).toContain('gateway_cluster_processes{state="summed"} 2');
        expect(text).toContain('gateway_cluster_workers 2');
      }
    } finally {
      for (const c of connections) c.close();
    }
  });

  it('keep serving when one worker is killed with SIGKILL: no connection refused, and it is replaced', async () => {
    const [victim, survivor] = workers();
    const outcomes: { at: 'before' | 'after'; outcome: string }[] = [];
    let phase: 'before' | 'after' = 'before';
    let hammering = true;
    const CONCURRENCY = 4;
    const hammer = async () => {
      for (let i = 0; hammering; i++) {
        const res = await get(port, i % 2 ? '/healthz' : '/cars-for-sale/registry.json');
        outcomes.push({ at: phase, outcome: String(status(res)) });
      }
    };
    const loops = Array.from({ length: CONCURRENCY }, hammer);
    await sleep(500);
    process.kill(victim, 'SIGKILL');
    phase = 'after';
    const replacement = await until('a new worker', () => workers().find((p) => p !== survivor && p !== victim) ?? null, 30_000);
    await until(
      'the new worker in the sum',
      async () => body(await get(port, '/metrics')).includes('gateway_cluster_processes{state="summed"} 2'),
      30_000,
    );
    await sleep(300);
    hammering = false;
    await Promise.all(loops);

    expect(alive(victim)).toBe(false);
    expect(workers().sort()).toEqual([survivor, replacement].sort());
    const count = (at: string, outcome: string) => outcomes.filter((o) => o.at === at && o.outcome === outcome).length;
    const refused = outcomes.filter((o) => o.outcome === 'ECONNREFUSED').length;
    const other = outcomes.filter((o) => !['200', 'ECONNRESET', 'TIMEOUT', 'ECONNREFUSED'].includes(o.outcome));
    expect(refused).toBe(0);
    expect(other).toEqual([]);
    // Every answer was a 200, before and after the kill (the survivor served meanwhile). Only a
    // request the killed worker held when it died can have failed (reset): at most one per client.
    expect(count('before', '200')).toBeGreaterThan(0);
    expect(count('after', '200')).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.outcome !== '200').length).toBeLessThanOrEqual(CONCURRENCY);
    expect(logs).toEqual([]); // the gateway itself (the primary) never exited
  });

  it('stop every process on stop(), and the ports refuse connections', async () => {
    const pids = [...Object.values(servers.pids()), ...workers()].filter((p): p is number => !!p);
    expect(pids).toHaveLength(4);
    await servers.stop();
    await until('every process to exit', () => pids.every((p) => !alive(p)), 15_000);
    expect([await refuses(port), await refuses(upstreamPort)]).toEqual([true, true]);
  });
});
