import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBus } from '@cfs/bus';
import { BusContext } from '@cfs/remote-kit';
import type { Brand, SearchQuery, SearchResult } from '@cfs/contracts';
import { ReferenceApp } from '../src/components/ReferenceApp';
import { gatewayFetch, modelResult } from './fixtures';

let fetchMock: ReturnType<typeof gatewayFetch>;
beforeEach(() => {
  fetchMock = gatewayFetch();
  global.fetch = fetchMock as unknown as typeof fetch;
});

function setup(query: SearchQuery, res: SearchResult | null = modelResult(['FORD', 'Ford'], ['F150', 'F-150']), brand: Brand = 'atc') {
  const bus = createBus({
    search: { query, result: res, status: 'success', requestId: 1, error: null },
    brand: { brand, flags: {} as never },
  });
  const view = render(
    <BusContext.Provider value={bus}>
      <ReferenceApp />
    </BusContext.Provider>,
  );
  return { bus, ...view };
}

const FORD_F150: SearchQuery = { makeCode: ['FORD'], modelCode: ['F150'], listingType: ['USED'] };
const urls = () => fetchMock.mock.calls.map((c) => String(c[0]));
const tabNames = () =>
  within(screen.getByRole('tablist'))
    .getAllByRole('tab')
    .map((t) => t.textContent);
/** Waits until every call has answered (the tab list settles). */
/** Lets the staged gateway reads (each asked one task after its render) go out and answer. */
const settle = async () => {
  for (let i = 0; i < 4; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
};

async function openTab(name: string) {
  const user = userEvent.setup();
  await settle();
  await user.click(screen.getByRole('tab', { name }));
  return { user, panel: screen.getByRole('tabpanel', { name }) };
}

describe('when the section shows (page type)', () => {
  it.each<[string, SearchQuery]>([
    ['no make', {}],
    ['a make only', { makeCode: ['FORD'] }],
    ['two makes', { makeCode: ['FORD', 'TOYOTA'], modelCode: ['F150'] }],
    ['two models', { makeCode: ['FORD'], modelCode: ['F150', 'RANGER'] }],
    ['a body style without a make', { vehicleStyleCode: ['TRUCKS'] }],
  ])('renders nothing with %s', (_, query) => {
    const { container } = setup(query);
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows every tab on a make-and-model page, editorial tabs first, and no placeholder', async () => {
    setup(FORD_F150);
    expect(screen.getByRole('heading', { level: 2, name: 'About the Ford F-150' })).toBeInTheDocument();
    await settle();
    expect(tabNames()).toEqual(['Car Reviews', 'Buying Guides', 'Pricing', 'Compare Trims', 'Safety', 'Consumer Reviews', 'FAQs']);
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });

  it('a trim page shows no Compare Trims and no Consumer Reviews, and asks for no ratings', async () => {
    setup({ ...FORD_F150, trimCode: ['F150|XLT'] });
    await settle();
    expect(tabNames()).toEqual(['Car Reviews', 'Buying Guides', 'Pricing', 'Safety', 'FAQs']);
    expect(urls().some((u) => u.startsWith('/rest/research/consumer-ratings'))).toBe(false);
  });

  it('a year page uses the query year and does not look the model years up', async () => {
    setup({ ...FORD_F150, startYear: 2023, endYear: 2023 });
    await settle();
    expect(urls()).toContain('/rest/research/reference-vehicles?yearId=2023&atcMakeCode=FORD&atcModelCode=F150');
    expect(urls().some((u) => u.startsWith('/rest/lsc/crawl/modelyears'))).toBe(false);
  });
});

describe('tabs (WAI-ARIA)', () => {
  it('are real tabs: selected state, one tab stop, panels named by their tab', async () => {
    setup(FORD_F150);
    await settle();
    const tabs = within(screen.getByRole('tablist', { name: 'About the Ford F-150' })).getAllByRole('tab');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveAttribute('tabindex', '0');
    expect(tabs.slice(1).every((t) => t.getAttribute('tabindex') === '-1')).toBe(true);
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('Car Reviews');
    expect(tabs[0]).toHaveAttribute('aria-controls', panel.id);
  });

  it('arrow keys, Home and End move focus and selection; Tab leaves for the panel', async () => {
    const user = userEvent.setup();
    setup(FORD_F150);
    await settle();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Car Reviews' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Buying Guides' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Buying Guides' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'FAQs' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Car Reviews' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'FAQs' })).toHaveAttribute('aria-selected', 'true');
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'FAQs' })).toHaveFocus();
  });
});

