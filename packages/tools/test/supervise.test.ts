/**
 * The supervisor of `npm start`, with the real upstream and gateway: a crashed server comes back
 * (with backoff, back to the first wait after a healthy run, at once on a registry switch),
 * stop() leaves nothing running, a supervisor killed outright (SIGKILL, no chance to clean up)
 * leaves no orphan listening either, and neither does npm itself killed with SIGKILL (`npm start`
 * is npm -> sh -c -> start.mjs, and the sh outlives npm). The gateway as several processes:
 * cluster.test.ts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  GATEWAY_MALLOC_TUNABLES,
  GATEWAY_NODE_ARGS,
  freePort,
  registryFile,
  serverSpecs,
  starterChain,
  stopWhenOrphaned,
  supervise,
} from '../supervise.cjs';
import { alive, answers, childrenOf, refuses, sleep, until } from './helpers';

jest.setTimeout(90_000);

describe('the servers of npm start', () => {
  it('run in production mode unless NODE_ENV says otherwise, both pointed at the upstream', () => {
    const specs = serverSpecs({ upstreamPort: '1', port: '2', env: { PATH: '/bin' } }) as { name: string; env: Record<string, string> }[];
    expect(specs.map((s) => [s.name, s.env.NODE_ENV, s.env.UPSTREAM_URL, s.env.PORT])).toEqual([
      ['upstream', 'production', 'http://127.0.0.1:1', '1'],
      ['gateway', 'production', 'http://127.0.0.1:1', '2'],
    ]);
    const dev = serverSpecs({ upstreamPort: '1', port: '2', env: { NODE_ENV: 'development' } }) as { env: Record<string, string> }[];
    expect(dev.map((s) => s.env.NODE_ENV)).toEqual(['development', 'development']);
  });

  it("run the gateway with its Node options, and gateway's own start script with the same", () => {
    const specs = serverSpecs({ upstreamPort: '1', port: '2', env: {} }) as { name: string; nodeArgs?: string[] }[];
    expect(specs.map((s) => [s.name, s.nodeArgs])).toEqual([
      ['upstream', undefined],
      ['gateway', GATEWAY_NODE_ARGS],
    ]);
    expect(GATEWAY_NODE_ARGS).toContain('--max-semi-space-size=32');
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'gateway', 'package.json'), 'utf8'));
    expect(pkg.scripts.start).toBe(
      `GLIBC_TUNABLES=\${GLIBC_TUNABLES:-${GATEWAY_MALLOC_TUNABLES}} node --enable-source-maps ${GATEWAY_NODE_ARGS.join(' ')} dist/main.js`,
    );
  });

  it("run the gateway with its malloc settings unless the operator set their own, and the upstream with the operator's", () => {
    const tunables = (env: NodeJS.ProcessEnv) =>
      (serverSpecs({ upstreamPort: '1', port: '2', env }) as { name: string; env: NodeJS.ProcessEnv }[]).map((s) => [
        s.name,
        s.env.GLIBC_TUNABLES,
      ]);
    expect(GATEWAY_MALLOC_TUNABLES).toMatch(/^glibc\.malloc\.mmap_threshold=\d+:glibc\.malloc\.trim_threshold=\d+$/);
    expect(tunables({})).toEqual([
      ['upstream', undefined],
      ['gateway', GATEWAY_MALLOC_TUNABLES],
    ]);
    expect(tunables({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' })).toEqual([
      ['upstream', 'glibc.malloc.arena_max=2'],
      ['gateway', 'glibc.malloc.arena_max=2'],
    ]);
  });

  it('start the gateway again at once when its registry file changes, wherever GATEWAY_DATA_DIR puts it', () => {
    const watched = (env: NodeJS.ProcessEnv) =>
      (serverSpecs({ upstreamPort: '1', port: '2', env }) as { name: string; watch?: string }[]).map((s) => [s.name, s.watch]);
    expect(watched({})).toEqual([
      ['upstream', undefined],
      ['gateway', path.resolve(__dirname, '..', '..', '..', 'gateway', '.data', 'registry.json')],
    ]);
    expect(watched({ GATEWAY_DATA_DIR: '/srv/cfs' })[1]).toEqual(['gateway', '/srv/cfs/registry.json']);
    expect(registryFile({ GATEWAY_DATA_DIR: 'data' })).toBe(path.resolve(__dirname, '..', '..', '..', 'data', 'registry.json'));
  });
});

/** A supervisor of the crasher fixture (exits at once while `crashWhile` exists), its log and its pids. */
function superviseCrasher(options: { backoffFirstMs: number; backoffMaxMs: number; healthyAfterMs: number; watch?: string }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-crasher-'));
  const crashWhile = path.join(dir, 'crash');
  fs.writeFileSync(crashWhile, '');
  const logs: string[] = [];
  const spec = {
    name: 'crasher',
    file: path.join(__dirname, 'fixtures', 'crasher.cjs'),
    env: { ...process.env, CRASH_WHILE: crashWhile },
    watch: options.watch,
  };
  const servers = supervise([spec], { log: (m: string) => logs.push(m), ...options });
  const waits = () => logs.flatMap((m) => /restarting in (\d+) ms/.exec(m)?.[1] ?? []).map(Number);
  return {
    servers,
    logs,
    waits,
    crashWhile,
    async stop() {
      await servers.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('the restart backoff of the supervisor', () => {
  it('after a crash loop and then a healthy period, a crash restarts at the first backoff', async () => {
    const c = superviseCrasher({ backoffFirstMs: 50, backoffMaxMs: 400, healthyAfterMs: 1000 });
    try {
      await until('a crash loop', () => c.waits().length >= 6);
      // Crashes right after starting: the wait doubles, up to the longest.
      expect(c.waits().slice(0, 6)).toEqual([50, 100, 200, 400, 400, 400]);
      fs.rmSync(c.crashWhile);
      const pid = await until('a crasher that stays up', async () => {
        const p = c.servers.pids().crasher;
        if (!p) return null;
        await sleep(300);
        return c.servers.pids().crasher === p ? p : null;
      });
      const crashes = c.waits().length;
      await sleep(1500); // longer than healthyAfterMs: a healthy period
      expect(c.servers.pids().crasher).toBe(pid);
      process.kill(pid, 'SIGKILL');
      await until('the crash after the healthy period', () => c.waits().length > crashes);
      expect(c.waits()[crashes]).toBe(50);
      expect(c.logs[c.logs.length - 1]).toBe('crasher exited (SIGKILL); restarting in 50 ms');
      // And a crash right after that restart doubles again.
      const next = await until('the restarted crasher', () => {
        const p = c.servers.pids().crasher;
        return p && p !== pid ? p : null;
      });
      process.kill(next, 'SIGKILL');
      await until('a second crash', () => c.waits().length > crashes + 1);
      expect(c.waits()[crashes + 1]).toBe(100);
    } finally {
      await c.stop();
    }
  });

  it('starts a server waiting out its backoff at once when its registry file changes (a rollback does not wait)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-registry-'));
    const registry = path.join(dir, 'registry.json');
    const c = superviseCrasher({ backoffFirstMs: 60_000, backoffMaxMs: 60_000, healthyAfterMs: 60_000, watch: registry });
    try {
      await until('the first crash', () => c.waits().length === 1);
      expect(c.servers.pids().crasher).toBeNull();
      // Another file in the folder is no reason.
      fs.writeFileSync(path.join(dir, 'history.jsonl'), '{}\n');
      await sleep(300);
      expect(c.servers.pids().crasher).toBeNull();
      // A switch: a new registry renamed into place, as the gateway's store writes it.
      fs.rmSync(c.crashWhile);
      fs.writeFileSync(`${registry}.tmp`, '{"remotes":{}}');
      fs.renameSync(`${registry}.tmp`, registry);
      const pid = await until('the crasher started again', () => c.servers.pids().crasher, 10_000);
      expect(alive(pid)).toBe(true);
      expect(c.logs).toContain('crasher: registry.json changed; starting it now');
      expect(c.servers.restarts()).toEqual({ crasher: 1 });
    } finally {
      await c.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the supervisor of npm start', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-start-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('restarts a crashed upstream, and stops both servers on stop()', async () => {
    const [upstreamPort, port] = [await freePort(), await freePort()];
    const logs: string[] = [];
    const servers = supervise(
      serverSpecs({ upstreamPort, port, env: { ...process.env, GATEWAY_DATA_DIR: dataDir, UPSTREAM_LISTINGS: '200', LOG_LEVEL: 'warn' } }),
      { log: (m: string) => logs.push(m), backoffFirstMs: 300 },
    );
    try {
      await until('the upstream', () => answers(`http://127.0.0.1:${upstreamPort}/geo/zip/30301`));
      await until('the gateway', async () => (await answers(`http://127.0.0.1:${port}/healthz`)) === 200);
      const first = servers.pids();
      process.kill(first.upstream!, 'SIGKILL');
      const second = await until('a new upstream', () => {
        const p = servers.pids().upstream;
        return p && p !== first.upstream ? p : null;
      });
      expect(logs.join('\n')).toMatch(/upstream exited \(SIGKILL\); restarting in 300 ms/);
      await until('the upstream again', () => answers(`http://127.0.0.1:${upstreamPort}/geo/zip/30301`));
      expect(servers.pids().gateway).toBe(first.gateway);
      expect(servers.restarts()).toEqual({ upstream: 1, gateway: 0 });
      await servers.stop();
      expect([alive(second), alive(first.gateway)]).toEqual([false, false]);
      expect(await answers(`http://127.0.0.1:${port}/healthz`)).toBeNull();
    } finally {
      await servers.stop();
    }
  });

  it('leaves no server behind when the supervisor itself is killed with SIGKILL', async () => {
    const [upstreamPort, port] = [await freePort(), await freePort()];
    const starter = spawn(
      process.execPath,
      [path.join(__dirname, 'fixtures', 'starter.cjs'), String(upstreamPort), String(port), dataDir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    starter.stdout!.on('data', (c) => (out += c));
    const pids = await until('the pids', () => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      return line ? (JSON.parse(line) as { upstream: number; gateway: number }) : null;
    });
    await until('the gateway', async () => (await answers(`http://127.0.0.1:${port}/healthz`)) === 200);
    // The servers and the gateway's worker processes (one per core by default).
    const servers = childrenOf(starter.pid!, { all: true });
    try {
      expect(servers).toEqual(expect.arrayContaining([pids.upstream, pids.gateway]));
      starter.kill('SIGKILL');
      await until('every server process to exit', () => servers.every((p) => !alive(p)), 15_000);
      expect([await refuses(port), await refuses(upstreamPort)]).toEqual([true, true]);
    } finally {
      for (const p of [starter.pid!, ...servers]) if (alive(p)) process.kill(p, 'SIGKILL');
    }
  });
});

describe('npm start killed with SIGKILL', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-npm-start-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('takes the servers with it: npm -> sh -c -> the starter, and the sh outlives npm', async () => {
    const [upstreamPort, port] = [await freePort(), await freePort()];
    const starter = path.join(__dirname, 'fixtures', 'starter.cjs');
    const dataDir = path.join(dir, 'data');
    fs.mkdirSync(dataDir);
    // A package whose start script is the starter, run by the real npm: npm runs it in `sh -c`.
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: 'npm-start-like', private: true, scripts: { start: `node ${starter} ${upstreamPort} ${port} ${dataDir}` } }),
    );
    // npm as a shopper's shell starts it, not as the npm that may run this test.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: dir,
      env: { ...env, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let chain: number[] = [];
    try {
      let out = '';
      npm.stdout!.on('data', (c) => (out += c));
      const pids = await until('the pids', () => {
        const line = out.split('\n').find((l) => l.startsWith('{'));
        return line ? (JSON.parse(line) as { upstream: number; gateway: number }) : null;
      });
      await until('the gateway', async () => (await answers(`http://127.0.0.1:${port}/healthz`)) === 200);
      // sh, the starter, the upstream, the gateway and its worker processes.
      chain = childrenOf(npm.pid!, { all: true });
      expect(chain).toEqual(expect.arrayContaining([pids.upstream, pids.gateway]));
      expect(chain.length).toBeGreaterThanOrEqual(5);
      npm.kill('SIGKILL');
      await until('every process under npm to exit', () => chain.every((p) => !alive(p)), 20_000);
      expect([await refuses(port), await refuses(upstreamPort)]).toEqual([true, true]);
    } finally {
      // Whatever this test finds left running, it ends.
      for (const p of [npm.pid!, ...chain]) if (alive(p)) process.kill(p, 'SIGKILL');
      npm.stdout!.destroy();
    }
  });
});

