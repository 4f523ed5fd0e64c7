import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createBus } from '@cfs/bus';
import { referToResult, type FirstLoadState, type Listing } from '@cfs/contracts';
import { defaultFlags } from '@cfs/bus';
import { createLifecycles, createServerRender, useGatewayData, useShared, REGION_DATA_ATTR, SERVER_RENDERED_ATTR } from '../src';

const state: FirstLoadState = {
  brand: 'atc',
  flags: defaultFlags(),
  signedIn: false,
  query: { makeCode: ['FORD'] },
  result: { listings: [], owners: [], totalResultCount: 7 },
  searchError: null,
  registry: { remotes: {} },
  config: { pageSize: 24, remoteTimeoutMs: 8000, signInPath: '/account/signin', defaultSort: 'relevance', apiBase: '' },
};

function App() {
  const total = useShared((s) => s.search.result?.totalResultCount);
  const price = useGatewayData<{ avg: number }>('/rest/price?make=FORD');
  return (
    <p>
      {total} results, {price.status === 'ready' ? `average ${price.data.avg}` : price.status}
    </p>
  );
}

/** A region as the page carries it: the server's HTML of App (version 1.2.3) and the data its render fetched. */
async function serverRenderedRegion(): Promise<HTMLElement> {
  const render = createServerRender({ name: 'mf-test', version: '1.2.3', App, load: async ({ get }) => get('/rest/price?make=FORD') });
  const prepared = await render({ state, get: async () => ({ avg: 30000 }), signal: new AbortController().signal });
  const region = document.createElement('section');
  region.innerHTML =
    `<div data-boundary="mf-test" data-version="1.2.3" ${SERVER_RENDERED_ATTR}="">${renderToString(prepared.element)}</div>` +
    `<script type="application/json" ${REGION_DATA_ATTR}="">${JSON.stringify(prepared.data)}</script>`;
  document.body.appendChild(region);
  return region;
}

