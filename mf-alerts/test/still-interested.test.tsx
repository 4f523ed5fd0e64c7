import { renderToString } from 'react-dom/server';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBus, defaultFlags } from '@cfs/bus';
import { BusContext, WANTED_NOW_ATTR } from '@cfs/remote-kit';
import type { Listing } from '@cfs/contracts';
import { answer, listing, result } from '@cfs/test-kit';
import { StillInterested } from '../src/components/StillInterested';
import {
  stillInterestedReason,
  stillInterestedShows,
  stillInterestedVehicles,
  stillInterestedYearLinks,
  truncateTitle,
} from '../src/rules/still-interested';
import { CLOSED_KEY, DISMISSED_KEY } from '../src/rules/still-interested-send';
import { TEXT } from '../src/rules/texts';

const fetchMock = jest.fn();
const beacon = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  beacon.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('stillInterestedReason', () => {
  it.each<[string, Partial<Listing>, string]>([
    ['a reduced price', { isReducedPrice: true, viewCount: 9 }, 'reduced'],
    ['more than 3 viewers', { viewCount: 4 }, 'numviewed'],
    ['exactly 3 viewers', { viewCount: 3 }, 'interested'],
    ['a great deal', { pricingDetail: { dealIndicator: 'GREAT' } }, 'goodgreatprice'],
    ['a good deal', { pricingDetail: { dealIndicator: 'good' } }, 'goodgreatprice'],
    ['a fair deal', { pricingDetail: { dealIndicator: 'FAIR' } }, 'interested'],
    ['nothing special', {}, 'interested'],
  ])('%s → %s', (_name, patch, reason) => {
    expect(stillInterestedReason(listing(1, { pricingDetail: {}, ...patch }))).toBe(reason);
  });
});

describe('stillInterestedVehicles', () => {
  const many = Array.from({ length: 12 }, (_, i) => listing(i + 1));
  it.each<[string, string[], string[], string[]]>([
    ['the history vehicles in the results, in result order', ['VIN3', 'vin1'], [], ['VIN1', 'VIN3']],
    ['not the dismissed ones', ['VIN1', 'VIN3'], ['VIN1'], ['VIN3']],
    ['none outside the results', ['VIN99'], [], []],
    ['at most 10', many.map((l) => l.vin), [], many.slice(0, 10).map((l) => l.vin)],
  ])('%s', (_name, history, dismissed, expected) => {
    expect(stillInterestedVehicles(history, many, dismissed).map((l) => l.vin)).toEqual(expected);
  });
});

describe('stillInterestedShows', () => {
  it.each([
    [{ activeResults: 3, vehicles: 1, closed: false }, true],
    [{ activeResults: 0, vehicles: 1, closed: false }, false],
    [{ activeResults: 3, vehicles: 0, closed: false }, false],
    [{ activeResults: 3, vehicles: 1, closed: true }, false],
  ])('%o → %s', (ctx, expected) => expect(stillInterestedShows(ctx)).toBe(expected));
});

describe('stillInterestedYearLinks', () => {
  const f150 = (year: number) => ({ year, make: { code: 'FORD', name: 'Ford' }, model: { code: 'F150', name: 'F-150' } });
  const years = (year: number, current: number) => stillInterestedYearLinks(f150(year), current).map((l) => l.year);

  it.each([
    // 11 links: the vehicle's year and 5 either side.
    [2015, 2026, [2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020]],
    // Never past the model years on sale (current + 2).
    [2025, 2026, [2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028]],
    [2028, 2026, [2023, 2024, 2025, 2026, 2027, 2028]],
    // Never before the first model year a search accepts.
    [1902, 2026, [1900, 1901, 1902, 1903, 1904, 1905, 1906, 1907]],
  ])('a %p vehicle in %p: %p', (year, current, expected) => {
    expect(years(year, current)).toEqual(expected);
    expect(expected.length).toBeLessThanOrEqual(11);
  });

  it("links to the search of the make and model in that one year, as the page's URL writes it", () => {
    expect(stillInterestedYearLinks(f150(2020), 2026)[0]).toEqual({
      year: 2015,
      href: '/cars-for-sale?makeCode=FORD&modelCode=F150&startYear=2015&endYear=2015',
    });
  });

  it('gives none for a vehicle without a make, a model or a whole year', () => {
    expect(stillInterestedYearLinks({ ...f150(2020), model: { code: '', name: '' } }, 2026)).toEqual([]);
    expect(stillInterestedYearLinks({ ...f150(2020), make: undefined as never }, 2026)).toEqual([]);
    expect(stillInterestedYearLinks(f150(2020.5), 2026)).toEqual([]);
  });
});

