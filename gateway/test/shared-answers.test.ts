/**
 * The answers signed-out pages' regions share: kept a few seconds, served stale while one request
 * refreshes them, never kept when they fail, never used for a signed-in shopper.
 */
import { REMOTE_NAMES } from '@cfs/contracts';
import { SharedAnswers } from '../src/ssr/shared-answers';
import { builtDist, deploy, startGateway, startUpstream, type TestGateway, type Upstream } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SharedAnswers', () => {
  it('keeps an answer for its ttl, then serves it stale once while it is refreshed', async () => {
    const lookups: string[] = [];
    const answers = new SharedAnswers({ ttlMs: 60, onLookup: (r) => lookups.push(r) });
    let n = 0;
    const ask = jest.fn(async () => `answer ${++n}`);
    expect(await answers.get('k', ask)).toBe('answer 1');
    expect(await answers.get('k', ask)).toBe('answer 1');
    expect(ask).toHaveBeenCalledTimes(1);
    await sleep(80);
    // Stale: this page gets the kept answer, and asks for the next one.
    expect(await answers.get('k', ask)).toBe('answer 1');
    await sleep(5);
    expect(ask).toHaveBeenCalledTimes(2);
    expect(await answers.get('k', ask)).toBe('answer 2');
    expect(lookups).toEqual(['miss', 'fresh', 'stale', 'fresh']);
  });

  it('asks once for pages asking at the same moment, and keeps no failure', async () => {
    const answers = new SharedAnswers({ ttlMs: 1000 });
    let release!: (v: string) => void;
    const ask = jest.fn(() => new Promise<string>((r) => (release = r)));
    const both = Promise.all([answers.get('k', ask), answers.get('k', ask)]);
    release('one answer');
    expect(await both).toEqual(['one answer', 'one answer']);
    expect(ask).toHaveBeenCalledTimes(1);

    const failing = jest.fn(async () => {
      throw new Error('503');
    });
    await expect(answers.get('f', failing)).rejects.toThrow('503');
    await expect(answers.get('f', failing)).rejects.toThrow('503');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing with a ttl of 0', async () => {
    const answers = new SharedAnswers({ ttlMs: 0 });
    const ask = jest.fn(async () => 'a');
    await answers.get('k', ask);
    await answers.get('k', ask);
    expect(ask).toHaveBeenCalledTimes(2);
  });
});

describe('pages share their regions’ answers, signed out only', () => {
  let up: Upstream;
  let gw: TestGateway;
  const PERSON = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36' };
  const PAGE = '/cars-for-sale?listingType=USED';

  beforeAll(async () => {
    up = await startUpstream();
    gw = await startGateway(up.url, { SSR_BUDGET_MS: '1500', SSR_SHARED_ANSWERS_MS: '60000', WARM_UP_PATHS: 'none' });
    for (const name of REMOTE_NAMES) await deploy(gw.store, name, builtDist(name));
  });
  afterAll(async () => {
    await gw?.close();
    await up?.close();
  });

  const fired = async () => {
    const text = (await gw.app.inject('/metrics')).body;
    return Number(/gateway_breaker_events_total\{name="premiumSpotlight",event="fire"\} (\d+)/.exec(text)?.[1] ?? NaN);
  };
  const page = async (headers: Record<string, string> = {}) => {
    const res = await gw.app.inject({ url: PAGE, headers: { ...PERSON, ...headers } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('a second signed-out page asks the upstream nothing its regions asked already; a signed-in one asks for itself', async () => {
    await page();
    const before = await fired();
    const second = await page();
    expect(await fired()).toBe(before);
    // The kept answer still travels beside the regions for the browser.
    expect(second).toMatch(/data-region-data="">\{"\/rest\/lsc\/listing\/spotlight\/premiumresults/);

    await page({ cookie: `${gw.config.sessionCookie}=someone` });
    expect(await fired()).toBe(before + 1);
    expect((await gw.app.inject('/metrics')).body).toMatch(/gateway_ssr_shared_answers_total\{result="fresh"\} [1-9]/);
  });
});
