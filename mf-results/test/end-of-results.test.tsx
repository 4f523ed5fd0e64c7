import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, SUBSCRIBE_TEXTS, type Bus, type Listing, type SearchQuery, type SearchResult } from '@cfs/contracts';
import { BusContext, RegionDataContext, type RegionData } from '@cfs/remote-kit';
import { answer } from '@cfs/test-kit';
import { EndOfResults } from '../src/components/EndOfResults';
import { ResultsGrid } from '../src/components/ResultsGrid';
import { loadEndOfResults } from '../src/components/LazyEndOfResults';
import { API_PATHS } from '@cfs/contracts';
import { EMAIL_SUBSCRIBE_KEY } from '@cfs/remote-kit';
import {
  emailCaptureShown,
  END_TEXT,
  freshListings,
  hasLocationType,
  isLastPage,
  radiusSet,
  similarRequested,
  similarToId,
  similarUrl,
  supplementalRequested,
  supplementalUrl,
  type CaptureContext,
} from '../src/rules/end-of-results';
import { busWith, listing, owner, tierData } from './fixtures';

const NEAR: SearchQuery = { zip: '30301', searchRadius: 25 };
const SEARCH: SearchQuery = { ...NEAR, listingType: ['USED'], makeCode: ['HYUND'] };

/** A search answer of listings `ids` (with their owners), found `total`. */
function answerOf(ids: string[], total = ids.length): SearchResult {
  return { listings: ids.map((id) => listing(id)), owners: ids.map((id) => owner(`D${id}`)), totalResultCount: total };
}

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

