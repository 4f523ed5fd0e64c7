/**
 * The gateway as several processes (cluster.ts, main.ts): how many, the restart backoff, the last
 * line of defence, which workers warm up before they listen, /metrics summed through the primary
 * (the hook into app.ts's /metrics is metrics.render, called per request), and a real cluster
 * primary (this jest process) with worker processes from a fixture (test/fixtures/cluster-worker.ts,
 * run with tsx) on a free 127.0.0.1 port, with short timings. The compiled gateway as several
 * processes, under the supervisor of npm start: packages/tools/test/cluster.test.ts.
 */
import cluster from 'node:cluster';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildGateway } from '../src/app';
import { RestartBackoff, gatewayProcesses, runPrimary, serveClusterMetrics, watchFile, type Logger, type Primary } from '../src/cluster';
import { loadConfig } from '../src/config';
import { createMetrics } from '../src/metrics';
import { survive } from '../src/process-faults';
import { freePort, tmpDir } from './helpers';

jest.setTimeout(60_000);

describe('GATEWAY_PROCESSES', () => {
  it('is one process per core unless set, and a whole number of at least 1 when set', () => {
    expect(gatewayProcesses({})).toBe(os.availableParallelism());
    expect(gatewayProcesses({ GATEWAY_PROCESSES: ' 3 ' })).toBe(3);
    expect(gatewayProcesses({ GATEWAY_PROCESSES: '1' })).toBe(1);
    for (const bad of ['0', '-2', '1.5', 'many'])
      expect(() => gatewayProcesses({ GATEWAY_PROCESSES: bad })).toThrow(/GATEWAY_PROCESSES must be a whole number/);
  });
});

describe('the restart backoff of a gateway worker', () => {
  it('doubles from 0.5 s to at most 30 s, and starts over for a worker that ran healthy for 30 s', () => {
    const b = new RestartBackoff();
    const crashLoop = Array.from({ length: 9 }, () => b.afterExit(200));
    expect(crashLoop).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(b.afterExit(30_000)).toBe(500);
    expect(b.afterExit(29_999)).toBe(1000);
  });
});

describe('the last line of defence of a gateway process', () => {
  it('logs and counts an uncaught exception and an unhandled rejection, and the process goes on', async () => {
    const proc = new EventEmitter();
    const logged: { obj: { kind?: string; err?: unknown }; msg: string }[] = [];
    const metrics = createMetrics(new Map(), { defaults: false });
    const remove = survive({ error: (obj, msg) => logged.push({ obj, msg }) }, metrics.processFaults, proc);
    const boom = new Error('boom');
    proc.emit('uncaughtException', boom);
    proc.emit('unhandledRejection', new Error('nobody waited'));
    proc.emit('uncaughtException', new Error('again'));
    expect(logged.map((l) => [l.obj.kind, l.msg])).toEqual([
      ['uncaughtException', 'uncaughtException: logged and survived (the process goes on)'],
      ['unhandledRejection', 'unhandledRejection: logged and survived (the process goes on)'],
      ['uncaughtException', 'uncaughtException: logged and survived (the process goes on)'],
    ]);
    expect(logged[0].obj.err).toBe(boom);
    const text = await metrics.render();
    expect(text).toContain('gateway_process_faults_total{kind="uncaughtException"} 2');
    expect(text).toContain('gateway_process_faults_total{kind="unhandledRejection"} 1');
    remove();
    expect(proc.listenerCount('uncaughtException')).toBe(0);
  });

  it('does not throw when logging itself fails (a throw there would end the process)', () => {
    const proc = new EventEmitter();
    const metrics = createMetrics(new Map(), { defaults: false });
    survive(
      {
        error: () => {
          throw new Error('log broken');
        },
      },
      metrics.processFaults,
      proc,
    );
    expect(() => proc.emit('uncaughtException', new Error('boom'))).not.toThrow();
  });
});

