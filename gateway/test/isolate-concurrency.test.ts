/**
 * One isolate serves many pages at once: a region waiting for the gateway's answers does not hold
 * its thread, so the next page's render of that region starts meanwhile (a pool that ran one task
 * per thread made every page's region wait for the previous page's answers: under load, a
 * region with several calls queued for hundreds of ms before it even started).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Isolates, ISOLATE_DEFAULTS } from '../src/ssr/isolates';
import { stateJson } from '../src/ssr/state-json';
import { tmpDir } from './helpers';

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
    const dir = tmpDir('concurrent-isolate');
    fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'server', 'remoteEntry.js'), CONTAINER);
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
});
