/**
 * The server-rendered first page searches with the brand's page size, as the browser's later
 * searches do (page-furniture §9: "a Ford page size of 25 becomes 30").
 */
import { startGateway, startUpstream, type TestGateway, type Upstream, PERSON, firstLoadState } from './helpers';

describe('the first page size', () => {
  let up: Upstream;
  let gw: TestGateway;
  beforeAll(async () => {
    up = await startUpstream();
    gw = await startGateway(up.url, { PAGE_SIZE: '25', BRAND_HOSTS: 'ford.test=ford' });
  });
  afterAll(async () => {
    await gw.close();
    await up.close();
  });

  it.each([
    ['ford.test', 30],
    ['localhost', 25],
  ])('on %s is %d listings with a configured 25', async (host, listings) => {
    const res = await gw.app.inject({ url: '/cars-for-sale?listingType=USED', headers: { ...PERSON, host } });
    expect(res.statusCode).toBe(200);
    const state = firstLoadState(res.body);
    expect(state.result!.listings).toHaveLength(listings);
    expect(state.config.pageSize).toBe(25);
  });
});
