/**
 * The isolates' watchdog stops a thread whose heartbeat falls silent for silentMs: an endless loop;
 * and a thread that does not acknowledge the abort of a render past its deadline within
 * stuckAfterMs. A thread silent or late because it waited for a core (a loaded machine: ready to
 * run, its turn not come) is not stuck, and is not stopped: stopping it would cost every render it
 * held and open its version's breaker. The thread's waits come from the run-queue clock
 * (run-queue.ts), given here so the test says how long the thread waited.
 */
import fs from 'node:fs';
import path from 'node:path';
import { compiledWorkerFile, Isolates, ISOLATE_DEFAULTS, type IsolateOptions } from '../src/ssr/isolates';
import { stateJson } from '../src/ssr/state-json';
import { serverContainerDir } from './helpers';

jest.setTimeout(60_000);

/** A container for Node whose render is busy, synchronously, for `busyMs`: no heartbeat meanwhile. */
const container = (busyMs: number) => `
let scope;
module.exports = {
  init: (s) => { scope = s; },
  get: async () => () => ({
    render: async () => {
      const react = await scope.react[Object.keys(scope.react)[0]].get()();
      const t = Date.now();
      while (Date.now() - t < ${busyMs}) {}
      return { name: 'mf-test', element: react.createElement('p', null, 'rendered'), data: {} };
    },
  }),
};
`;
/** Busy for 1.5 s. */
const BUSY = container(1500);
/** Answers at once. */
const QUICK = container(0);

const LIMITS = { budgetMs: 10_000, deadlineMs: 10_000 };

/** The heartbeat's watchdog alone: the render's limits are far off. */
const SILENT = { silentMs: 500, stuckAfterMs: 10_000, limits: LIMITS };
/** The abort's: the render's deadline passes while it is busy, and its heartbeat's silence is far off. */
const LATE = { silentMs: 10_000, stuckAfterMs: 300, limits: { budgetMs: 100, deadlineMs: 100 } };

async function renderBusy(runQueue: IsolateOptions['runQueue'], { silentMs, stuckAfterMs, limits } = SILENT) {
  const dir = serverContainerDir('isolate-watchdog', BUSY);
  const exits: string[] = [];
  const isolate = Isolates.forBuild('mf-test', dir, {
    ...ISOLATE_DEFAULTS,
    ...limits,
    silentMs,
    stuckAfterMs,
    runQueue,
    onIsolateExit: (_name, _version, cause) => exits.push(cause),
  });
  try {
    const outcome = await isolate.run({ kind: 'region', state: stateJson({ result: null } as never) }, () => Promise.resolve('{}'), limits);
    // Until the render's thread is done with it (it finished, or was stopped): a stop would show.
    await isolate.idle();
    return { outcome, exits };
  } finally {
    await isolate.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("an isolate's watchdog", () => {
  it('stops a thread silent past silentMs that did not wait for a core', async () => {
    const { outcome, exits } = await renderBusy({ waitedMs: () => 0, close: () => undefined });
    expect(exits).toEqual(['stuck']);
    expect(outcome.ok).toBe(false);
  });

  it('stops a silent thread where its waits cannot be read', async () => {
    const { outcome, exits } = await renderBusy({ waitedMs: () => null, close: () => undefined });
    expect(exits).toEqual(['stuck']);
    expect(outcome.ok).toBe(false);
  });

  it('leaves a thread whose silence went on waiting for a core, and its render answers', async () => {
    const since = Date.now();
    // Every millisecond since the thread began, waited for a core.
    const { outcome, exits } = await renderBusy({ waitedMs: () => Date.now() - since, close: () => undefined });
    expect(exits).toEqual([]);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok || !('region' in outcome.reply)) throw new Error('no region');
    expect(Buffer.from(outcome.reply.region.html).toString()).toBe('<p>rendered</p>');
  });

  it('stops a thread that does not acknowledge an abort within stuckAfterMs, not waiting for a core', async () => {
    const { outcome, exits } = await renderBusy({ waitedMs: () => 0, close: () => undefined }, LATE);
    expect(outcome).toMatchObject({ ok: false, cause: 'timeout' });
    expect(exits).toEqual(['stuck']);
  });

  it('leaves a thread late to acknowledge an abort because it waited for a core', async () => {
    const since = Date.now();
    const { outcome, exits } = await renderBusy({ waitedMs: () => Date.now() - since, close: () => undefined }, LATE);
    // The region is left to the browser at its deadline (which counts everything); its thread stays.
    expect(outcome).toMatchObject({ ok: false, cause: 'timeout' });
    expect(exits).toEqual([]);
  });

  it("counts a thread's silence from its first heartbeat: one slow to start is left, and its render answers", async () => {
    const dir = serverContainerDir('isolate-watchdog', QUICK);
    // The isolate's own file, after 1.5 s of synchronous work: a thread that starts slowly, as on a
    // machine starting every isolate at once; no heartbeat until the isolate's code runs.
    const slowStart = path.join(dir, 'slow-start-worker.js');
    fs.writeFileSync(
      slowStart,
      `const t = Date.now(); while (Date.now() - t < 1500) {}\nmodule.exports = require(${JSON.stringify(compiledWorkerFile())});\n`,
    );
    const exits: string[] = [];
    const isolate = Isolates.forBuild('mf-test', dir, {
      ...ISOLATE_DEFAULTS,
      ...LIMITS,
      silentMs: 500,
      stuckAfterMs: 10_000,
      // The render waits for the thread to start (not the watchdog's concern here).
      queueMs: 10_000,
      workerFile: slowStart,
      runQueue: { waitedMs: () => 0, close: () => undefined },
      onIsolateExit: (_name, _version, cause) => exits.push(cause),
    });
    try {
      const outcome = await isolate.run(
        { kind: 'region', state: stateJson({ result: null } as never) },
        () => Promise.resolve('{}'),
        LIMITS,
      );
      expect(exits).toEqual([]);
      expect(outcome.ok).toBe(true);
    } finally {
      await isolate.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