describe('end-of-results conditions', () => {
  it.each<[string, SearchQuery, boolean]>([
    ['a ZIP and a radius', NEAR, true],
    ['a radius of 100', { zip: '30301', searchRadius: 100 }, true],
    ['radius 0 (nationwide)', { zip: '30301', searchRadius: 0 }, false],
    ['no radius', { zip: '30301' }, false],
    ['a radius without a ZIP', { searchRadius: 25 }, false],
    ['a ZIP that is not 5 digits', { zip: '3030', searchRadius: 25 }, false],
  ])('with %s a radius is set: %s', (_, q, expected) => {
    expect(radiusSet(q)).toBe(expected);
  });

  it.each<[string, SearchQuery, boolean]>([
    ['a ZIP search', NEAR, false],
    ['a city', { ...NEAR, city: 'Atlanta' }, true],
    ['a state', { ...NEAR, state: 'GA' }, true],
    ['a blank city', { ...NEAR, city: ' ' }, false],
  ])('with %s the location-type flag is: %s', (_, q, expected) => {
    expect(hasLocationType(q)).toBe(expected);
  });

  it.each<[string, boolean, SearchQuery, number, number]>([
    ['radius set, 3 found, 22 supplemental', true, NEAR, 3, 22],
    ['radius set, 25 found, none supplemental', true, NEAR, 25, 0],
    ['radius set, 3 found, 23 supplemental (26)', false, NEAR, 3, 23],
    ['radius set, 26 found', false, NEAR, 26, 0],
    ['no radius', false, { zip: '30301' }, 3, 0],
    ['nationwide (radius 0)', false, { zip: '30301', searchRadius: 0 }, 3, 0],
    ['a location-type flag (city)', false, { ...NEAR, city: 'Atlanta' }, 3, 0],
  ])('similar listings with %s: %s', (_, expected, q, total, supp) => {
    expect(similarRequested(q, total, supp)).toBe(expected);
  });

  it.each<[string, boolean, SearchQuery, SearchResult | null]>([
    ['the last page of a search with a radius', true, NEAR, answerOf(['A', 'B'])],
    ['a page with more to load', false, NEAR, answerOf(['A', 'B'], 40)],
    ['no radius', false, { zip: '30301' }, answerOf(['A'])],
    ['no result yet', false, NEAR, null],
    ['zero results', false, NEAR, answerOf([])],
  ])('supplemental listings at %s: %s', (_, expected, q, r) => {
    expect(supplementalRequested(q, r)).toBe(expected);
  });

  it('reads the last page as the grid does: listings found and none left to load', () => {
    expect(isLastPage(answerOf(['A', 'B']))).toBe(true);
    expect(isLastPage(answerOf(['A', 'B'], 3))).toBe(false);
    expect(isLastPage(answerOf([]))).toBe(false);
    expect(isLastPage(null)).toBe(false);
  });

  it('asks for 100 supplemental records of the search without paging, the shown listings excluded', () => {
    const q: SearchQuery = { ...SEARCH, firstRecord: 30, numRecords: 30, sortBy: 'derivedpriceASC' };
    expect(supplementalUrl(q, answerOf(['A', 'B']))).toBe(
      '/rest/lsc/listing?zip=30301&searchRadius=25&listingType=USED&makeCode=HYUND&vhrProvider=ALL&excludedListingId=A,B&sortBy=derivedpriceASC&numRecords=100&supplemental=true&hideFilters=true&includeVehicleHighlights=false',
    );
    // More than 25 shown: no exclusions but the search's own; the page leaves out what it shows.
    const many = answerOf(ids('L', 26));
    expect(supplementalUrl({ ...SEARCH, excludedListingId: ['X'] }, many)).toBe(
      '/rest/lsc/listing?zip=30301&searchRadius=25&listingType=USED&makeCode=HYUND&vhrProvider=ALL&excludedListingId=X&numRecords=100&supplemental=true&hideFilters=true&includeVehicleHighlights=false',
    );
    // The default sort in force is sent when the query has none.
    expect(supplementalUrl(SEARCH, answerOf(['A']), { defaultSort: 'derivedpriceDESC' })).toContain(
      '&sortBy=derivedpriceDESC&numRecords=100&',
    );
    expect(supplementalUrl({ zip: '30301' }, answerOf(['A']))).toBeNull();
  });

  it("names the search's vhrProvider (else every provider) and asks for vehicle highlights with the flag on", () => {
    const r = answerOf(['A']);
    expect(supplementalUrl({ ...SEARCH, vhrProvider: 'EXPERIAN' }, r)).toContain('&vhrProvider=EXPERIAN&');
    expect(supplementalUrl(SEARCH, r, { vehicleHighlights: true })).toMatch(
      /vhrProvider=ALL&.*&supplemental=true&hideFilters=true&includeVehicleHighlights=true$/,
    );
    expect(similarUrl(SEARCH, r, [], { vehicleHighlights: true })).toMatch(
      /vhrProvider=ALL&.*&similarTo=A&hideFilters=true&includeVehicleHighlights=true$/,
    );
    expect(similarUrl(SEARCH, r, [], { vehicleHighlights: false })).toMatch(/&includeVehicleHighlights=false$/);
  });

  it('asks for 20 records similar to the first listing, excluding the search and the supplemental listings', () => {
    const r = answerOf(['A', 'B']);
    expect(similarToId(r)).toBe('A');
    expect(similarUrl(SEARCH, r, [listing('S1')])).toBe(
      '/rest/lsc/listing?zip=30301&searchRadius=25&listingType=USED&makeCode=HYUND&vhrProvider=ALL&excludedListingId=A,B,S1&numRecords=20&similarTo=A&hideFilters=true&includeVehicleHighlights=false',
    );
    expect(
      similarUrl(
        SEARCH,
        r,
        ids('S', 23).map((id) => listing(id)),
      ),
    ).not.toBeNull();
    expect(
      similarUrl(
        SEARCH,
        r,
        ids('S', 24).map((id) => listing(id)),
      ),
    ).toBeNull();
    expect(similarUrl({ ...SEARCH, city: 'Atlanta' }, r, [])).toBeNull();
    expect(similarUrl(SEARCH, answerOf(['A'], 2), [])).toBeNull();
  });

  it('keeps only listings not shown yet: no repeats, none without an id, at most the page size', () => {
    const a = answerOf(['A', 'B', 'C', 'D']);
    a.listings.push(listing('B'), { ...listing('E'), id: '' } as Listing);
    const fresh = freshListings(a, new Set(['A']), 2);
    expect(fresh.map((e) => e.listing.id)).toEqual(['B', 'C']);
    expect(fresh[0].owner?.id).toBe('DB');
    expect(freshListings(null, new Set(), 5)).toEqual([]);
  });
});

