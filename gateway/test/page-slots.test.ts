/**
 * Pages render in turn (SSR_PAGES_AT_ONCE): at most so many at once in a process, the others
 * waiting in order of arrival, and none waiting past SSR_PAGE_WAIT_MS.
 */
import { REMOTE_NAMES } from '@cfs/contracts';
import { pageSlots, type SlotOutcome } from '../src/ssr/page-slots';
import { builtDist, deploy, startGateway, startUpstream, type TestGateway, type Upstream } from './helpers';

/** A render that ends when told to, recording its start. */
function renders() {
  const started: string[] = [];
  const ends = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
  const render = (name: string) => () =>
    new Promise<string>((resolve, reject) => {
      started.push(name);
      ends.set(name, { resolve: () => resolve(name), reject });
    });
  return { started, render, end: (name: string) => ends.get(name)!.resolve(), fail: (name: string, e: Error) => ends.get(name)!.reject(e) };
}

/** Lets promise callbacks (the slots' hand-overs) run. */
const settle = () => new Promise((r) => setImmediate(r));

describe('pageSlots', () => {
  it('renders so many pages at once, and the others in order of arrival as slots free', async () => {
    const turns: SlotOutcome[] = [];
    const inTurn = pageSlots(2, 60_000, (outcome) => turns.push(outcome));
    const r = renders();
    const pages = ['a', 'b', 'c', 'd'].map((n) => inTurn(r.render(n)));
    await settle();
    expect(r.started).toEqual(['a', 'b']);
    r.end('b');
    await settle();
    expect(r.started).toEqual(['a', 'b', 'c']);
    r.end('a');
    await settle();
    expect(r.started).toEqual(['a', 'b', 'c', 'd']);
    r.end('c');
    r.end('d');
    expect(await Promise.all(pages)).toEqual(['a', 'b', 'c', 'd']);
    expect(turns).toEqual(['slot', 'slot', 'slot', 'slot']);
  });

  it('frees the slot of a render that fails, and its page gets the failure', async () => {
    const inTurn = pageSlots(1, 60_000);
    const r = renders();
    const first = inTurn(r.render('a'));
    const second = inTurn(r.render('b'));
    await settle();
    r.fail('a', new Error('the frame could not be rendered'));
    await expect(first).rejects.toThrow('the frame could not be rendered');
    await settle();
    expect(r.started).toEqual(['a', 'b']);
    r.end('b');
    await expect(second).resolves.toBe('b');
  });

  it('a page that has waited its limit goes on without a slot, and the slot it leaves goes to the next page', async () => {
    const turns: [SlotOutcome, number][] = [];
    const inTurn = pageSlots(1, 30, (outcome, waited) => turns.push([outcome, waited]));
    const r = renders();
    const pages = [inTurn(r.render('a')), inTurn(r.render('b'))];
    await new Promise((res) => setTimeout(res, 60));
    // 'a' still holds the only slot: 'b' went on after its 30 ms.
    expect(r.started).toEqual(['a', 'b']);
    const third = inTurn(r.render('c'));
    r.end('a');
    await settle();
    // 'b' no longer needs its place in the queue: 'c' has the slot at once, and 'b' is not rendered twice.
    expect(r.started).toEqual(['a', 'b', 'c']);
    r.end('b');
    r.end('c');
    expect(await Promise.all([...pages, third])).toEqual(['a', 'b', 'c']);
    expect(turns.map(([o]) => o)).toEqual(['slot', 'waited-out', 'slot']);
    expect(turns[1][1]).toBeGreaterThanOrEqual(29);
  });

  it('0 is no limit', async () => {
    const r = renders();
    const inTurn = pageSlots(0, 1);
    const pages = ['a', 'b', 'c'].map((n) => inTurn(r.render(n)));
    await settle();
    expect(r.started).toEqual(['a', 'b', 'c']);
    for (const n of ['a', 'b', 'c']) r.end(n);
    expect(await Promise.all(pages)).toEqual(['a', 'b', 'c']);
  });
});

describe('the gateway renders pages in turn', () => {
  let up: Upstream;
  let gw: TestGateway;
  const PERSON = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36' };

  beforeAll(async () => {
    up = await startUpstream();
    gw = await startGateway(up.url, { SSR_BUDGET_MS: '1500', SSR_PAGES_AT_ONCE: '1', SSR_PAGE_WAIT_MS: '60000', WARM_UP_PATHS: 'none' });
    for (const name of REMOTE_NAMES) await deploy(gw.store, name, builtDist(name));
  });
  afterAll(async () => {
    await gw?.close();
    await up?.close();
  });

  const waits = async (outcome: SlotOutcome) => {
    const text = (await gw.app.inject('/metrics')).body;
    return Number(new RegExp(`gateway_page_wait_seconds_count\\{outcome="${outcome}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  };

  it('pages asked for together, one at a time in turn, are each whole and server-rendered; a redirect takes no turn', async () => {
    const before = await waits('slot');
    const urls = ['USED', 'NEW', 'CERTIFIED', 'USED&makeCode=FORD'].map((t) => `/cars-for-sale?listingType=${t}`);
    const pages = await Promise.all(urls.map((url) => gw.app.inject({ url, headers: PERSON })));
    for (const res of pages) {
      expect(res.statusCode).toBe(200);
      expect(res.body.match(/ data-ssr=""/g)).toHaveLength(REMOTE_NAMES.length);
    }
    expect(await waits('slot')).toBe(before + urls.length);
    expect(await waits('waited-out')).toBe(0);

    const redirect = await gw.app.inject({ url: '/cars-for-sale?makeCode=FORD&listingType=USED', headers: PERSON });
    expect(redirect.statusCode).toBe(301);
    expect(await waits('slot')).toBe(before + urls.length);
  });
});
