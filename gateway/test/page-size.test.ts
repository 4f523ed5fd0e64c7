/**
 * The server-rendered first page searches with the brand's page size, as the browser's later
 * searches do (page-furniture §9: "a Ford page size of 25 becomes 30").
 */
import { startAround, type TestGateway, PERSON, firstLoadState } from './helpers';

describe('the first page size', () => {
  let gw: TestGateway;
  startAround((both) => ({ gw } = both), { PAGE_SIZE: '25', BRAND_HOSTS: 'ford.test=ford' });

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
