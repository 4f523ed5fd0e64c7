import { FALLBACK_HEADER, IDENTITY_UNKNOWN } from '@cfs/contracts';
import { ACCOUNT_NOT_CHECKED, api, ApiError } from '../src';

/** An answer as fetch gives it, with the gateway's headers. */
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  ok: status >= 200 && status < 300,
  status,
  statusText: '',
  headers: new Headers(headers),
  text: async () => JSON.stringify(body),
});

describe('api', () => {
  let fetchSpy: jest.Mock;
  beforeEach(() => {
    fetchSpy = jest.fn();
    (globalThis as { fetch?: unknown }).fetch = fetchSpy;
  });

  it('answers the body of a 2xx and throws the error of any other', async () => {
    fetchSpy.mockResolvedValueOnce(answer(200, { savedSearches: [{ title: 'Fords' }] }));
    await expect(api('/account-api/savedsearches')).resolves.toEqual({ savedSearches: [{ title: 'Fords' }] });
    fetchSpy.mockResolvedValueOnce(answer(409, { error: 'Too many saved searches' }));
    await expect(api('/account-api/savedsearches', { method: 'POST', json: {} })).rejects.toMatchObject({
      status: 409,
      message: 'Too many saved searches',
    });
  });

  it("reads a list answered while the account could not be checked as a failure, never as the shopper's own", async () => {
    fetchSpy.mockResolvedValueOnce(answer(200, { savedSearches: [] }, { [FALLBACK_HEADER]: IDENTITY_UNKNOWN }));
    const read = api('/account-api/savedsearches');
    await expect(read).rejects.toBeInstanceOf(ApiError);
    await expect(read).rejects.toMatchObject({ status: 503, message: ACCOUNT_NOT_CHECKED });
    // Any other fallback of the gateway is an answer as before (an optional call's empty one, say).
    fetchSpy.mockResolvedValueOnce(answer(200, { modelYears: [] }, { [FALLBACK_HEADER]: 'open' }));
    await expect(api('/rest/lsc/crawl/modelyears')).resolves.toEqual({ modelYears: [] });
  });

  it('gives a write its outcome: it proceeded, as search-results §8 says', async () => {
    fetchSpy.mockResolvedValueOnce(answer(201, { ok: true }, { [FALLBACK_HEADER]: IDENTITY_UNKNOWN }));
    await expect(api('/account-api/email-subscriptions', { method: 'POST', json: { email: 'pat@example.com' } })).resolves.toEqual({
      ok: true,
    });
  });
});