describe('server render and hydration', () => {
  afterEach(() => jest.restoreAllMocks());

  it('renders on the server from the first-load state and what its load step fetched', async () => {
    const render = createServerRender({ name: 'mf-test', version: '1.2.3', App, load: async ({ get }) => get('/rest/price?make=FORD') });
    const prepared = await render({ state, get: async () => ({ avg: 30000 }), signal: new AbortController().signal });
    expect(renderToString(prepared.element)).toBe('<p>7<!-- --> results, <!-- -->average 30000</p>');
    expect(prepared.data).toEqual({ '/rest/price?make=FORD': { ok: true, body: { avg: 30000 } } });
    expect(prepared.version).toBe('1.2.3');
  });

  it('records a failed call, so server and browser both show the failure state', async () => {
    const render = createServerRender({ name: 'mf-test', App, load: async ({ get }) => get('/rest/price?make=FORD') });
    const prepared = await render({ state, get: async () => Promise.reject(new Error('503')), signal: new AbortController().signal });
    expect(renderToString(prepared.element)).toContain('error');
    expect(prepared.data).toEqual({ '/rest/price?make=FORD': { ok: false } });
  });

  it('hydrates the server HTML in place with its data: no refetch, no mismatch, the same element', async () => {
    const region = await serverRenderedRegion();
    const serverParagraph = region.querySelector('p');
    const fetchSpy = jest.fn();
    (globalThis as { fetch?: unknown }).fetch = fetchSpy;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});

    const lc = createLifecycles({ name: 'mf-test', version: '1.2.3', App });
    const bus = createBus({ search: { query: state.query, result: state.result, status: 'success', requestId: 0, error: null } });
    let mounted: Promise<void> = Promise.resolve();
    await act(async () => {
      mounted = lc.mount({ name: 'mf-test', bus, domElement: region });
    });
    await mounted;
    expect(screen.getByText('7 results, average 30000')).toBe(serverParagraph);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    act(() => bus.update('search', { result: { listings: [], owners: [], totalResultCount: 8 } }));
    expect(screen.getByText('8 results, average 30000')).toBe(serverParagraph);
    await act(async () => {
      await lc.unmount({ name: 'mf-test', bus, domElement: region });
    });
    region.remove();
  });

  it('renders the new search afresh, without a mismatch, when it mounts after the search changed', async () => {
    const region = await serverRenderedRegion();
    (globalThis as { fetch?: unknown }).fetch = jest.fn(() => new Promise(() => {}));
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    // The shell started a second search before this region was reached.
    const bus = createBus({
      search: {
        query: state.query,
        result: { listings: [], owners: [], totalResultCount: 9 },
        status: 'success',
        requestId: 1,
        error: null,
      },
    });
    const lc = createLifecycles({ name: 'mf-test', version: '1.2.3', App });
    let mounted: Promise<void> = Promise.resolve();
    await act(async () => {
      mounted = lc.mount({ name: 'mf-test', bus, domElement: region });
    });
    await mounted;
    // The new search's render, with the answers the server render fetched: nothing asked again.
    expect(region.textContent).toBe('9 results, average 30000');
    expect(globalThis.fetch).not.toHaveBeenCalled();
    expect(region.querySelectorAll('[data-boundary="mf-test"]')).toHaveLength(1);
    expect(region.querySelector(`script[${REGION_DATA_ATTR}]`)).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    region.remove();
  });

  it('renders afresh when the server HTML came from another build of the remote', async () => {
    const region = document.createElement('section');
    region.innerHTML = `<div data-boundary="mf-test" data-version="0.9.0" ${SERVER_RENDERED_ATTR}=""><p>old</p></div>`;
    document.body.appendChild(region);
    (globalThis as { fetch?: unknown }).fetch = jest.fn(() => new Promise(() => {}));
    const lc = createLifecycles({ name: 'mf-test', version: '1.2.3', App });
    let mounted: Promise<void> = Promise.resolve();
    await act(async () => {
      mounted = lc.mount({ name: 'mf-test', bus: createBus(), domElement: region });
    });
    await mounted;
    expect(region.textContent).not.toContain('old');
    expect(region.querySelectorAll('[data-boundary="mf-test"]')).toHaveLength(1);
    expect(region.querySelector('[data-boundary="mf-test"]')?.getAttribute('data-version')).toBe('1.2.3');
    region.remove();
  });

  it("hydrates with spotlight answers written as references to the first-load result's listings, asking nothing again", async () => {
    const listing = { id: '7', title: 'Used 2024 Ford F-150 XLT', vin: 'VIN7' } as unknown as Listing;
    const first: FirstLoadState = { ...state, result: { listings: [listing], owners: [], totalResultCount: 1 } };
    const url = '/rest/spotlight?tier=featured';
    function Spotlight() {
      const spot = useGatewayData<{ listings: (Listing & { listingTier: string })[] }>(url);
      return <p>{spot.status === 'ready' ? spot.data.listings.map((l) => `${l.listingTier}: ${l.title}`).join() : spot.status}</p>;
    }
    const render = createServerRender({ name: 'mf-test', version: '1.2.3', App: Spotlight, load: async ({ get }) => get(url) });
    const body = { listings: [{ ...listing, listingTier: 'featured' }] };
    const prepared = await render({ state: first, get: async () => body, signal: new AbortController().signal });
    expect(prepared.stateRefs).toBe(true);
    const written = { [url]: { ok: true, refs: true, body: referToResult(body, first.result) } };
    expect(JSON.stringify(written)).not.toContain('VIN7');
    const region = document.createElement('section');
    region.innerHTML =
      `<div data-boundary="mf-test" data-version="1.2.3" ${SERVER_RENDERED_ATTR}="">${renderToString(prepared.element)}</div>` +
      `<script type="application/json" ${REGION_DATA_ATTR}="">${JSON.stringify(written)}</script>`;
    document.body.appendChild(region);
    const serverParagraph = region.querySelector('p');
    const fetchSpy = jest.fn();
    (globalThis as { fetch?: unknown }).fetch = fetchSpy;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const lc = createLifecycles({ name: 'mf-test', version: '1.2.3', App: Spotlight });
    const bus = createBus({ search: { query: first.query, result: first.result, status: 'success', requestId: 0, error: null } });
    let mounted: Promise<void> = Promise.resolve();
    await act(async () => {
      mounted = lc.mount({ name: 'mf-test', bus, domElement: region });
    });
    await mounted;
    expect(screen.getByText('featured: Used 2024 Ford F-150 XLT')).toBe(serverParagraph);
    // (An earlier test's region, still mounted, may ask for its own URL meanwhile.)
    expect(fetchSpy.mock.calls.filter(([asked]) => String(asked).includes('/rest/spotlight'))).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    await act(async () => {
      await lc.unmount({ name: 'mf-test', bus, domElement: region });
    });
    region.remove();
  });
});
