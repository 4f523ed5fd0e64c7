/**
 * One isolate serves many pages at once: a region waiting for the gateway's answers does not hold
 * its thread, so the next page's render of that region starts meanwhile (a pool that ran one task
 * per thread made every page's region wait for the previous page's answers: under load, a
 * region with several calls queued for hundreds of ms before it even started). And a version's
 * breaker under many pages: what it keeps (a warm thread), what it does not count (the gateway's
 * load), and how many threads a version that crashes as it loads can cost.
 */
import fs from 'node:fs';
import { Isolates, ISOLATE_DEFAULTS } from '../src/ssr/isolates';
import { REMOTE_NAMES } from '@cfs/contracts';
import { stateJson } from '../src/ssr/state-json';
import { serverContainerDir } from './helpers';

jest.setTimeout(60_000);

/** A Module Federation container for Node whose './server' renders after one gateway call. */
const CONTAINER = `
const React = { createElement: (t, p, ...c) => ({ t, p, c }) };
let scope;
module.exports = {
  init: (s) => { scope = s; },
  get: async () => () => ({
    render: async ({ get }) => {
      const body = await get('/answer');
      const react = await scope.react[Object.keys(scope.react)[0]].get()();
      return { name: 'mf-test', element: react.createElement('p', null, body.text), data: {} };
    },
  }),
};
`;