/** A process's side of the IPC channel, for a worker's half of the metrics messages. */
class FakeProcess extends EventEmitter {
  connected = true;
  sent: unknown[] = [];
  answer: (m: { cfs: string; id: number }) => unknown = () => undefined;
  send(m: { cfs: string; id: number }, _h?: unknown, _o?: unknown, cb?: () => void) {
    this.sent.push(m);
    const reply = this.answer(m);
    if (reply) setImmediate(() => this.emit('message', reply));
    cb?.();
    return true;
  }
}

describe("a gateway worker's /metrics in a cluster", () => {
  it("answers the primary's sum: app.ts's /metrics calls metrics.render() per request", async () => {
    const dataDir = tmpDir('cluster');
    const gw = await buildGateway(loadConfig({ GATEWAY_DATA_DIR: dataDir }), { logger: false, defaultMetrics: false });
    try {
      const proc = new FakeProcess();
      proc.answer = (m) =>
        m.cfs === 'metrics-sum?' ? { cfs: 'metrics-sum', id: m.id, text: 'gateway_cluster_processes{state="summed"} 2\n' } : null;
      serveClusterMetrics(gw.metrics, proc as unknown as NodeJS.Process);
      const res = await gw.app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('gateway_cluster_processes{state="summed"} 2\n');

      // The primary asks this process for its own metrics: its registry, as JSON.
      proc.emit('message', { cfs: 'metrics-own?', id: 7 });
      await new Promise((r) => setTimeout(r, 50));
      const own = proc.sent.find((m) => (m as { cfs: string }).cfs === 'metrics-own') as { id: number; metrics: { name: string }[] };
      expect(own.id).toBe(7);
      expect(own.metrics.map((m) => m.name)).toContain('gateway_breaker_state');

      // The primary answers with an error: /metrics fails, it does not answer one process's figures as the whole.
      proc.answer = (m) => (m.cfs === 'metrics-sum?' ? { cfs: 'metrics-sum', id: m.id, error: 'Operation timed out.' } : null);
      expect((await gw.app.inject({ url: '/metrics' })).statusCode).toBe(500);
    } finally {
      await gw.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a change of the registry file', () => {
  it('is seen when a switch renames a new file into place, and not for the files beside it', async () => {
    const dir = tmpDir('watch');
    const file = path.join(dir, 'registry.json');
    let changes = 0;
    const stop = watchFile(file, () => changes++);
    try {
      fs.writeFileSync(path.join(dir, 'history.jsonl'), '{}\n');
      await new Promise((r) => setTimeout(r, 200));
      expect(changes).toBe(0);
      fs.writeFileSync(`${file}.tmp`, '{"remotes":{}}');
      fs.renameSync(`${file}.tmp`, file);
      await until('the change', () => changes > 0);
    } finally {
      stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// ---- a real cluster primary (this process) with fixture workers ----

async function until<T>(what: string, probe: () => Promise<T | null | false> | T | null | false, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** GET on a new connection (so the primary hands each one to the next worker). */
function get(port: number, urlPath: string): Promise<{ status: number; body: string } | null> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false, timeout: 5000 }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the cluster primary', () => {
  let dir: string;
  let port: number;
  let logs: string[];
  let primary: Primary | null = null;
  const log: Logger = { info: (_o, m) => logs.push(m), warn: (_o, m) => logs.push(m), error: (_o, m) => logs.push(m) };

  beforeAll(async () => {
    cluster.setupPrimary({ exec: path.join(__dirname, 'fixtures', 'cluster-worker.ts'), execArgv: ['--import', 'tsx'] });
  });
  beforeEach(async () => {
    dir = tmpDir('primary');
    port = await freePort();
    logs = [];
  });
  afterEach(async () => {
    await primary?.stop();
    primary = null;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const start = (opts: { crash?: boolean; firstMs: number; maxMs?: number; processes?: number }) => {
    const crashWhile = path.join(dir, 'crash');
    if (opts.crash) fs.writeFileSync(crashWhile, '');
    primary = runPrimary({
      processes: opts.processes ?? 2,
      firstMs: opts.firstMs,
      maxMs: opts.maxMs ?? opts.firstMs * 4,
      healthyAfterMs: 60_000,
      registryFile: path.join(dir, 'registry.json'),
      log,
      env: { ...process.env, CRASH_WHILE: crashWhile, FIXTURE_PORT: String(port), FIXTURE_DIR: dir },
    });
    return { primary, crashWhile };
  };

  it('starts again a worker that exits, with a doubling backoff, and sums every worker into /metrics', async () => {
    const { primary: p, crashWhile } = start({ crash: true, firstMs: 50, maxMs: 200, processes: 1 });
    await until('a crash loop', () => logs.length >= 5);
    expect(logs.slice(0, 5).map((m) => m.replace(/^.*starting another in /, ''))).toEqual([
      '50 ms',
      '100 ms',
      '200 ms',
      '200 ms',
      '200 ms',
    ]);
    fs.rmSync(crashWhile);
    await until('the worker serving', async () => (await get(port, '/'))?.status === 200);
    expect(p.restarts()).toBeGreaterThanOrEqual(5);
    await p.stop();
    primary = null;

    // Two workers: /metrics, asked of either, is the sum over both.
    const two = start({ firstMs: 50 });
    await until('both workers listening', async () => {
      const res = await get(port, '/metrics');
      return res?.status === 200 && res.body.includes('gateway_cluster_processes{state="summed"} 2');
    });
    for (let i = 0; i < 4; i++) {
      const res = await get(port, '/metrics');
      expect(res?.status).toBe(200);
      expect(res?.body).toContain('fixture_processes_total 2');
      expect(res?.body).toContain('gateway_cluster_workers 2');
    }
    const pids = two.primary.pids();
    expect(pids).toHaveLength(2);
    await two.primary.stop();
    primary = null;
    expect(pids.filter(alive)).toEqual([]);
  });

  it('starts a worker waiting out its backoff at once when the registry changes (a rollback)', async () => {
    const { primary: p, crashWhile } = start({ crash: true, firstMs: 20_000, processes: 1 });
    await until('the first crash', () => logs.some((m) => m.includes('starting another in 20000 ms')));
    expect(p.pids()).toEqual([]);
    fs.rmSync(crashWhile);
    fs.writeFileSync(path.join(dir, 'registry.json.tmp'), '{"remotes":{}}');
    fs.renameSync(path.join(dir, 'registry.json.tmp'), path.join(dir, 'registry.json'));
    // Well before the 20 s wait is over.
    await until('the worker serving', async () => (await get(port, '/'))?.status === 200, 10_000);
    expect(logs).toContain('the registry changed: starting a waiting gateway worker now');
  });

  it('has a worker started again while another serves warm up before it listens, and the first ones listen first', async () => {
    const { primary: p } = start({ firstMs: 50 });
    // Listening as the primary knows it: a worker can answer for its metrics before it listens.
    await until('both workers listening', async () => {
      const res = await get(port, '/metrics');
      return res?.status === 200 && res.body.includes('gateway_cluster_workers_listening 2');
    });
    const warmFirst = (pid: number) => fs.readFileSync(path.join(dir, `warm-first-${pid}`), 'utf8');
    const [victim, survivor] = p.pids();
    expect([warmFirst(victim), warmFirst(survivor)]).toEqual(['', '']);
    process.kill(victim, 'SIGKILL');
    const replacement = await until('a new worker', () => p.pids().find((pid) => pid !== victim && pid !== survivor) ?? null);
    await until('its environment written', () => fs.existsSync(path.join(dir, `warm-first-${replacement}`)));
    expect(warmFirst(replacement)).toBe('1');
  });
});