describe('email capture rules', () => {
  const base: CaptureContext = {
    signedIn: false,
    savedSearchTitles: [],
    query: SEARCH,
    subscribedEmail: null,
    subscribeAlerts: true,
    closed: false,
  };
  it.each<[string, Partial<CaptureContext>, boolean]>([
    ['an anonymous visitor with a search', {}, true],
    ['a signed-in visitor', { signedIn: true }, false],
    ['a visitor with a saved search title', { savedSearchTitles: ['Hyundai near me'] }, false],
    ['no request values', { query: { firstRecord: 30 } }, false],
    ['an address already subscribed', { subscribedEmail: 'a@b.co' }, false],
    ['the flag off', { subscribeAlerts: false }, false],
    ['closed in this session', { closed: true }, false],
  ])('with %s the capture shows: %s', (_, patch, expected) => {
    expect(emailCaptureShown({ ...base, ...patch })).toBe(expected);
  });
});

// ---- components -------------------------------------------------------------------------------

const fetchMock = jest.fn();
// As the server render does when the first page is the last: the code is loaded first, and the
// grid then renders what follows its last page at once (lazy-end-of-results.test.tsx: before).
beforeAll(() => loadEndOfResults());

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  window.sessionStorage.clear();
});

/** Region data for the grid's tier calls and the given end-of-results answers; anything else is fetched. */
function dataWith(entries: RegionData = {}): RegionData {
  const tiers = tierData();
  return new Proxy({} as RegionData, {
    get(_, key) {
      if (typeof key !== 'string') return undefined;
      return entries[key] ?? tiers[key];
    },
  });
}

function renderEnd(bus: Bus, data: RegionData, ui: React.ReactElement = <EndOfResults />) {
  return render(
    <BusContext.Provider value={bus}>
      <RegionDataContext.Provider value={data}>{ui}</RegionDataContext.Provider>
    </BusContext.Provider>,
  );
}

const GRID = answerOf(['G1', 'G2', 'G3']);
/** The flags of busWith (every flag on): vehicle highlights asked for. */
const ON = { vehicleHighlights: true };
const SUPP_URL = supplementalUrl(SEARCH, GRID, ON)!;
const ok = (body: unknown) => ({ ok: true as const, body });

