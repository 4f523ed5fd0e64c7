// The supervisor behind `npm start`: runs the embedded upstream and the gateway as child
// processes (their compiled JavaScript, run by node itself with no npx wrapper between, so a
// signal reaches the server), restarts one that crashes with a doubling backoff, and stops both on stop(). Each child holds an
// IPC channel to the supervisor and exits when it closes, so even a supervisor killed with
// SIGKILL leaves no server behind (the 'disconnect' handler in each server's main.ts).
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');
const fs = require('node:fs');
const net = require('node:net');

const root = path.resolve(__dirname, '..', '..');

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
    { name: 'gateway', file: 'gateway/dist/main.js', env: { ...common, PORT: String(port) } },
  ];
}

const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;
/** A child that ran this long before crashing starts again at the first backoff. */
const HEALTHY_AFTER_MS = 30_000;
const KILL_AFTER_MS = 5_000;

/**
 * Starts every spec and keeps it running. Returns { pids(), stop() }: stop() sends SIGTERM, then
 * SIGKILL to what is still running after 5 s, and resolves when every child has exited.
 */
function supervise(
  specs,
  { log = (m) => console.error(`[start] ${m}`), backoffFirstMs = BACKOFF_FIRST_MS, backoffMaxMs = BACKOFF_MAX_MS } = {},
) {
  let stopping = false;
  const missing = specs.filter((s) => !fs.existsSync(path.resolve(root, s.file)));
  if (missing.length) throw new Error(`not built: ${missing.map((s) => s.file).join(', ')} (run npm run build first)`);
  const state = specs.map((spec) => ({ spec, child: null, exited: Promise.resolve(), backoff: backoffFirstMs, timer: null, restarts: 0 }));

  const launch = (s) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, ['--enable-source-maps', s.spec.file], {
      cwd: root,
      env: s.spec.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    s.child = child;
    s.exited = new Promise((resolve) => child.once('exit', resolve));
    child.once('exit', (code, signal) => {
      s.child = null;
      if (stopping) return;
      if (Date.now() - startedAt >= HEALTHY_AFTER_MS) s.backoff = backoffFirstMs;
      const wait = s.backoff;
      s.backoff = Math.min(s.backoff * 2, backoffMaxMs);
      s.restarts += 1;
      log(`${s.spec.name} exited (${signal ?? `code ${code}`}); restarting in ${wait} ms`);
      s.timer = setTimeout(() => {
        s.timer = null;
        if (!stopping) launch(s);
      }, wait);
    });
  };
  for (const s of state) launch(s);

  return {
    pids: () => Object.fromEntries(state.map((s) => [s.spec.name, s.child?.pid ?? null])),
    restarts: () => Object.fromEntries(state.map((s) => [s.spec.name, s.restarts])),
    async stop() {
      stopping = true;
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

/**
 * Calls `stop` once the process that started this one is gone (its parent's id changes). Run
 * through npm, a SIGTERM sent to npm alone ends npm without passing the signal on: the
 * supervisor and both servers kept running, orphaned. Checked every `intervalMs`; returns a
 * function that stops watching.
 */
function stopWhenOrphaned(stop, { intervalMs = 1000, ppid = () => process.ppid } = {}) {
  const parent = ppid();
  const timer = setInterval(() => {
    if (ppid() === parent) return;
    clearInterval(timer);
    stop();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
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

module.exports = { serverSpecs, supervise, stopWhenOrphaned, freePort, root };