describe('editorial tabs, carousel and expert reviews', () => {
  it('an editorial tab lists its category with safe links only', async () => {
    setup(FORD_F150);
    const { panel } = await openTab('Buying Guides');
    expect(within(panel).getByRole('link', { name: 'Buying a Used Ford F-150' })).toHaveAttribute(
      'href',
      'https://editorial.example/buying/a-2/',
    );
    expect(within(panel).queryByRole('link', { name: 'Ford F-150 Review' })).toBeNull();
  });

  it('the carousel shows three articles at a time with Previous and Next', async () => {
    const user = userEvent.setup();
    setup(FORD_F150);
    await settle();
    const carousel = screen.getByRole('region', { name: 'Ford F-150 articles' });
    expect(
      within(carousel)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Ford F-150 Review', 'Buying a Used Ford F-150', 'Ford Updates the F-150']);
    expect(within(carousel).getByRole('button', { name: 'Previous articles' })).toBeDisabled();
    await user.click(within(carousel).getByRole('button', { name: 'Next articles' }));
    expect(
      within(carousel)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['F-150 vs. Rivals']);
    expect(within(carousel).getByText('Articles 4 to 4 of 4')).toBeInTheDocument();
  });

  it('shows at most 2 expert reviews of the newest model year, titles and excerpts as text', async () => {
    setup(FORD_F150);
    await settle();
    expect(urls()).toContain('/content/expert-reviews/2024/ford/f150/all?embed=true');
    const reviews = screen.getByRole('region', { name: '2024 Ford F-150 expert reviews' });
    const links = within(reviews).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['2024 Ford F-150 Review – part 1', '2024 Ford F-150 Review – part 2']);
    expect(within(reviews).getAllByText('Our experts drove the F-150 & report. bad()')).toHaveLength(2);
    expect(reviews.querySelector('script, b')).toBeNull();
  });
});

describe('pricing tab', () => {
  it('shows the model-year price rows, links only when safe', async () => {
    setup(FORD_F150);
    const { panel } = await openTab('Pricing');
    const table = within(panel).getByRole('table', { name: 'Ford F-150 prices by model year' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 3),
    ).toEqual(['$36,965', '$52,110', '$78,000']);
    expect(within(rows[0]).getByRole('link', { name: 'See 2024 Ford F-150 pricing' })).toBeInTheDocument();
    expect(within(rows[2]).queryByRole('link')).toBeNull();
    expect(within(panel).getByText(/starting prices of the Ford F-150 range from \$31,000 to \$36,965/)).toBeInTheDocument();
  });
});

