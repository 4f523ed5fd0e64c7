/**
 * A render's calls to the gateway (@cfs/contracts' isolate messages): the calls it makes at once
 * travel together, and their answers as they are ready, in any order and in any grouping. Each
 * answer reaches its own call, and the region's budget counts its own work, never the time it
 * waited for answers: a render that waits long for them still renders, and one that then works
 * past its budget does not.
 */
import fs from 'node:fs';
import { Isolates, ISOLATE_DEFAULTS } from '../src/ssr/isolates';
import { stateJson } from '../src/ssr/state-json';
import { serverContainerDir } from './helpers';

jest.setTimeout(60_000);

/**
 * A container whose './server' asks for five URLs at once, then a sixth, and renders what each
 * answered (or 'failed'); with `spinMs` in its state, it then works that long.
 */
const CONTAINER = `
let scope;
module.exports = {
  init: (s) => { scope = s; },
  get: async () => () => ({
    render: async ({ state, get }) => {
      const read = (url) => get(url).then((b) => url + '=' + b.n, () => url + '=failed');
      const first = await Promise.all(['/a', '/b', '/c', '/d', '/e'].map(read));
      const last = await read('/f');
      for (const t = Date.now(); Date.now() - t < (state.spinMs || 0); );
      const react = await scope.react[Object.keys(scope.react)[0]].get()();
      return { name: 'mf-test', element: react.createElement('p', null, [...first, last].join(' ')), data: {} };
    },
  }),
};
`;

const BUDGET = { budgetMs: 100, deadlineMs: 10_000 };

describe("a render's calls", () => {
  const dir = serverContainerDir('isolate-calls', CONTAINER);
  let isolate: ReturnType<typeof Isolates.forBuild>;
  beforeAll(async () => {
    // Room for a thread that works past its budget to answer the abort without being stopped as stuck.
    isolate = Isolates.forBuild('mf-test', dir, { ...ISOLATE_DEFAULTS, ...BUDGET, stuckAfterMs: 5_000 });
    // Loaded and warm (its container, React): loading is not what these tests time.
    const warm = await isolate.run({ kind: 'region', state: stateJson({ result: null } as never) }, get([]), {
      budgetMs: 10_000,
      deadlineMs: 10_000,
    });
    expect(warm.ok).toBe(true);
  });
  afterAll(async () => {
    await isolate.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Answers '/a'.. by their letter: '/c' fails, '/b' and '/f' come 300 ms after the others (longer than the budget). */
  const get = (asked: string[]) => (url: string) => {
    asked.push(url);
    const n = url.charCodeAt(1) - 96;
    if (url === '/c') return Promise.reject(new Error('/c answered 502'));
    const body = JSON.stringify({ n });
    return url === '/b' || url === '/f' ? new Promise<string>((r) => setTimeout(() => r(body), 300)) : Promise.resolve(body);
  };

  it('each answer reaches its own call, whatever order and grouping they come in; the waits are not counted', async () => {
    const asked: string[] = [];
    const outcome = await isolate.run({ kind: 'region', state: stateJson({ result: null } as never) }, get(asked), BUDGET);
    expect(asked).toEqual(['/a', '/b', '/c', '/d', '/e', '/f']);
    if (!outcome.ok || !('region' in outcome.reply)) throw new Error(`no region: ${JSON.stringify(outcome)}`);
    expect(Buffer.from(outcome.reply.region.html).toString()).toBe('<p>/a=1 /b=2 /c=failed /d=4 /e=5 /f=6</p>');
  });

  it('the budget counts the work after the last answer', async () => {
    const state = stateJson({ result: null, spinMs: 400 } as never);
    const outcome = await isolate.run({ kind: 'region', state }, get([]), BUDGET);
    expect(outcome).toMatchObject({ ok: false, cause: 'timeout' });
  });
});