describe('npm start without its npm', () => {
  it('stops the servers once the process that started it is gone, and not before', () => {
    jest.useFakeTimers();
    try {
      let ppid = 4242;
      const stop = jest.fn();
      stopWhenOrphaned(stop, { intervalMs: 1000, ppid: () => ppid, chain: [] });
      jest.advanceTimersByTime(5000);
      expect(stop).not.toHaveBeenCalled();
      ppid = 1; // npm exited: the process was handed to init
      jest.advanceTimersByTime(1000);
      expect(stop).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(5000);
      expect(stop).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('stops them once any process of the chain that started it is gone, though its parent is still there', () => {
    jest.useFakeTimers();
    try {
      const gone = new Set<number>();
      const stop = jest.fn();
      const chain = [
        { pid: 4242, start: '1' }, // sh -c
        { pid: 4241, start: '1' }, // npm
      ];
      stopWhenOrphaned(stop, { intervalMs: 1000, ppid: () => 4242, chain, running: (p: { pid: number }) => !gone.has(p.pid) });
      jest.advanceTimersByTime(5000);
      expect(stop).not.toHaveBeenCalled();
      gone.add(4241); // npm killed with SIGKILL; its sh runs on
      jest.advanceTimersByTime(1000);
      expect(stop).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('watches, under an npm script, every process up to the npm that runs it, and otherwise the parent alone', async () => {
    // This process's own chain starts with its parent.
    expect(starterChain()[0]?.pid).toBe(process.ppid);
    // A node process run as an npm script is run (`sh -c`, npm_lifecycle_event set), under a node parent that stands for npm.
    const child = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('child_process').spawn('sh', ['-c', 'node -e "console.log(JSON.stringify(require(process.argv[1]).starterChain()))" ${path.join(__dirname, '..', 'supervise.cjs')}'], { env: { ...process.env, npm_lifecycle_event: 'start' }, stdio: 'inherit' }); c.on('exit', (code) => process.exit(code));`,
      ],
      { env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout!.on('data', (c) => (out += c));
    await new Promise((r) => child.once('exit', r));
    const chain = JSON.parse(out) as { pid: number }[];
    expect(chain).toHaveLength(2); // sh -c, and the "npm" (not this test's process, which started it)
    expect(chain[1].pid).toBe(child.pid);
  });
});