describe('compare trims tab', () => {
  it('lists the trims with body style, engine, EPA figures, MSRP and image', async () => {
    setup(FORD_F150);
    const { panel } = await openTab('Compare Trims');
    const table = within(panel).getByRole('table', { name: '2024 Ford F-150 trims' });
    const xl = within(table).getByRole('row', { name: /^XL / });
    expect(
      within(xl)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', 'Truck', 'Gas', '16 city / 23 highway MPG', '$36,000']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it.each<[string, SearchQuery, string, string[]]>([
    ['no fuel selected', {}, 'All', ['XL', 'XLT']],
    ['Gasoline selected (shown as Gas)', { fuelTypeGroup: ['GSL'] }, 'Gas', ['XL']],
    ['Hybrid selected', { fuelTypeGroup: ['HYB'] }, 'Hybrid', ['XLT']],
    ['a fuel no trim has', { fuelTypeGroup: ['ELE'] }, 'All', ['XL', 'XLT']],
  ])('the fuel filter defaults from the search: %s', async (_, extra, fuel, trims) => {
    setup({ ...FORD_F150, ...extra });
    const { panel } = await openTab('Compare Trims');
    expect(within(panel).getByRole('combobox', { name: 'Fuel type' })).toHaveValue(fuel);
    const rows = within(within(panel).getByRole('table')).getAllByRole('rowheader');
    expect(rows.map((r) => r.textContent)).toEqual(trims);
  });

  it('the compare-trims dialog maps spec ids to features as Standard, Optional or Not Available; Escape closes it', async () => {
    setup(FORD_F150);
    const { user, panel } = await openTab('Compare Trims');
    const opener = within(panel).getByRole('button', { name: 'Compare trim features' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Compare 2024 Ford F-150 trims' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    const cells = (feature: string) =>
      within(within(dialog).getByRole('row', { name: new RegExp(`^${feature}`) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Heated seats')).toEqual(['Not Available', 'Standard']);
    expect(cells('Leather seats')).toEqual(['Optional', 'Standard']);
    expect(cells('Bluetooth')).toEqual(['Standard', 'Optional']);
    // A spec id the answer leaves out is unknown, not "Not Available".
    expect(cells('Sunroof')).toEqual(['Standard', '—']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('the electric vehicle types dialog opens and closes', async () => {
    setup(FORD_F150);
    const { user, panel } = await openTab('Compare Trims');
    await user.click(within(panel).getByRole('button', { name: 'Electric vehicle types' }));
    const dialog = screen.getByRole('dialog', { name: 'Electric vehicle types' });
    expect(within(dialog).getByText('Plug-in hybrid (PHEV)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('safety tab', () => {
  it('shows Safety Ratings and Safety Features, std as Standard', async () => {
    setup(FORD_F150);
    const { panel } = await openTab('Safety');
    const ratings = within(panel).getByRole('table', { name: 'Safety Ratings of the Ford F-150' });
    expect(within(ratings).getByRole('row', { name: /Overall Rating/ })).toHaveTextContent('5 out of 5 stars');
    const features = within(panel).getByRole('table', { name: 'Safety Features of the Ford F-150' });
    expect(within(features).getByRole('row', { name: /Antilock Brakes/ })).toHaveTextContent('Standard');
    expect(within(features).getByRole('row', { name: /Blind Spot Monitoring/ })).toHaveTextContent('Optional');
  });
});

describe('consumer reviews tab', () => {
  it("fetches by the first trim's vehicleId and shows 'Overall Rating' first and the number of reviews", async () => {
    setup(FORD_F150);
    const { panel } = await openTab('Consumer Reviews');
    expect(urls()).toContain('/rest/research/consumer-ratings?vehicleId=412345');
    expect(within(panel).getByText('Based on 87 consumer reviews of the 2024 Ford F-150.')).toBeInTheDocument();
    expect(
      within(panel)
        .getAllByRole('rowheader')
        .map((r) => r.textContent),
    ).toEqual(['Overall Rating', 'Value', 'Comfort']);
    expect(within(panel).getByRole('row', { name: /Overall Rating/ })).toHaveTextContent('4.6 out of 5');
  });

  it.each<[string, SearchQuery]>([
    ['new cars', { listingType: ['NEW'] }],
    ['certified cars', { listingType: ['CERTIFIED'] }],
    ['a private seller', { sellerType: ['PRIVATE'] }],
    ['a body style', { vehicleStyleCode: ['TRUCKS'] }],
    ['a drive type', { driveGroup: ['AWD4WD'] }],
    ['an engine', { engineCode: ['8CLDR'] }],
    ['a fuel type', { fuelTypeGroup: ['GSL'] }],
    ['a single price bound', { maxPrice: 40000 }],
    ['an mpg range', { mpgRange: '20-30' }],
  ])('are not fetched, and the tab not shown, with %s', async (_, extra) => {
    setup({ ...FORD_F150, ...extra });
    await settle();
    expect(urls().some((u) => u.startsWith('/rest/research/consumer-ratings'))).toBe(false);
    expect(screen.queryByRole('tab', { name: 'Consumer Reviews' })).toBeNull();
  });

  it('are fetched with both price bounds', async () => {
    setup({ ...FORD_F150, minPrice: 20000, maxPrice: 40000 });
    await settle();
    expect(screen.getByRole('tab', { name: 'Consumer Reviews' })).toBeInTheDocument();
  });
});

describe('FAQs tab', () => {
  it('shows the mileage FAQ for a used search with more than 14 results, and the used-vehicle averages', async () => {
    setup(FORD_F150);
    const { panel } = await openTab('FAQs');
    expect(urls()).toContain('/rest/lsc/crawl/stats/mileage?makeCode=FORD&modelCode=F150&listingType=USED');
    expect(within(panel).getByRole('heading', { name: 'How many miles does a used Ford F-150 usually have?' })).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'The average used Ford F-150 for sale has 61,234 miles. That is about 11,800 miles a year. 58.3% of them (23 cars) have over 50,000 miles: 14 points more than all cars (44.1%). The highest mileage among them is 180,000 miles.',
      ),
    ).toBeInTheDocument();
    // The compared shares beside the answer (facetStatsCalculate).
    expect(within(panel).getByText('Over 50,000 miles').nextElementSibling).toHaveTextContent('58.3%');
    expect(within(panel).getByText('All cars').nextElementSibling).toHaveTextContent('44.1%');
    expect(
      within(panel).getByText('The average used vehicle is about 12.5 years old and is driven about 15,000 miles a year.'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('The 2024 Ford F-150 comes in 2 trims: XL, XLT.')).toBeInTheDocument();
  });

  it.each<[string, SearchQuery, number]>([
    ['14 results', FORD_F150, 14],
    ['a new-car search', { ...FORD_F150, listingType: ['NEW'] }, 120],
  ])('has no mileage FAQ, and asks for no statistics, with %s', async (_, query, total) => {
    setup(query, modelResult(['FORD', 'Ford'], ['F150', 'F-150'], total));
    const { panel } = await openTab('FAQs');
    expect(urls().some((u) => u.startsWith('/rest/lsc/crawl/stats/mileage'))).toBe(false);
    expect(within(panel).queryByRole('heading', { name: /How many miles/ })).toBeNull();
    expect(within(panel).getByRole('heading', { name: /average used vehicle/ })).toBeInTheDocument();
  });
});

describe('certified programs', () => {
  it("shows the make's programs and the third-party copy; the details dialog has the program's inspection link", async () => {
    const user = userEvent.setup();
    setup(FORD_F150);
    await settle();
    const block = screen.getByRole('region', { name: 'Certified programs' });
    expect(within(block).queryByRole('button', { name: 'GM Certified Pre-Owned details' })).toBeNull();
    expect(within(block).getByText(/30 to 90 day limited warranty/)).toBeInTheDocument();
    const opener = within(block).getByRole('button', { name: 'Ford Gold Certified details' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Ford Gold Certified' });
    expect(await within(dialog).findByRole('link', { name: 'Ford Gold Certified inspection details' })).toHaveAttribute(
      'href',
      'https://editorial.example/certified/ford-gold/172-point-inspection/',
    );
    expect(within(dialog).getByText('172-point inspection')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('the money back guarantee panel opens with its button: 14 days or 1,000 miles', async () => {
    const user = userEvent.setup();
    setup(FORD_F150);
    await settle();
    const button = screen.getByRole('button', { name: 'Money back guarantee details' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/within 14 days or 1,000 miles/)).toBeVisible();
  });

  it.each<[Brand, boolean]>([
    ['ford', true],
    ['atc', false],
  ])('the Ford certified copy on the %s brand: %s', async (brand, shown) => {
    setup(FORD_F150, undefined, brand);
    await settle();
    const copy = screen.queryByText(
      'Gold certified vehicles are up to six years old, with under 80,000 miles, and pass a 172-point inspection.',
    );
    expect(copy !== null).toBe(shown);
  });
});

describe('failure: a lookup that fails hides its tab or block, the rest keep working', () => {
  it.each<[string, string, () => HTMLElement | null]>([
    ['safety', '/rest/research/safety', () => screen.queryByRole('tab', { name: 'Safety' })],
    ['pricing', '/rest/research/pricing', () => screen.queryByRole('tab', { name: 'Pricing' })],
    ['reference vehicles', '/rest/research/reference-vehicles', () => screen.queryByRole('tab', { name: 'Compare Trims' })],
    ['consumer ratings', '/rest/research/consumer-ratings', () => screen.queryByRole('tab', { name: 'Consumer Reviews' })],
    ['articles', '/content/articles', () => screen.queryByRole('region', { name: 'Ford F-150 articles' })],
    ['expert reviews', '/content/expert-reviews/2024/ford/f150/all', () => screen.queryByRole('region', { name: /expert reviews/ })],
    ['certified content', '/content/certified', () => screen.queryByRole('region', { name: 'Certified programs' })],
  ])('%s', async (_, path, find) => {
    fetchMock = gatewayFetch([path]);
    global.fetch = fetchMock as unknown as typeof fetch;
    setup(FORD_F150);
    await settle();
    expect(find()).toBeNull();
    expect(screen.queryByText(/Circuit Breaker/)).toBeNull();
    expect(screen.getByRole('tab', { name: 'FAQs' })).toBeInTheDocument();
  });

  it('a certified sponsor fetch that fails is logged (page-furniture §8), and shows nothing', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock = gatewayFetch(['/content/certified']);
    global.fetch = fetchMock as unknown as typeof fetch;
    setup(FORD_F150);
    await settle();
    expect(logged).toHaveBeenCalledWith('[mf-reference] certified sponsor fetch failed', '/content/certified');
    expect(screen.queryByRole('region', { name: 'Certified programs' })).toBeNull();
    logged.mockRestore();
  });

  it('an open model-years breaker leaves the year unknown: no compare trims, reviews or ratings', async () => {
    fetchMock = gatewayFetch(['/rest/lsc/crawl/modelyears']);
    global.fetch = fetchMock as unknown as typeof fetch;
    setup(FORD_F150);
    await settle();
    expect(tabNames()).toEqual(['Car Reviews', 'Buying Guides', 'Pricing', 'Safety', 'FAQs']);
    expect(screen.queryByText(/Circuit Breaker/)).toBeNull();
  });

  it('a mileage lookup that fails leaves out only the mileage FAQ', async () => {
    fetchMock = gatewayFetch(['/rest/lsc/crawl/stats/mileage']);
    global.fetch = fetchMock as unknown as typeof fetch;
    setup(FORD_F150);
    const { panel } = await openTab('FAQs');
    expect(within(panel).queryByRole('heading', { name: /How many miles/ })).toBeNull();
    expect(within(panel).getByRole('heading', { name: /average used vehicle/ })).toBeInTheDocument();
  });

  it('an empty value fallback (no safety groups) hides the tab as well', async () => {
    const { ANSWERS } = jest.requireActual('./fixtures') as typeof import('./fixtures');
    fetchMock = gatewayFetch([], { ...ANSWERS, '/rest/research/safety': { groups: [] } });
    global.fetch = fetchMock as unknown as typeof fetch;
    setup(FORD_F150);
    await settle();
    expect(screen.queryByRole('tab', { name: 'Safety' })).toBeNull();
  });
});

describe('a new model', () => {
  it('re-fetches for the new make and model', async () => {
    const { bus } = setup(FORD_F150);
    await settle();
    act(() =>
      bus.update('search', {
        query: { makeCode: ['TOYOTA'], modelCode: ['TACOMA'], listingType: ['USED'] },
        result: modelResult(['TOYOTA', 'Toyota'], ['TACOMA', 'Tacoma']),
      }),
    );
    expect(screen.getByRole('heading', { name: 'About the Toyota Tacoma' })).toBeInTheDocument();
    await settle();
    expect(urls()).toContain('/rest/research/pricing?makeCode=TOYOTA&modelCode=TACOMA');
  });
});
