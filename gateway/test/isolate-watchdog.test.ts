/**
 * The isolates' watchdog stops a thread whose heartbeat falls silent for silentMs: an endless loop.
 * A thread silent because it waited for a core (a loaded machine: ready to run, its turn not come)
 * is not stuck, and is not stopped: stopping it would cost every render it held and open its
 * version's breaker. The thread's waits come from the run-queue clock (run-queue.ts), given here
 * so the test says how long the thread waited.
 */
import fs from 'node:fs';
import { Isolates, ISOLATE_DEFAULTS, type IsolateOptions } from '../src/ssr/isolates';
import { stateJson } from '../src/ssr/state-json';
import { serverContainerDir } from './helpers';

jest.setTimeout(60_000);

/** A container for Node whose render is busy, synchronously, for 1.5 s: no heartbeat meanwhile. */
const BUSY = `
let scope;
module.exports = {
  init: (s) => { scope = s; },
  get: async () => () => ({
    render: async () => {
      const react = await scope.react[Object.keys(scope.react)[0]].get()();
      const t = Date.now();
      while (Date.now() - t < 1500) {}
      return { name: 'mf-test', element: react.createElement('p', null, 'rendered'), data: {} };
    },
  }),
};
`;

const LIMITS = { budgetMs: 10_000, deadlineMs: 10_000 };

async function renderBusy(runQueue: IsolateOptions['runQueue']) {
  const dir = serverContainerDir('isolate-watchdog', BUSY);
  const exits: string[] = [];
  const isolate = Isolates.forBuild('mf-test', dir, {
    ...ISOLATE_DEFAULTS,
    ...LIMITS,
    silentMs: 500,
    stuckAfterMs: 10_000,
    runQueue,
    onIsolateExit: (_name, _version, cause) => exits.push(cause),
  });
  try {
    const outcome = await isolate.run({ kind: 'region', state: stateJson({ result: null } as never) }, () => Promise.resolve('{}'), LIMITS);
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
});