describe('truncateTitle', () => {
  const long = 'Used 2020 Ford F150 XLT SuperCrew 4x4 with a long name';
  it.each<[string, number, string]>([
    [long, 40, `${long.slice(0, 40).trimEnd()}…`],
    [long, 50, `${long.slice(0, 50).trimEnd()}…`],
    ['Used 2020 Ford F150', 40, 'Used 2020 Ford F150'],
    ['x'.repeat(40), 40, 'x'.repeat(40)],
    ['x'.repeat(41), 40, `${'x'.repeat(40)}…`],
  ])('%s at %i', (title, max, expected) => expect(truncateTitle(title, max)).toBe(expected));
});

function tree(opts: { vins?: string[] | null; listings?: Listing[]; consumerId?: string } = {}) {
  const listings = opts.listings ?? Array.from({ length: 6 }, (_, i) => listing(i + 1, { viewCount: i }));
  const bus = createBus({
    brand: { brand: 'atc', flags: defaultFlags() },
    session: {
      signedIn: true,
      leadProfile: null,
      browsingHistory:
        opts.vins === null
          ? null
          : { vins: opts.vins ?? listings.map((l) => l.vin), fetchedAt: 1, ...(opts.consumerId ? { consumerId: opts.consumerId } : {}) },
    },
    search: { query: {}, result: result(listings), status: 'success', requestId: 1, error: null },
  });
  return {
    bus,
    element: (
      <BusContext.Provider value={bus}>
        <StillInterested />
      </BusContext.Provider>
    ),
  };
}

function mount(opts: Parameters<typeof tree>[0] = {}) {
  const { bus, element } = tree(opts);
  render(element);
  return bus;
}

describe('the server render', () => {
  // What was closed or dismissed is in the browser's storage: with a history, the region's code
  // is wanted at once; without one, it may wait until the shopper reaches the region.
  it('shows nothing, and wants the code at once only with a browsing history', () => {
    const withHistory = renderToString(tree().element);
    expect(withHistory).toContain(WANTED_NOW_ATTR);
    expect(withHistory).not.toContain(TEXT.stillInterestedHeading);
    expect(renderToString(tree({ vins: null }).element)).toBe('');
  });
});

function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

const alertRegion = () => screen.getByRole('region', { name: TEXT.stillInterestedHeading });

