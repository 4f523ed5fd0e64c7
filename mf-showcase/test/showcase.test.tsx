import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBus, defaultFlags } from '@cfs/bus';
import { BusContext } from '@cfs/remote-kit';
import { PRICE_MISSING } from '@cfs/search-query';
import type { SearchQuery, SearchResult } from '@cfs/contracts';
import { ShowcaseApp, HIDDEN_NOTICE } from '../src/components/ShowcaseApp';
import { HIDDEN_KEY } from '../src/rules/hidden-state';
import { answer, listing, owner, result, mockFetch } from '@cfs/test-kit';

const fetchMock = mockFetch();

/** d1 owns the first premium listing (a Ford F-150) and two more; d2 owns a Toyota further down. */
const premium: SearchResult = result(
  [
    listing('a1', { ownerId: 'd1', title: '2021 Ford F-150 XLT w/ Tow Package' }),
    listing('a2', { ownerId: 'd1', title: '2020 Ford F-150 Lariat' }),
    listing('b1', {
      ownerId: 'd2',
      title: '2019 Toyota Tacoma',
      make: { code: 'TOYOTA', name: 'Toyota' },
      model: { code: 'TACOMA', name: 'Tacoma' },
    }),
    listing('a3', { ownerId: 'd1', title: '2022 Ford F-150 Raptor' }),
  ],
  [owner('d1', { name: 'Peachtree Ford' }), owner('d2', { name: 'Midtown Toyota' })],
);

function setup(
  opts: {
    query?: SearchQuery;
    exactMatch?: boolean;
    alphaCriteria?: boolean;
    body?: SearchResult;
    status?: number;
    cellWidth?: number;
  } = {},
) {
  fetchMock.mockResolvedValue(answer(opts.body ?? premium, opts.status ?? 200));
  const flags = { ...defaultFlags(), exactMatch: opts.exactMatch ?? true, alphaCriteria: opts.alphaCriteria ?? true };
  const bus = createBus({
    brand: { brand: 'atc', flags, ...(opts.cellWidth ? { layout: { showcaseCellWidth: opts.cellWidth } } : {}) },
    search: {
      query: opts.query ?? { makeCode: ['FORD'], modelCode: ['F150'] },
      result: null,
      status: 'success',
      requestId: 1,
      error: null,
    },
  });
  const view = render(
    <BusContext.Provider value={bus}>
      <ShowcaseApp />
    </BusContext.Provider>,
  );
  return { bus, ...view };
}

