// The supervisor behind `npm start`: runs the embedded upstream and the gateway as child
// processes (their compiled JavaScript, run by node itself with no npx wrapper between, so a
// signal reaches the server), restarts one that crashes with a doubling backoff (back to the
// first wait after a healthy run, and at once when the gateway's registry changes meanwhile: a
// rollback never waits out a backoff), and stops both on stop(). Each child holds an IPC channel
// to the supervisor and exits when it closes, so even a supervisor killed with SIGKILL leaves no
// server behind (the 'disconnect' handler in each server's main.ts); and the supervisor stops
// them once any process of the `npm start` chain that started it is gone (stopWhenOrphaned).
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');
const fs = require('node:fs');
const net = require('node:net');
const { RestartBackoff, watchFile } = require('./restart.cjs');

const root = path.resolve(__dirname, '..', '..');

/**
 * Node options of the gateway's processes (and of the isolates' threads in them: V8's flags hold
 * for every heap of a process). A young generation of 32 MB semi-spaces instead of V8's 16 MB: a
 * page's objects (its state, answers, HTML) die young, and in the smaller one many were copied
 * into the old generation first, collected again there. Measured with the page bench at 2
 * processes, runs interleaved on one machine: 4 to 5 % more pages/s than the run just before,
 * 3 to 4 % less gateway CPU per page, for about 25 % more RSS (1.4 GB to 1.8 GB).
 * `npm start -w gateway` runs with the same options (its start script; supervise.test.ts holds
 * the two equal).
 */
const GATEWAY_NODE_ARGS = ['--max-semi-space-size=32'];

/**
 * glibc's malloc settings for the gateway's processes (GLIBC_TUNABLES; an operator's own setting
 * wins, and a C library other than glibc ignores it). Each page allocates some megabytes outside
 * V8's heap and frees them: a brotli encoder's window and tables per compressed page (about
 * 1 MB), the page's and the answers' buffers. By default a block over 128 KB (the threshold then
 * grows with what is freed) is a mapping of its own, and free memory at the top of a heap is given
 * back to the kernel past twice that: so the next page faults the same memory in again, zeroed
 * page by page, and the kernel's work per fault is dear on virtual machines. Blocks up to 4 MB now
 * come from malloc's heaps, which keep up to 32 MB free before giving it back. Page bench, one
 * process, runs interleaved on one machine: 132 and 137 page faults per page before, 75 to 82
 * after; the gateway's CPU in the kernel 12.2 and 12.9 % before, 10 to 11.4 % after; RSS some
 * 50 to 90 MB more (of about 1 GB).
 * `npm start -w gateway` runs with the same setting (its start script; supervise.test.ts holds
 * the two equal).
 */
const GATEWAY_MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=4194304:glibc.malloc.trim_threshold=33554432';

/** The two servers of `npm start`. */
function serverSpecs({ upstreamPort, port, env = process.env }) {
  // The servers run as in production unless told otherwise: React's server renderer (the regions'
  // server containers) is its production build, several times faster than the development one.
  const common = {
    ...env,
    NODE_ENV: env.NODE_ENV || 'production',
    UPSTREAM_URL: env.UPSTREAM_URL || `http://127.0.0.1:${upstreamPort}`,
  };
  return [
    { name: 'upstream', file: 'packages/upstream/dist/main.js', env: { ...common, PORT: String(upstreamPort) } },
    // A switch of the registry starts at once a gateway that waits out its backoff (a rollback).
    {
      name: 'gateway',
      file: 'gateway/dist/main.js',
      nodeArgs: GATEWAY_NODE_ARGS,
      env: { ...common, PORT: String(port), GLIBC_TUNABLES: env.GLIBC_TUNABLES || GATEWAY_MALLOC_TUNABLES },
      watch: registryFile(env),
    },
  ];
}

/** The gateway's registry file (GATEWAY_DATA_DIR, relative to the repository root where the servers run). */
function registryFile(env = process.env) {
  return path.join(path.resolve(root, env.GATEWAY_DATA_DIR || path.join('gateway', '.data')), 'registry.json');
}

const KILL_AFTER_MS = 5_000;

/**
 * Starts every spec ({ name, file, env, nodeArgs?, watch? }) and keeps it running with restart.cjs's policy: a
 * child that exits starts again after a wait that doubles from backoffFirstMs to backoffMaxMs
 * (0.5 s to 30 s), back to backoffFirstMs for a child that ran healthyAfterMs (30 s) before it
 * exited; while a child waits, a change of its `watch` file starts it at once. Returns { pids(), restarts(), stop() }: stop() sends SIGTERM, then
 * SIGKILL to what is still running after 5 s, and resolves when every child has exited.
 * @param {any[]} specs
 * @param {{ log?: (m: string) => void, backoffFirstMs?: number, backoffMaxMs?: number, healthyAfterMs?: number }} [options]
 */