describe('the still-interested alert', () => {
  it('lists the history vehicles of the results with their reasons, images for the first 4, both title cuts', () => {
    mount({
      listings: Array.from({ length: 6 }, (_, i) =>
        listing(i + 1, { viewCount: i, title: `Used 2020 Ford F150 XLT SuperCrew Cab Lariat Platinum ${i + 1}` }),
      ),
    });
    const items = within(alertRegion()).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveTextContent(TEXT.stillInterestedReasons.interested);
    expect(items[4]).toHaveTextContent(TEXT.stillInterestedReasons.numviewed);
    expect(alertRegion().querySelectorAll('img')).toHaveLength(4);
    const full = 'Used 2020 Ford F150 XLT SuperCrew Cab Lariat Platinum 1';
    expect(items[0].querySelector('.alr-still-narrow')?.textContent).toBe(`${full.slice(0, 40)}…`);
    expect(items[0].querySelector('.alr-still-wide')?.textContent).toBe(`${full.slice(0, 50)}…`);
    // The first vehicle's other model years, as links.
    const years = within(alertRegion()).getByRole('navigation', { name: 'Other years of the Ford F-150' });
    const links = within(years).getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(11);
    expect(within(years).getByRole('link', { name: '2020' })).toHaveAttribute(
      'href',
      '/cars-for-sale?makeCode=FORD&modelCode=F150&startYear=2020&endYear=2020',
    );
  });

  it.each<[string, Parameters<typeof mount>[0], () => void]>([
    ['no history (anonymous)', { vins: null }, () => undefined],
    ['no history vehicle in the results', { vins: ['OTHER'] }, () => undefined],
    ['no active results', { listings: [] }, () => undefined],
    ['closed in this session', {}, () => window.sessionStorage.setItem(CLOSED_KEY, 'closed')],
    ['every vehicle dismissed', { vins: ['VIN1'] }, () => window.localStorage.setItem(DISMISSED_KEY, 'VIN1')],
  ])('is not shown with %s', (_name, opts, prepare) => {
    prepare();
    mount(opts);
    expect(screen.queryByRole('region', { name: TEXT.stillInterestedHeading })).not.toBeInTheDocument();
  });

  it('Close hides it for the session', async () => {
    const user = userEvent.setup();
    mount();
    await user.click(within(alertRegion()).getByRole('button', { name: TEXT.stillInterestedClose }));
    expect(screen.queryByRole('region', { name: TEXT.stillInterestedHeading })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(CLOSED_KEY)).toBe('closed');
  });

  it('Keep me posted sends a beacon with brand and vins, then the vehicles are dismissed', async () => {
    beacon.mockReturnValue(true);
    const user = userEvent.setup();
    mount({ vins: ['VIN2', 'VIN1'] });
    await user.click(within(alertRegion()).getByRole('button', { name: TEXT.stillInterestedSend }));
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0][0]).toBe('/account-api/still-interested');
    expect(JSON.parse(await blobText(beacon.mock.calls[0][1] as Blob))).toEqual({ brand: 'atc', vins: ['VIN1', 'VIN2'] });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: TEXT.stillInterestedHeading })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(DISMISSED_KEY)).toBe('VIN1,VIN2');
  });

  it("page-furniture §7: the alert carries the signed-in shopper's consumer id as consumer_id", async () => {
    beacon.mockReturnValue(true);
    const user = userEvent.setup();
    mount({ vins: ['VIN1'], consumerId: 'c-42' });
    await user.click(within(alertRegion()).getByRole('button', { name: TEXT.stillInterestedSend }));
    expect(JSON.parse(await blobText(beacon.mock.calls[0][1] as Blob))).toEqual({ brand: 'atc', vins: ['VIN1'], consumer_id: 'c-42' });
  });

  it('a refused beacon falls back to a POST of JSON; a failed POST says so', async () => {
    beacon.mockReturnValue(false);
    fetchMock.mockResolvedValueOnce(answer({ status: 'accepted' }, 202)).mockResolvedValueOnce(answer({ error: 'down' }, 503));
    const user = userEvent.setup();
    mount({ vins: ['VIN1'] });
    await user.click(within(alertRegion()).getByRole('button', { name: TEXT.stillInterestedSend }));
    expect(fetchMock.mock.calls[0][0]).toBe('/account-api/still-interested');
    expect((fetchMock.mock.calls[0][1] as RequestInit).method).toBe('POST');
    expect(JSON.parse(String((fetchMock.mock.calls[0][1] as RequestInit).body))).toEqual({ brand: 'atc', vins: ['VIN1'] });
    expect(screen.queryByRole('region', { name: TEXT.stillInterestedHeading })).not.toBeInTheDocument();
    act(() => window.localStorage.clear());
    mount({ vins: ['VIN1'] });
    await user.click(within(alertRegion()).getByRole('button', { name: TEXT.stillInterestedSend }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.stillInterestedFailed);
  });
});
