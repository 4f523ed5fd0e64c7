/**
 * The supervisor of `npm start`, with the real upstream and gateway: a crashed server comes back
 * (with backoff), stop() leaves nothing running, and a supervisor killed outright (SIGKILL, no
 * chance to clean up) leaves no orphan listening either.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, serverSpecs, stopWhenOrphaned, supervise } from '../supervise.cjs';

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
});

const alive = (pid: number | null) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, probe: () => Promise<T | null | false> | T | null | false, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const answers = async (url: string) => {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).status;
  } catch {
    return null;
  }
};

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
    starter.kill('SIGKILL');
    await until('both servers to exit', () => !alive(pids.upstream) && !alive(pids.gateway), 15_000);
    expect(await answers(`http://127.0.0.1:${port}/healthz`)).toBeNull();
  });
});

describe('npm start without its npm', () => {
  it('stops the servers once the process that started it is gone, and not before', () => {
    jest.useFakeTimers();
    try {
      let ppid = 4242;
      const stop = jest.fn();
      stopWhenOrphaned(stop, { intervalMs: 1000, ppid: () => ppid });
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
});