describe('an isolate', () => {
  it('starts the next task while one waits for its answers', async () => {
    const dir = serverContainerDir('concurrent-isolate', CONTAINER);
    const isolate = Isolates.forBuild('mf-test', dir, { ...ISOLATE_DEFAULTS, budgetMs: 5_000, deadlineMs: 5_000 });
    const state = stateJson({ result: null } as never);
    const asked: string[] = [];
    const answers: (() => void)[] = [];
    // Each task's call is answered only once both tasks have asked: with one task per thread at a time, the second never asks.
    const get = (url: string) =>
      new Promise<string>((resolve) => {
        asked.push(url);
        answers.push(() => resolve(JSON.stringify({ text: `answer ${answers.length}` })));
        if (answers.length === 2) for (const answer of answers) answer();
      });
    try {
      const outcomes = await Promise.all(
        [1, 2].map(() => isolate.run({ kind: 'region', state }, get, { budgetMs: 5_000, deadlineMs: 5_000 })),
      );
      expect(asked).toEqual(['/answer', '/answer']);
      expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
      for (const o of outcomes) {
        if (!o.ok || !('region' in o.reply)) throw new Error('no region');
        expect(Buffer.from(o.reply.region.html).toString()).toMatch(/^<p>answer \d<\/p>$/);
      }
    } finally {
      await isolate.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps its warm thread while its breaker is open after renders that ran late, and the trial after the reset closes it', async () => {
    // Late for its first five renders (busy 80 ms, past a 30 ms budget), then quick.
    const SLOW = `
let renders = 0;
let scope;
module.exports = {
  init: (s) => { scope = s; },
  get: async () => () => ({
    render: async () => {
      if (++renders <= 5) { const t = Date.now(); while (Date.now() - t < 80) {} }
      const react = await scope.react[Object.keys(scope.react)[0]].get()();
      return { name: 'mf-test', element: react.createElement('p', null, 'render ' + renders), data: {} };
    },
  }),
};
`;
    const dir = serverContainerDir('slow-isolate', SLOW);
    const name = REMOTE_NAMES[0];
    const isolates = new Isolates(() => dir, {
      ...ISOLATE_DEFAULTS,
      budgetMs: 30,
      deadlineMs: 500,
      stuckAfterMs: 2_000,
      breakerVolume: 5,
      breakerResetMs: 300,
    });
    const state = stateJson({ result: null } as never);
    const none = () => Promise.reject(new Error('no calls'));
    try {
      const first = [];
      for (let i = 0; i < 6; i++) first.push(await isolates.region(name, 'v1', state, none));
      expect(first.slice(0, 5).map((o) => !o.ok && o.cause)).toEqual(['timeout', 'timeout', 'timeout', 'timeout', 'timeout']);
      expect(first[5]).toMatchObject({ ok: false, cause: 'open' });
      // The thread that rendered them is still there, warm.
      expect(isolates.threads()[`${name}@v1`]).toBe(1);
      await new Promise((r) => setTimeout(r, 400));
      const trial = await isolates.region(name, 'v1', state, none);
      expect(trial.ok).toBe(true);
      if (trial.ok && 'region' in trial.reply) expect(Buffer.from(trial.reply.region.html).toString()).toBe('<p>render 6</p>');
      expect((await isolates.region(name, 'v1', state, none)).ok).toBe(true);
    } finally {
      await isolates.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("does not hold a deadline spent waiting for the gateway's answers against the version (the gateway's load, not its fault)", async () => {
    const dir = serverContainerDir('waiting-isolate', CONTAINER);
    const name = REMOTE_NAMES[0];
    const isolates = new Isolates(() => dir, {
      ...ISOLATE_DEFAULTS,
      budgetMs: 50,
      deadlineMs: 150,
      breakerVolume: 5,
      breakerResetMs: 60_000,
    });
    const state = stateJson({ result: null } as never);
    // The gateway answers after 400 ms: each render waits past its deadline, having worked only a moment.
    const slowAnswer = () => new Promise<string>((r) => setTimeout(() => r(JSON.stringify({ text: 'late' })), 400));
    const quickAnswer = () => Promise.resolve(JSON.stringify({ text: 'on time' }));
    try {
      const late = await Promise.all(Array.from({ length: 8 }, () => isolates.region(name, 'v1', state, slowAnswer)));
      for (const o of late) expect(o).toMatchObject({ ok: false, cause: 'timeout', load: true });
      // Eight timeouts in a row, and the version's breaker is still closed: the next render is tried.
      const next = await isolates.region(name, 'v1', state, quickAnswer);
      expect(next.ok).toBe(true);
    } finally {
      await isolates.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('costs a version whose server code crashes as it loads a thread start per failing wave of pages until its breaker opens, then one per reset', async () => {
    // As a build would: a throw from a timer as its container loads, so each fresh thread dies at once.
    const CRASHES = `${CONTAINER}\n;setTimeout(() => { throw new Error('fault: thrown from a timer'); }, 0);\n`;
    const dir = serverContainerDir('crashing-isolate', CRASHES);
    const name = REMOTE_NAMES[0];
    const exits: string[] = [];
    const RESET_MS = 400;
    const isolates = new Isolates(() => dir, {
      ...ISOLATE_DEFAULTS,
      budgetMs: 2_000,
      deadlineMs: 2_000,
      breakerVolume: 5,
      breakerResetMs: RESET_MS,
      onIsolateExit: (_n, _v, cause) => exits.push(cause),
    });
    const state = stateJson({ result: null } as never);
    const answer = () => Promise.resolve(JSON.stringify({ text: 'answer' }));
    const causes: Record<string, number> = {};
    let waves = 0;
    /** When the breaker was first seen open, and the threads that had exited by then. */
    let openAt = 0;
    let exitsBeforeOpen = 0;
    try {
      // Waves of 4 pages at once, one after another, until the breaker has opened and 3 resets
      // have passed (30 s at most, for a machine far busier than it should be).
      const end = Date.now() + 3 * RESET_MS;
      const cap = Date.now() + 30_000;
      while ((Date.now() < end || !openAt) && Date.now() < cap) {
        const wave = await Promise.all(Array.from({ length: 4 }, () => isolates.region(name, 'v1', state, answer)));
        expect(wave.every((o) => !o.ok)).toBe(true);
        for (const o of wave) if (!o.ok) causes[o.cause] = (causes[o.cause] ?? 0) + 1;
        if (!openAt && causes.open) [openAt, exitsBeforeOpen] = [Date.now(), exits.length];
        else if (!openAt) waves++;
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(openAt).toBeGreaterThan(0);
      expect(causes.crash).toBeGreaterThan(0);
      expect(exits.every((c) => c === 'crash')).toBe(true);
      // Until it opened: one thread start per wave at most (the wave's pages share the fresh thread,
      // which dies once; its 5 failures took 2 waves). Then one trial per reset at most.
      expect(exitsBeforeOpen).toBeLessThanOrEqual(waves);
      expect(exits.length - exitsBeforeOpen).toBeLessThanOrEqual(Math.ceil((Date.now() - openAt) / RESET_MS));
      // The pages meanwhile were left to the browser at once (open), far more of them than crashed.
      expect(causes.open).toBeGreaterThan(causes.crash);
    } finally {
      await isolates.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
