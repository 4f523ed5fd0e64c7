/**
 * Trim membership on the page (page-furniture §2: "The trimCode is kept only if it belongs to the
 * make and model"): a trim that does not belong is dropped by a 301; one that does is kept; a
 * lookup that cannot answer keeps it (never a 5xx); a URL of many makes and models looks up at
 * most MAX_PAIRS of them.
 */
import { MAX_PAIRS } from '../src/page/trims';
import { startGateway, startUpstream, type TestGateway, type Upstream, PERSON } from './helpers';

describe('a trim on the page', () => {
  let up: Upstream;
  let gw: TestGateway;
  let f150Trim: string;
  beforeAll(async () => {
    up = await startUpstream();
    gw = await startGateway(up.url);
    const trims = await gw.app.inject({ url: '/rest/lsc/crawl/trims?makeCode=FORD&modelCode=F150' });
    f150Trim = (trims.json() as { trims: { code: string }[] }).trims[0].code;
  });
  afterAll(async () => {
    await gw.close();
    await up.close();
  });
  afterEach(() => up.clearFaults());

  const page = (url: string) => gw.app.inject({ url, headers: PERSON });
  /** Where a URL lands: its normal form (after its 301, if any) and that page's status. */
  const land = async (url: string) => {
    const first = await page(url);
    const at = first.statusCode === 301 ? (first.headers.location as string) : url;
    const res = first.statusCode === 301 ? await page(at) : first;
    return { at, status: res.statusCode, trims: new URL(at, 'http://x').searchParams.getAll('trimCode') };
  };

  it('that does not belong to the make and model is dropped by a 301', async () => {
    const res = await page('/cars-for-sale?makeCode=FORD&modelCode=F150&listingType=USED&trimCode=XYZFOO');
    expect(res.statusCode).toBe(301);
    const without = await land('/cars-for-sale?makeCode=FORD&modelCode=F150&listingType=USED');
    expect(res.headers.location).toBe(without.at);
    expect(without.status).toBe(200);
  });

  it('that belongs is kept, beside one that does not', async () => {
    expect(f150Trim).toBeTruthy();
    const kept = await land(`/cars-for-sale?makeCode=FORD&modelCode=F150&trimCode=${f150Trim}`);
    expect(kept).toMatchObject({ status: 200, trims: [f150Trim] });
    const mixed = await land(`/cars-for-sale?makeCode=FORD&modelCode=F150&trimCode=${f150Trim}&trimCode=XYZFOO`);
    expect(mixed).toMatchObject({ status: 200, trims: [f150Trim] });
  });

  it('is kept when the lookup cannot answer, and the page still answers', async () => {
    await up.fault('trims', { status: 503 });
    const res = await land('/cars-for-sale?makeCode=TOYOTA&modelCode=CAMRY&trimCode=XYZFOO');
    expect(res).toMatchObject({ status: 200, trims: ['XYZFOO'] });
  });

  it(`is looked up for at most ${MAX_PAIRS} make and model pairs, whatever the URL names`, async () => {
    const before = await lookups();
    const makes = ['FORD', 'TOYOTA', 'HONDA'].map((m) => `makeCode=${m}`).join('&');
    const models = ['F150', 'CAMRY', 'CIVIC', 'ACCORD'].map((m) => `modelCode=${m}`).join('&');
    const res = await page(`/cars-for-sale?${makes}&${models}&trimCode=NEVERSEEN1`);
    expect(res.statusCode).toBeLessThan(500);
    expect((await lookups()) - before).toBeLessThanOrEqual(MAX_PAIRS);
  });

  /** Calls of the trims lookup the gateway made, by its breaker's count. */
  async function lookups(): Promise<number> {
    const stats = gw.client.breakers.get('trims')!.stats;
    return stats.fires;
  }
});
