import { screen, within } from '@testing-library/react';
import { createBus } from '@cfs/bus';
import type { Listing, SearchQuery, SearchResult } from '@cfs/contracts';
import { BREADCRUMB_ORDER, breadcrumbs } from '@cfs/search-query';
import { heroModel } from '../src/hero-model';
import { bindHero } from '../src/hero';
import { renderPage } from '../src/layout';

const ford = { make: { code: 'FORD', name: 'Ford' }, model: { code: 'F150', name: 'F-150' } } as Listing;
const result = (total: number): SearchResult => ({ listings: [ford], owners: [], totalResultCount: total });
const query: SearchQuery = {
  zip: '30301',
  searchRadius: 50,
  listingType: ['USED'],
  makeCode: ['FORD'],
  modelCode: ['F150'],
  startYear: 2020,
  endYear: 2020,
  maxPrice: 30000,
};

/** The frame as the server renders it for the query above, put in the document. */
function showServerPage() {
  const state = {
    brand: 'atc',
    flags: {},
    signedIn: false,
    query,
    result: result(2),
    searchError: null,
    registry: { remotes: {} },
    config: { pageSize: 24, remoteTimeoutMs: 8000, signInPath: '/account/signin', defaultSort: 'relevance', apiBase: '' },
  } as unknown as Parameters<typeof renderPage>[0];
  const page = new DOMParser().parseFromString(renderPage(state, { scripts: [], preloads: [] }), 'text/html');
  document.body.innerHTML = page.body.innerHTML;
}

describe('the hero', () => {
  it("uses search-query's breadcrumbs: spec order, names from the result, each a link to the narrowed search", () => {
    const crumbs = heroModel(query, result(2)).breadcrumbs;
    expect(crumbs).toEqual(breadcrumbs(query, { make: 'Ford', model: 'F-150' }));
    expect(crumbs.map((c) => c.key)).toEqual(BREADCRUMB_ORDER.filter((k) => crumbs.some((c) => c.key === k)));
    expect(crumbs.map((c) => c.label)).toEqual(['Home', 'Cars for Sale', 'Near 30301', 'Used', 'Ford', 'F-150', '2020', 'Under $30,000']);
  });

  it('counts results as the page does everywhere', () => {
    expect(heroModel({}, result(1)).countText).toBe('1 Result');
    expect(heroModel({}, result(1234)).countText).toBe('1,234 Results');
    expect(heroModel({}, null).countText).toBe('0 Results');
  });

  it('renders the same breadcrumbs on the server and in the browser', () => {
    showServerPage();
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const server = nav.innerHTML;
    expect(within(nav).getByRole('link', { name: 'Ford' })).toHaveAttribute('href', breadcrumbs(query).find((c) => c.key === 'make')!.href);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Cars for Sale', 'Near 30301', 'Used', 'Ford', 'F-150', '2020']);
    expect(within(nav).getByText('Under $30,000')).toHaveAttribute('aria-current', 'page');

    const bus = createBus({ search: { query: {}, result: null, status: 'success', requestId: 1, error: null } });
    const off = bindHero(bus);
    bus.update('search', { query, result: result(2) });
    expect(nav.innerHTML).toBe(server);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Used Ford F-150 for Sale near 30301');
    expect(screen.getByText('2 Results')).toBeInTheDocument();
    off();
  });

  it('leaves the hero as it is for a search that changes none of its text (a new sort), and rewrites what a filter changes', () => {
    showServerPage();
    const bus = createBus({ search: { query, result: result(2), status: 'success', requestId: 1, error: null } });
    const off = bindHero(bus);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const firstCrumb = nav.querySelector('li');
    const heading = screen.getByRole('heading', { level: 1 });
    const titleText = heading.firstChild;
    const seen: MutationRecord[] = [];
    const watch = new MutationObserver((records) => seen.push(...records));
    watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });

    bus.update('search', { query: { ...query, sortBy: 'derivedpriceASC' }, status: 'loading', requestId: 2 });
    bus.update('search', { result: result(2), status: 'success' });
    expect(watch.takeRecords().concat(seen)).toEqual([]);
    expect(nav.querySelector('li')).toBe(firstCrumb);
    expect(heading.firstChild).toBe(titleText);

    bus.update('search', { query: { ...query, makeCode: ['HONDA'], modelCode: [] }, result: result(5), status: 'success', requestId: 3 });
    expect(screen.getByText('5 Results')).toBeInTheDocument();
    expect(nav.querySelector('li')).not.toBe(firstCrumb);
    expect(within(nav).queryByRole('link', { name: 'Ford' })).not.toBeInTheDocument();
    watch.disconnect();
    off();
  });

  it("offers 'Learn more about {make model}' beside the results count heading on a model's page, and moves focus to the section", () => {
    expect(heroModel(query, result(2)).learnMore).toEqual({ text: 'Learn more about Ford F-150', href: '#ref-about' });
    expect(heroModel({ makeCode: ['FORD'] }, result(2)).learnMore).toBeNull();
    expect(heroModel({ makeCode: ['FORD', 'HONDA'], modelCode: ['F150'] }, result(2)).learnMore).toBeNull();

    showServerPage();
    // The section's heading, as the model reference region renders it.
    const section = document.createElement('h2');
    section.id = 'ref-about';
    section.tabIndex = -1;
    section.textContent = 'About the Ford F-150';
    section.scrollIntoView = () => {};
    document.getElementById('region-reference')!.appendChild(section);

    expect(screen.getByRole('heading', { level: 2, name: '2 Results' })).toBeInTheDocument();
    const bus = createBus({ search: { query, result: result(2), status: 'success', requestId: 1, error: null } });
    const off = bindHero(bus);
    screen.getByRole('link', { name: 'Learn more about Ford F-150' }).click();
    expect(section).toHaveFocus();
    // A search that is no longer about one model hides the link.
    bus.update('search', { query: { makeCode: ['FORD'] }, result: result(5) });
    expect(screen.queryByRole('link', { name: /Learn more about/ })).toBeNull();
    off();
  });
});
