/**
 * A Redis of the test's own: Debian's `redis-server` on a free 127.0.0.1 port, nothing saved to
 * disk, stopped (and startable again on the same port) by the test, and killed with the test
 * process whatever happens. `.ci/run` installs the package.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from './helpers';

export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server (as a crash or a network loss would look to the gateways). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

export async function startRedis(): Promise<TestRedis> {
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error('these tests need redis-server on the PATH (Debian: apt-get install redis-server; .ci/run installs it)');
  }
  const port = await freePort();
  let child: ChildProcess | null = null;
  const kill = () => child?.kill('SIGKILL');
  process.once('exit', kill);

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      child = proc;
      let out = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start on ${port}: ${out}`)), 10_000);
      proc.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once('exit', () => {
        clearTimeout(timer);
        proc.stdout!.destroy();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const proc = child;
      if (!proc || proc.exitCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}
