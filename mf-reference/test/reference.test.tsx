import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBus } from '@cfs/bus';
import { BusContext } from '@cfs/remote-kit';
import type { SearchQuery, SearchResult } from '@cfs/contracts';
import { ReferenceApp } from '../src/components/ReferenceApp';
import { PRICING_TEXT } from '../src/components/PricingPanel';
import { answer } from '@cfs/test-kit';
import { PRICING, modelResult } from './fixtures';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(answer(PRICING));
  global.fetch = fetchMock as unknown as typeof fetch;
});

function setup(query: SearchQuery, res: SearchResult | null = modelResult(['FORD', 'Ford'], ['F150', 'F-150'])) {
  const bus = createBus({ search: { query, result: res, status: 'success', requestId: 1, error: null } });
  const view = render(
    <BusContext.Provider value={bus}>
      <ReferenceApp />
    </BusContext.Provider>,
  );
  return { bus, ...view };
}

const FORD_F150: SearchQuery = { makeCode: ['FORD'], modelCode: ['F150'] };

describe('when the section shows', () => {
  it.each<[string, SearchQuery]>([
    ['no make', {}],
    ['a make only', { makeCode: ['FORD'] }],
    ['two makes', { makeCode: ['FORD', 'TOYOTA'], modelCode: ['F150'] }],
    ['two models', { makeCode: ['FORD'], modelCode: ['F150', 'RANGER'] }],
  ])('renders nothing with %s', (_, query) => {
    const { container } = setup(query);
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the heading with the make and model names from the results', async () => {
    setup(FORD_F150);
    expect(screen.getByRole('heading', { level: 2, name: 'About the Ford F-150' })).toBeInTheDocument();
    expect(
      await screen.findByText(/Across 3 model years, starting prices of the Ford F-150 range from \$31,000 to \$36,965/),
    ).toBeInTheDocument();
  });

  it('falls back to the codes when no listing names them', async () => {
    setup(FORD_F150, null);
    expect(screen.getByRole('heading', { name: 'About the FORD F150' })).toBeInTheDocument();
    await act(async () => {});
  });
});

describe('tabs', () => {
  it('are real WAI-ARIA tabs', async () => {
    setup(FORD_F150);
    const tablist = screen.getByRole('tablist', { name: 'About the Ford F-150' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Overview', 'Pricing']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveAttribute('tabindex', '0');
    expect(tabs[1]).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('Overview');
    expect(tabs[0]).toHaveAttribute('aria-controls', panel.id);
    await act(async () => {});
  });

  it('arrow keys, Home and End move between tabs', async () => {
    const user = userEvent.setup();
    setup(FORD_F150);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const pricing = screen.getByRole('tab', { name: 'Pricing' });
    expect(pricing).toHaveFocus();
    expect(pricing).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Pricing' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Pricing' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Pricing' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    // Tab leaves the tab list for the panel (one tab stop for the list).
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toHaveFocus();
  });

  it('a click selects a tab', async () => {
    const user = userEvent.setup();
    setup(FORD_F150);
    await user.click(screen.getByRole('tab', { name: 'Pricing' }));
    expect(screen.getByRole('tabpanel', { name: 'Pricing' })).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });
});

describe('pricing tab', () => {
  it('shows a table of model-year price rows from the pricing call', async () => {
    const user = userEvent.setup();
    setup(FORD_F150);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/rest/research/pricing?makeCode=FORD&modelCode=F150');
    await user.click(screen.getByRole('tab', { name: 'Pricing' }));
    const table = await screen.findByRole('table', { name: 'Ford F-150 prices by model year' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Year', 'Starting price', 'Average price', 'Max price', 'Details']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const first = within(rows[0])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('2024');
    expect(first.slice(0, 3)).toEqual(['$36,965', '$52,110', '$78,000']);
    expect(within(rows[0]).getByRole('link', { name: 'See 2024 Ford F-150 pricing' })).toHaveAttribute(
      'href',
      '/cars-for-sale/all/ford/f150?startYear=2024&endYear=2024',
    );
    // A link that is not http(s) or a same-origin path is not rendered.
    expect(within(rows[2]).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows loading, then an error when the call fails', async () => {
    const user = userEvent.setup();
    let fail: (e: unknown) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    setup(FORD_F150);
    await user.click(screen.getByRole('tab', { name: 'Pricing' }));
    expect(screen.getByRole('status')).toHaveTextContent(PRICING_TEXT.loading);
    await act(async () => fail(new TypeError('network down')));
    expect(screen.getByRole('alert')).toHaveTextContent(PRICING_TEXT.error);
  });

  it('says so when there is no pricing', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(answer({ modelYears: [], trims: [] }));
    setup(FORD_F150);
    await user.click(screen.getByRole('tab', { name: 'Pricing' }));
    expect(await screen.findByText(PRICING_TEXT.empty('Ford F-150'))).toBeInTheDocument();
  });

  it('re-fetches when the make or model changes and aborts the previous call', async () => {
    const signals: AbortSignal[] = [];
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      if (init.signal) signals.push(init.signal);
      return answer(PRICING);
    });
    const { bus } = setup(FORD_F150);
    await act(async () => {});
    act(() =>
      bus.update('search', {
        query: { makeCode: ['TOYOTA'], modelCode: ['TACOMA'] },
        result: modelResult(['TOYOTA', 'Toyota'], ['TACOMA', 'Tacoma']),
      }),
    );
    expect(screen.getByRole('heading', { name: 'About the Toyota Tacoma' })).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map((c) => c[0]);
    expect(urls[urls.length - 1]).toBe('/rest/research/pricing?makeCode=TOYOTA&modelCode=TACOMA');
    // Other search changes (a ZIP) do not re-fetch.
    const before = fetchMock.mock.calls.length;
    act(() => bus.update('search', { query: { makeCode: ['TOYOTA'], modelCode: ['TACOMA'], zip: '30301' } }));
    expect(fetchMock.mock.calls.length).toBe(before);
    await act(async () => {});
  });
});