describe('supplemental and similar sections', () => {
  it('show at the last page of the grid, each named by its heading, without the grid listings', () => {
    const supp = answerOf(['G2', 'S1', 'S2']);
    const simUrl = similarUrl(SEARCH, GRID, [listing('S1'), listing('S2')], ON)!;
    const sim = answerOf(['S2', 'M1']);
    renderEnd(busWith({ query: SEARCH, result: GRID }), dataWith({ [SUPP_URL]: ok(supp), [simUrl]: ok(sim) }), <ResultsGrid />);

    expect(within(screen.getByRole('list', { name: 'Vehicle listings' })).getAllByRole('article')).toHaveLength(3);
    const more = screen.getByRole('region', { name: END_TEXT.supplementalHeading });
    expect(within(more).getByRole('heading', { level: 2, name: END_TEXT.supplementalHeading })).toBeInTheDocument();
    expect(
      within(more)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby') && a.textContent),
    ).toHaveLength(2);
    expect(within(more).getByRole('heading', { name: /Ford F150 XLT S1/ })).toBeInTheDocument();
    expect(within(more).queryByRole('heading', { name: /XLT G2/ })).not.toBeInTheDocument();
    const similar = screen.getByRole('region', { name: END_TEXT.similarHeading });
    expect(within(similar).getAllByRole('article')).toHaveLength(1);
    expect(within(similar).getByRole('heading', { name: /XLT M1/ })).toBeInTheDocument();
    // The cards carry the compare state as the grid's do.
    expect(within(similar).getByRole('button', { name: MESSAGES.addToCompare })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not repeat listings the grid shows beyond the search (a new-car boost)', () => {
    const simUrl = similarUrl(SEARCH, GRID, [], ON)!;
    const data = dataWith({ [SUPP_URL]: ok(answerOf([])), [simUrl]: ok(answerOf(['B1', 'M1'])) });
    renderEnd(busWith({ query: SEARCH, result: GRID }), data, <EndOfResults shownIds={['B1']} />);
    const similar = screen.getByRole('region', { name: END_TEXT.similarHeading });
    expect(within(similar).getAllByRole('article')).toHaveLength(1);
    expect(within(similar).getByRole('heading', { name: /XLT M1/ })).toBeInTheDocument();
  });

  it('repeats none of the tier listings the grid shows (a premium spotlight) in either section', () => {
    const premium = { listings: [listing('P1', { listingTier: 'spotlight' })], owners: [], totalResultCount: 1 };
    const simUrl = similarUrl(SEARCH, GRID, [listing('P1'), listing('S1')], ON)!;
    const entries: RegionData = { [SUPP_URL]: ok(answerOf(['P1', 'S1'])), [simUrl]: ok(answerOf(['P1', 'M1'])) };
    const tiers = tierData({ premiumresults: premium });
    const data = new Proxy({} as RegionData, {
      get: (_, key) => (typeof key === 'string' ? (entries[key] ?? tiers[key]) : undefined),
    });
    renderEnd(busWith({ query: SEARCH, result: GRID }), data, <ResultsGrid />);

    const grid = screen.getByRole('list', { name: 'Vehicle listings' });
    expect(within(grid).getByRole('heading', { name: /XLT P1/ })).toBeInTheDocument();
    const more = screen.getByRole('region', { name: END_TEXT.supplementalHeading });
    expect(within(more).getAllByRole('article')).toHaveLength(1);
    expect(within(more).getByRole('heading', { name: /XLT S1/ })).toBeInTheDocument();
    const similar = screen.getByRole('region', { name: END_TEXT.similarHeading });
    expect(within(similar).getAllByRole('article')).toHaveLength(1);
    expect(within(similar).getByRole('heading', { name: /XLT M1/ })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for nothing and shows no section before the last page', () => {
    renderEnd(busWith({ query: SEARCH, result: answerOf(['G1'], 40) }), dataWith());
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows no similar section when the search and its supplemental listings are more than 25', () => {
    const supp = answerOf(['G1', ...ids('S', 23)]);
    renderEnd(busWith({ query: SEARCH, result: GRID }), dataWith({ [SUPP_URL]: ok(supp) }));
    expect(within(screen.getByRole('region', { name: END_TEXT.supplementalHeading })).getAllByRole('article')).toHaveLength(23);
    expect(screen.queryByRole('region', { name: END_TEXT.similarHeading })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each<[string, RegionData[string]]>([
    ['fails', { ok: false }],
    ['answers the gateway fallback (no listings)', ok({ listings: [], owners: [], totalResultCount: 0 })],
    ['brings only listings already shown', ok(answerOf(['G1', 'G3']))],
    ['answers something that is not a search result', ok('<html>')],
  ])('hides both sections, with no error, when every call %s', (_, entry) => {
    const simUrl = similarUrl(SEARCH, GRID, [], ON)!;
    renderEnd(busWith({ query: SEARCH, result: GRID }), dataWith({ [SUPP_URL]: entry, [simUrl]: entry }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches in the browser: supplemental first, then similar; a failed similar call hides only its section', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url === SUPP_URL) return answer(answerOf(['S1']));
      if (url.includes('similarTo=G1')) return answer({ error: 'Request timed out' }, 503);
      throw new Error(`unexpected ${url}`);
    });
    renderEnd(busWith({ query: SEARCH, result: GRID }), dataWith());
    // Nothing until the data is there.
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    const more = await screen.findByRole('region', { name: END_TEXT.supplementalHeading });
    expect(within(more).getAllByRole('article')).toHaveLength(1);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1][0]).toBe(similarUrl(SEARCH, GRID, [listing('S1')], ON));
    expect(screen.queryByRole('region', { name: END_TEXT.similarHeading })).not.toBeInTheDocument();
  });

  it('renders nothing but the capture on the server pass (no answers yet)', () => {
    fetchMock.mockImplementation(() => new Promise(() => {}));
    renderEnd(busWith({ query: SEARCH, result: GRID }), dataWith());
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: END_TEXT.captureHeading })).toBeInTheDocument();
  });
});

