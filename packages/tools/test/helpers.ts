/**
 * What the tests of the servers of `npm start` share: waiting for a condition, whether a process
 * or a port is still there, plain GETs, and the processes under a process (Linux /proc).
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { procStat } from '../supervise.cjs';

export const alive = (pid: number | null) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export async function until<T>(what: string, probe: () => Promise<T | null | false> | T | null | false, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The status of a GET (fetch: keep-alive), or null when nothing answers. */
export const answers = async (url: string) => {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).status;
  } catch {
    return null;
  }
};

export type Outcome = { status: number; body: string } | { error: string };

/** A GET on a new connection (so a cluster primary hands each one to the next worker): its answer, or the error code. */
export function get(port: number, path: string, timeoutMs = 5000): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timed out'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

/** Whether a TCP connection to the port is refused (nothing listens there). */
export function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

/** The processes a process started (its children, or every descendant), running now. */
export function childrenOf(pid: number, { all = false } = {}): number[] {
  const byParent = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (!stat || stat.state === 'Z') continue;
    byParent.set(stat.ppid, [...(byParent.get(stat.ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [...(byParent.get(pid) ?? [])];
  while (queue.length) {
    const p = queue.shift()!;
    found.push(p);
    if (all) queue.push(...(byParent.get(p) ?? []));
  }
  return found;
}

/** The inode of the server's end of a TCP connection on 127.0.0.1 (server port, client port), from /proc/net/tcp. */
function serverSocketInode(serverPort: number, clientPort: number): string | null {
  const hex = (p: number) => p.toString(16).toUpperCase().padStart(4, '0');
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length > 9 && f[1].endsWith(`:${hex(serverPort)}`) && f[2].endsWith(`:${hex(clientPort)}`)) return f[9];
  }
  return null;
}

/** Which of `pids` holds a socket (by inode) open. */
function holderOf(inode: string, pids: number[]): number | null {
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return null;
}

export interface Pinned {
  /** The process, of those asked about, that holds the server's end of this connection. */
  pid: number | null;
  get(path: string): Promise<Outcome>;
  close(): void;
}

/** One kept-alive connection to 127.0.0.1:port (every GET on it goes to the same server process), and which of `pids` serves it. */
export async function pinnedConnection(port: number, path: string, pids: number[]): Promise<Pinned> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let clientPort = 0;
  const get = (p: string) =>
    new Promise<Outcome>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: p, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('socket', (s) => (s.localPort ? (clientPort = s.localPort) : s.once('connect', () => (clientPort = s.localPort ?? 0))));
      req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
  await get(path);
  const inode = serverSocketInode(port, clientPort);
  return { pid: inode ? holderOf(inode, pids) : null, get, close: () => agent.destroy() };
}