function supervise(specs, { log = (m) => console.error(`[start] ${m}`), backoffFirstMs, backoffMaxMs, healthyAfterMs } = {}) {
  let stopping = false;
  const missing = specs.filter((s) => !fs.existsSync(path.resolve(root, s.file)));
  if (missing.length) throw new Error(`not built: ${missing.map((s) => s.file).join(', ')} (run npm run build first)`);
  const backoff = () => new RestartBackoff({ firstMs: backoffFirstMs, maxMs: backoffMaxMs, healthyAfterMs });
  const state = specs.map((spec) => ({ spec, child: null, exited: Promise.resolve(), backoff: backoff(), timer: null, restarts: 0 }));

  const launch = (s) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, ['--enable-source-maps', ...(s.spec.nodeArgs ?? []), s.spec.file], {
      cwd: root,
      env: s.spec.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    s.child = child;
    s.exited = new Promise((resolve) => child.once('exit', resolve));
    child.once('exit', (code, signal) => {
      s.child = null;
      if (stopping) return;
      const wait = s.backoff.afterExit(Date.now() - startedAt);
      s.restarts += 1;
      log(`${s.spec.name} exited (${signal ?? `code ${code}`}); restarting in ${wait} ms`);
      s.timer = setTimeout(() => {
        s.timer = null;
        if (!stopping) launch(s);
      }, wait);
    });
  };
  for (const s of state) launch(s);
  const unwatch = state
    .filter((s) => s.spec.watch)
    .map((s) =>
      watchFile(s.spec.watch, () => {
        if (!s.timer || stopping) return;
        clearTimeout(s.timer);
        s.timer = null;
        log(`${s.spec.name}: ${path.basename(s.spec.watch)} changed; starting it now`);
        launch(s);
      }),
    );

  return {
    pids: () => Object.fromEntries(state.map((s) => [s.spec.name, s.child?.pid ?? null])),
    restarts: () => Object.fromEntries(state.map((s) => [s.spec.name, s.restarts])),
    async stop() {
      stopping = true;
      for (const stopWatching of unwatch) stopWatching();
      for (const s of state) if (s.timer) clearTimeout(s.timer);
      const running = state.filter((s) => s.child);
      for (const s of running) s.child.kill('SIGTERM');
      const kill = setTimeout(() => {
        for (const s of running) if (s.child) s.child.kill('SIGKILL');
      }, KILL_AFTER_MS);
      await Promise.all(running.map((s) => s.exited));
      clearTimeout(kill);
    },
  };
}

/** A process's state, parent and start time (in clock ticks since boot), from /proc; null if it is gone or there is no /proc. */
function procStat(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid ... starttime (field 22); comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], ppid: Number(fields[1]), start: fields[19] };
  } catch {
    return null;
  }
}

/** Whether a process runs an npm script (npm puts npm_lifecycle_event in a script's environment, not in its own). */
function runsNpmScript(pid) {
  try {
    return fs
      .readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .some((e) => e.startsWith('npm_lifecycle_event='));
  } catch {
    return false;
  }
}

/**
 * The processes that started this one, whose end ends `npm start`: the parent, and, while an
 * ancestor runs an npm script, the next one up, so that under npm the chain is `sh -c` (which
 * outlives an npm killed with SIGKILL) and npm itself; never the process that started npm, nor
 * pid 1. Each is { pid, start } (the start time tells a pid reused by another process apart).
 * Without /proc: the parent alone (stopWhenOrphaned also watches the parent's id).
 */
function starterChain(pid = process.pid) {
  const chain = [];
  let p = procStat(pid)?.ppid;
  while (p && p > 1) {
    const stat = procStat(p);
    if (!stat) break;
    chain.push({ pid: p, start: stat.start });
    if (!runsNpmScript(p)) break;
    p = stat.ppid;
  }
  return chain;
}

/** Whether a process of the chain still runs (not exited, not a zombie, not another process under its pid). */
function stillRunning({ pid, start }) {
  const stat = procStat(pid);
  return stat !== null && stat.start === start && stat.state !== 'Z' && stat.state !== 'X';
}

/**
 * Calls `stop` once the process that started this one is gone (its parent's id changes), or any
 * process of the chain that started it (starterChain: under npm, `sh -c` and npm itself). Run
 * through npm, a SIGTERM sent to npm alone ends npm without passing the signal on, and a SIGKILL
 * to npm leaves its `sh -c` running: the supervisor and both servers kept running, orphaned.
 * Checked every `intervalMs`; returns a function that stops watching.
 */
function stopWhenOrphaned(stop, { intervalMs = 1000, ppid = () => process.ppid, chain = starterChain(), running = stillRunning } = {}) {
  const parent = ppid();
  const timer = setInterval(() => {
    if (ppid() === parent && chain.every(running)) return;
    clearInterval(timer);
    stop();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * What `npm start` runs once everything is built and published (start.mjs), and the tests run as
 * it: both servers under the supervisor, stopped, and this process ended, on SIGINT, SIGTERM or
 * SIGHUP, or once the processes that started it are gone. Returns the supervisor.
 */
function runServers({
  upstreamPort,
  port,
  env = process.env,
  orphanCheckMs = 1000,
  log = (m) => console.error(`[start] ${m}`),
  ...options
}) {
  const servers = supervise(serverSpecs({ upstreamPort, port, env }), { log, ...options });
  let stopping = false;
  const stop = (why) => {
    if (stopping) return;
    stopping = true;
    log(`${why}: stopping the gateway and the upstream`);
    void servers.stop().then(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
  // npm ended (a SIGTERM to npm alone is not passed on; a SIGKILL leaves its sh): the servers stop with it.
  stopWhenOrphaned(() => stop('npm exited'), { intervalMs: orphanCheckMs });
  return servers;
}

/** A TCP port free on 127.0.0.1 right now, for servers started on free ports (benchmarks, tests). */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

module.exports = {
  GATEWAY_NODE_ARGS,
  GATEWAY_MALLOC_TUNABLES,
  serverSpecs,
  supervise,
  runServers,
  stopWhenOrphaned,
  starterChain,
  procStat,
  registryFile,
  freePort,
  root,
};
