import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createBus, defaultFlags } from '@cfs/bus';
import { CAROUSEL_TEXT, buildSlots, type CarouselSlot } from '../src/rules/slots';
import { HighlightCarousel } from '../src/components/HighlightCarousel';
import { busWith, listing, renderGrid, result } from './fixtures';

const URGENCY = { isVehicleHighlight: true, urgencyDriverType: 'PRICE_REDUCED' as const, urgencyDriverValue: 'Reduced $500' };
const highlights = {
  listings: ['H1', 'H2', 'L5'].map((id) => listing(id, { listingTier: 'vehicleHighlight', vehicleHighlight: URGENCY })),
  owners: [],
  totalResultCount: 3,
};

/** A layout for jsdom: every element 300 px wide showing 1,000 px of content; scrollBy moves it. */
function withLayout() {
  const proto = HTMLElement.prototype as unknown as Record<string, unknown>;
  const saved = ['clientWidth', 'scrollWidth', 'scrollBy'].map(
    (k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)] as const,
  );
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => 300 });
  Object.defineProperty(proto, 'scrollWidth', { configurable: true, get: () => 1000 });
  const scrollBy = jest.fn(function (this: HTMLElement, opts: ScrollToOptions) {
    this.scrollLeft = Math.max(0, Math.min(700, this.scrollLeft + (opts.left ?? 0)));
    this.dispatchEvent(new Event('scroll'));
  });
  Object.defineProperty(proto, 'scrollBy', { configurable: true, writable: true, value: scrollBy });
  return {
    scrollBy,
    restore: () => {
      for (const [k, d] of saved) {
        if (d) Object.defineProperty(proto, k, d);
        else delete proto[k];
      }
    },
  };
}

describe('carousel row of vehicle highlights', () => {
  it('shows the highlights after row 1 as a labelled region of links, none of them repeated in the cards (one already a card stays a card)', () => {
    renderGrid(busWith({ query: { zip: '30301' }, result: result(8) }), { vehiclehighlights: highlights });
    const region = screen.getByRole('region', { name: CAROUSEL_TEXT.heading });
    const links = within(within(region).getByRole('list', { name: CAROUSEL_TEXT.heading })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([expect.stringContaining('/H1'), expect.stringContaining('/H2')]);
    expect(within(region).getByRole('link', { name: /XLT H1.*Reduced \$500/ })).toBeInTheDocument();
    // The row follows the first 3 cells of the grid's list.
    const grid = screen.getByRole('list', { name: 'Vehicle listings' });
    const cells = Array.from(grid.children);
    expect(cells.findIndex((li) => li.contains(region))).toBe(3);
    const cards = within(grid)
      .getAllByRole('article')
      .map((a) => a.querySelector('h3')?.textContent ?? '');
    expect(cards).toHaveLength(8);
    expect(cards.some((t) => /XLT (H1|H2)\b/.test(t))).toBe(false);
    expect(cards).toContain('Used 2020 Ford F150 XLT 5');
  });

  it('is not shown with the vehicle-highlight flag off, nor without highlights', () => {
    const off = createBus({
      search: { query: { zip: '30301' }, result: result(8), status: 'success', requestId: 1, error: null },
      brand: { brand: 'atc', flags: { ...defaultFlags(), vehicleHighlight: false } },
    });
    const { unmount } = renderGrid(off, { vehiclehighlights: highlights });
    expect(screen.queryByRole('region', { name: CAROUSEL_TEXT.heading })).not.toBeInTheDocument();
    unmount();
    renderGrid(busWith({ query: { zip: '30301' }, result: result(8) }));
    expect(screen.queryByRole('region', { name: CAROUSEL_TEXT.heading })).not.toBeInTheDocument();
  });

  it('scrolls by its width with Next and Previous, from the keyboard; each button is disabled at its end', async () => {
    const layout = withLayout();
    try {
      const user = userEvent.setup();
      renderGrid(busWith({ query: { zip: '30301' }, result: result(8) }), { vehiclehighlights: highlights });
      const region = screen.getByRole('region', { name: CAROUSEL_TEXT.heading });
      const previous = within(region).getByRole('button', { name: CAROUSEL_TEXT.previous });
      const next = within(region).getByRole('button', { name: CAROUSEL_TEXT.next });
      expect(previous).toBeDisabled();
      expect(next).toBeEnabled();
      next.focus();
      await user.keyboard('{Enter}');
      expect(layout.scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: 300 }));
      expect(previous).toBeEnabled();
      await user.keyboard(' ');
      await user.keyboard('{Enter}');
      expect(next).toBeDisabled();
      previous.focus();
      await user.keyboard('{Enter}');
      expect(layout.scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: -300 }));
      expect(next).toBeEnabled();
      // Tab from the buttons reaches the first vehicle's link.
      await act(async () => next.focus());
      await user.tab();
      expect(document.activeElement).toBe(within(region).getAllByRole('link')[0]);
    } finally {
      layout.restore();
    }
  });

  it("reads its edges in the resize observer's report, not while hydrating: a list that fits disables Next then", () => {
    const reports: (() => void)[] = [];
    const saved = (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
      constructor(private readonly report: () => void) {}
      observe() {
        reports.push(() => this.report());
      }
      disconnect() {}
    };
    const proto = HTMLElement.prototype as unknown as Record<string, unknown>;
    const savedSizes = ['clientWidth', 'scrollWidth'].map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)] as const);
    const read = jest.fn(() => 300);
    Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => 300 });
    Object.defineProperty(proto, 'scrollWidth', { configurable: true, get: read });
    try {
      renderGrid(busWith({ query: { zip: '30301' }, result: result(8) }), { vehiclehighlights: highlights });
      const region = screen.getByRole('region', { name: CAROUSEL_TEXT.heading });
      const next = within(region).getByRole('button', { name: CAROUSEL_TEXT.next });
      expect(read).not.toHaveBeenCalled();
      expect(next).toBeEnabled();
      expect(reports).toHaveLength(1);
      act(() => reports[0]());
      expect(read).toHaveBeenCalled();
      expect(next).toBeDisabled();
    } finally {
      for (const [k, d] of savedSizes) {
        if (d) Object.defineProperty(proto, k, d);
        else delete proto[k];
      }
      (globalThis as { ResizeObserver?: unknown }).ResizeObserver = saved;
    }
  });

  it('renders on the server without the browser: the list at its start, Previous disabled', () => {
    const slots = buildSlots(result(3), { highlights: highlights.listings }, { flags: { vehicleHighlight: true } });
    const row = slots.find((s): s is CarouselSlot => s.kind === 'carousel')!;
    const html = renderToString(<HighlightCarousel slot={row} />);
    expect(html).toContain(CAROUSEL_TEXT.heading);
    expect(html).toMatch(/<button[^>]*disabled[^>]*>Previous<\/button>/);
    expect(html.match(/<a /g)).toHaveLength(3);
  });
});