/** Lets a gateway read go out (asked one task after its component renders) and its answer arrive. */
const asked = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe('showcase context', () => {
  it('exact match on: an alpha listing matching the filters shows the inventory context', async () => {
    setup({ exactMatch: true, query: { makeCode: ['FORD'], modelCode: ['F150'] } });
    expect(await screen.findByRole('heading', { name: 'Sponsored by Peachtree Ford' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2021 Ford F-150 XLT' })).toHaveAttribute(
      'href',
      '/cars-for-sale/vehicle/a1?clickType=spotlight',
    );
    expect(screen.queryByRole('heading', { name: 'Featured Dealer Near You' })).not.toBeInTheDocument();
  });

  it('shows a vehicle as every remote does: one missing-price wording, no link for an unsafe detail URL', async () => {
    const body = result(
      [listing('a1', { ownerId: 'd1', title: '2021 Ford F-150 XLT w/ Tow Package', pricingDetail: {}, vdpBaseUrl: 'javascript:alert(1)' })],
      [owner('d1', { name: 'Peachtree Ford' })],
    );
    setup({ body });
    expect(await screen.findByRole('heading', { name: 'Sponsored by Peachtree Ford' })).toBeInTheDocument();
    // The vehicle shows in the inventory view and again in its carousel.
    expect(screen.getAllByText(PRICE_MISSING).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('heading', { name: '2021 Ford F-150 XLT' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: '2021 Ford F-150 XLT' })).not.toBeInTheDocument();
  });

  it('exact match on: an alpha listing that does not match the filters shows the owner context', async () => {
    setup({ exactMatch: true, query: { makeCode: ['FORD'], modelCode: ['RANGER'] } });
    expect(await screen.findByRole('heading', { name: 'Featured Dealer Near You' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Cars' })).toHaveAttribute('href', '/cars-for-sale?showcaseOwnerId=d1');
    expect(screen.getByText('Peachtree Ford')).toBeInTheDocument();
    expect(screen.getByText(/12\.35 mi away/)).toBeInTheDocument();
    // At most 2 dealer vehicles in the owner view (the carousel is still closed, so hidden).
    const owned = screen.getByRole('list', { name: 'Vehicles from Peachtree Ford' });
    expect(within(owned).getAllByRole('listitem')).toHaveLength(2);
  });

  it('exact match off: an alpha listing shows the inventory context even when the filters differ', async () => {
    setup({ exactMatch: false, query: { makeCode: ['FORD'], modelCode: ['RANGER'] } });
    expect(await screen.findByRole('heading', { name: 'Sponsored by Peachtree Ford' })).toBeInTheDocument();
  });

  it('exact match off: a listing that is not alpha shows the owner context', async () => {
    // showcaseOwnerId prefers d2, whose listing is not first among the premium results.
    setup({ exactMatch: false, alphaCriteria: true, query: { showcaseOwnerId: 'd2' } });
    expect(await screen.findByRole('heading', { name: 'Featured Dealer Near You' })).toBeInTheDocument();
    expect(screen.getByText('Midtown Toyota')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Cars' })).toHaveAttribute('href', '/cars-for-sale?showcaseOwnerId=d2');
  });
});

describe('showcase controls', () => {
  it('View Vehicles / Hide Vehicles toggles the carousel', async () => {
    const user = userEvent.setup();
    setup();
    const toggle = await screen.findByRole('button', { name: 'View Vehicles' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Peachtree Ford vehicles' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide Vehicles');
    const carousel = screen.getByRole('list', { name: 'Peachtree Ford vehicles' });
    expect(within(carousel).getAllByRole('listitem')).toHaveLength(3);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Peachtree Ford vehicles' })).not.toBeInTheDocument();
  });

  it.each([
    [undefined, ''],
    [260, '260px'],
  ])('page-furniture §9: the carousel cell width comes from configuration (%s)', async (cellWidth, width) => {
    const user = userEvent.setup();
    setup({ cellWidth });
    await user.click(await screen.findByRole('button', { name: 'View Vehicles' }));
    const carousel = screen.getByRole('list', { name: 'Peachtree Ford vehicles' });
    // showcase.css's own 220 px applies when nothing is configured.
    expect(carousel.style.getPropertyValue('--shw-cell-width')).toBe(width);
  });

  it('Hide removes the showcase and it stays hidden for the session', async () => {
    const user = userEvent.setup();
    const { unmount } = setup();
    await user.click(await screen.findByRole('button', { name: 'Hide' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View Vehicles' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(HIDDEN_NOTICE);
    expect(window.sessionStorage.getItem(HIDDEN_KEY)).toBe('1');
    unmount();
    fetchMock.mockClear();
    setup();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('showcase data states', () => {
  it('shows a loading placeholder while results load', async () => {
    const { bus } = setup();
    await screen.findByRole('article');
    act(() => bus.update('search', { status: 'loading' }));
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading sponsored dealer');
    act(() => bus.update('search', { status: 'success' }));
    expect(screen.getByRole('article')).toBeInTheDocument();
  });

  it('holds the space of the card it replaces while results load, so the results below stay put', async () => {
    // The browser's resize observer, driven by the test: it reports the card's height.
    const observed: { el: Element; report: (height: number) => void }[] = [];
    const original = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(private cb: ResizeObserverCallback) {}
      observe(el: Element) {
        observed.push({
          el,
          report: (blockSize) =>
            this.cb([{ target: el, borderBoxSize: [{ blockSize, inlineSize: 600 }] } as unknown as ResizeObserverEntry], this as never),
        });
      }
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    try {
      const { bus } = setup();
      const card = await screen.findByRole('article');
      expect(observed.map((o) => o.el)).toEqual([card]);
      act(() => observed[0].report(312));
      act(() => bus.update('search', { status: 'loading' }));
      expect(screen.getByRole('status')).toHaveStyle({ height: '312px' });
    } finally {
      globalThis.ResizeObserver = original;
    }
  });

  it('without a card shown before, its placeholder keeps the stylesheet’s height', async () => {
    const { bus } = setup();
    await screen.findByRole('article');
    act(() => bus.update('search', { status: 'loading' }));
    expect(screen.getByRole('status').getAttribute('style')).toBeNull();
  });

  it('shows nothing when the spotlight call fails', async () => {
    const { container } = setup({ status: 500, body: { error: 'boom' } as unknown as SearchResult });
    await asked();
    expect(container).toBeEmptyDOMElement();
  });

  it('shows nothing when the owner is missing', async () => {
    const { container } = setup({ body: result([listing('x', { ownerId: 'gone' })], []) });
    await asked();
    expect(container).toBeEmptyDOMElement();
  });

  it('re-fetches when the search query changes and aborts the previous request', async () => {
    const { bus } = setup({ query: { makeCode: ['FORD'] } });
    await screen.findByRole('article');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe(
      '/rest/lsc/listing/spotlight/premiumresults?makeCode=FORD&numSpotlights=3&listingTier=premium&spotlightPage=1',
    );
    let firstSignal: AbortSignal | undefined;
    fetchMock.mockImplementationOnce((_url: string, init: RequestInit) => {
      firstSignal = init.signal ?? undefined;
      return new Promise(() => {});
    });
    act(() => bus.update('search', { query: { makeCode: ['TOYOTA'] } }));
    await asked();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1][0]).toContain('makeCode=TOYOTA');
    act(() => bus.update('search', { query: { makeCode: ['HONDA'] } }));
    expect(firstSignal?.aborted).toBe(true);
    await asked();
    expect(fetchMock.mock.calls[2][0]).toContain('makeCode=HONDA');
    expect(await screen.findByRole('article')).toBeInTheDocument();
  });

  it('shows nothing when the premium spotlight flag is off', async () => {
    fetchMock.mockResolvedValue(answer(premium));
    const bus = createBus({ brand: { brand: 'atc', flags: { ...defaultFlags(), premiumSpotlight: false } } });
    const { container } = render(
      <BusContext.Provider value={bus}>
        <ShowcaseApp />
      </BusContext.Provider>,
    );
    await act(async () => {});
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