describe('email capture', () => {
  const NOTHING = ok({ listings: [], owners: [], totalResultCount: 0 });
  function renderCapture(patch: { signedIn?: boolean } = {}) {
    const bus = busWith({ query: SEARCH, result: GRID });
    if (patch.signedIn) bus.update('session', { signedIn: true });
    const simUrl = similarUrl(SEARCH, GRID, [], ON)!;
    renderEnd(bus, dataWith({ [SUPP_URL]: NOTHING, [simUrl]: NOTHING }));
    return bus;
  }
  const form = () => screen.getByRole('form', { name: END_TEXT.captureHeading });
  const field = () => within(form()).getByRole('textbox', { name: END_TEXT.email });

  it('comes after the listing sections, with an Email field of at most 45 characters', () => {
    renderCapture();
    expect(field()).toHaveAttribute('maxLength', '45');
    expect(field()).toBeRequired();
    expect(within(form()).getByRole('button', { name: MESSAGES.subscribe })).toBeInTheDocument();
  });

  it('is not offered to a signed-in visitor', () => {
    renderCapture({ signedIn: true });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says what is wrong with the address and sends nothing', async () => {
    const user = userEvent.setup();
    renderCapture();
    await user.click(within(form()).getByRole('button', { name: MESSAGES.subscribe }));
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(SUBSCRIBE_TEXTS.emailRequired);
    expect(screen.getByRole('alert')).toHaveTextContent(SUBSCRIBE_TEXTS.emailRequired);
    await user.type(field(), 'shopper@example');
    expect(field()).not.toHaveAttribute('aria-invalid');
    await user.keyboard('{Enter}');
    expect(field()).toHaveAccessibleDescription(SUBSCRIBE_TEXTS.emailInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('subscribes the address to this search: Subscribed!, a success message; typing resets the button', async () => {
    fetchMock.mockResolvedValue(answer({ status: 'success' }, 201));
    const user = userEvent.setup();
    renderCapture();
    await user.type(field(), ' shopper@example.com ');
    await user.click(within(form()).getByRole('button', { name: MESSAGES.subscribe }));
    expect(await within(form()).findByRole('button', { name: MESSAGES.subscribed })).toBeInTheDocument();
    expect(within(form()).getByRole('status')).toHaveTextContent(SUBSCRIBE_TEXTS.success);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(API_PATHS.emailSubscribe);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({
      email: 'shopper@example.com',
      brand: 'atc',
      search: 'zip=30301&searchRadius=25&listingType=USED&makeCode=HYUND',
      textPot: '',
      // The same call as the alerts region's prompt makes: one form, one flow (remote-kit).
      consumerMetadata: { emailSubscribe: 'subscribed', lastSubscribedSearch: 'zip=30301&searchRadius=25&listingType=USED&makeCode=HYUND' },
    });
    await user.type(field(), 'x');
    expect(within(form()).getByRole('button', { name: MESSAGES.subscribe })).toBeInTheDocument();
    expect(within(form()).getByRole('status')).toBeEmptyDOMElement();
  });

  it.each<[string, number, 'status' | 'alert', string]>([
    ['an address already subscribed', 409, 'status', SUBSCRIBE_TEXTS.warning],
    ['a failing service', 503, 'alert', SUBSCRIBE_TEXTS.danger],
  ])('tells the shopper about %s', async (_, status, role, text) => {
    fetchMock.mockResolvedValue(answer({ error: 'no' }, status));
    const user = userEvent.setup();
    renderCapture();
    await user.type(field(), 'shopper@example.com');
    await user.click(within(form()).getByRole('button', { name: MESSAGES.subscribe }));
    expect(await within(form()).findByRole(role, { name: '' })).toHaveTextContent(text);
    expect(within(form()).getByRole('button', { name: MESSAGES.subscribe })).toBeInTheDocument();
  });

  it('tells the shopper when the request does not reach the service', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderCapture();
    await user.type(field(), 'shopper@example.com');
    await user.click(within(form()).getByRole('button', { name: MESSAGES.subscribe }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(SUBSCRIBE_TEXTS.danger));
  });

  it('closes for the session: the session value emailSubscribe is closed', async () => {
    const user = userEvent.setup();
    renderCapture();
    await user.click(within(form()).getByRole('button', { name: END_TEXT.close }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(EMAIL_SUBSCRIBE_KEY)).toBe('closed');
  });

  it('stays closed on a later last page of the same session', async () => {
    window.sessionStorage.setItem(EMAIL_SUBSCRIBE_KEY, 'closed');
    renderCapture();
    await act(async () => {});
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
