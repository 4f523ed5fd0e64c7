/**
 * The benchmarks' child processes (bench/servers.ts roles): started with tsx, each prints one JSON
 * line with its URL(s) first; further stdin lines are commands answered with one JSON line; a
 * child stops when its stdin closes.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import path from 'node:path';
import readline from 'node:readline';

export interface Child {
  proc: ChildProcessByStdio<Writable, Readable, null>;
  lines: AsyncIterableIterator<string>;
}

export async function start(role: string, env: Record<string, string>): Promise<{ child: Child; urls: Record<string, string> }> {
  const tsx = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
  const proc = spawn(process.execPath, [tsx, path.join(__dirname, 'servers.ts'), role], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: proc.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.done) throw new Error(`${role} process ended before it started`);
  return { child: { proc, lines }, urls: JSON.parse(first.value) };
}

export async function command(child: Child, line: string): Promise<unknown> {
  child.proc.stdin.write(`${line}\n`);
  const ans = await child.lines.next();
  return ans.done ? null : JSON.parse(ans.value);
}

/** Closes the children's stdin and waits for them to exit (SIGTERM after 5 s). */
export async function stopAll(children: Child[]): Promise<void> {
  for (const c of children) c.proc.stdin.end();
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.proc.exitCode !== null) return resolve();
          const t = setTimeout(() => {
            c.proc.kill('SIGTERM');
            resolve();
          }, 5000);
          c.proc.once('exit', () => {
            clearTimeout(t);
            resolve();
          });
        }),
    ),
  );
}

/** Percentile of sorted values (nearest rank). */
export function pct(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
