import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cfs/contracts';
import { LOAD_MORE_FAILED } from '../src/components/LoadMore';
import { STALE_DIM_AFTER_MS } from '../src/rules/grid';
import { busWith, listing, owner, renderGrid, result } from './fixtures';

describe('results grid', () => {
  it('has a heading for screen readers and the list id results-list', () => {
    renderGrid(busWith({ result: result(3) }));
    expect(screen.getByRole('heading', { level: 2, name: 'Vehicle listings' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Vehicle listings' });
    expect(list).toHaveAttribute('id', 'results-list');
    expect(within(list).getAllByRole('article')).toHaveLength(3);
  });

  it('de-duplicates listings by id', () => {
    const r = result(2);
    renderGrid(busWith({ result: { ...r, listings: [...r.listings, r.listings[0]] } }));
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it.each([
    ['totalResultCount is 0', { listings: [], owners: [], totalResultCount: 0 }],
    ['there are no listings', { listings: [], owners: [], totalResultCount: 12 }],
  ])('shows the no-results message in a status region when %s', (_, r) => {
    renderGrid(busWith({ result: r }));
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.noResults);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('keeps the old cards, busy, while a new search loads', () => {
    const bus = busWith({ result: result(3) });
    renderGrid(bus);
    act(() => bus.update('search', { status: 'loading', requestId: 2 }));
    expect(screen.getByRole('list', { name: 'Vehicle listings' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: MESSAGES.seeMoreResults })).not.toBeInTheDocument();
  });

  it('dims the old cards only once a new search has taken 150 ms, and not at all for a quicker one', () => {
    jest.useFakeTimers();
    try {
      const bus = busWith({ result: result(3) });
      renderGrid(bus);
      const list = screen.getByRole('list', { name: 'Vehicle listings' });
      act(() => bus.update('search', { status: 'loading', requestId: 2 }));
      act(() => jest.advanceTimersByTime(STALE_DIM_AFTER_MS - 1));
      expect(list).not.toHaveAttribute('data-state');
      act(() => bus.update('search', { status: 'success', result: result(3) }));
      act(() => jest.advanceTimersByTime(STALE_DIM_AFTER_MS));
      expect(list).not.toHaveAttribute('data-state');

      act(() => bus.update('search', { status: 'loading', requestId: 3 }));
      act(() => jest.advanceTimersByTime(STALE_DIM_AFTER_MS));
      expect(list).toHaveAttribute('data-state', 'stale');
      act(() => bus.update('search', { status: 'success', result: result(3) }));
      expect(list).not.toHaveAttribute('data-state');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows placeholder tiles while the first search loads', () => {
    renderGrid(busWith({ status: 'loading' }));
    const list = screen.getByRole('list', { name: 'Vehicle listings', hidden: true });
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(list.querySelectorAll('.res-placeholder')).toHaveLength(25);
    expect(screen.queryByText(MESSAGES.noResults)).not.toBeInTheDocument();
  });

  it('shows an error notice instead of stale cards when a new search fails', () => {
    const bus = busWith({ result: result(3) });
    renderGrid(bus);
    act(() => bus.update('search', { status: 'loading', requestId: 2 }));
    act(() => bus.update('search', { status: 'error', error: 'search answered 502' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('We are sorry. There was an issue with your last search.');
    expect(within(alert).getByRole('button', { name: MESSAGES.tryAgain })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows an error notice when the state already holds an error', () => {
    renderGrid(busWith({ status: 'error', error: 'down' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});

describe('compare call-to-action', () => {
  it('publishes compare:add, then reads Added to Compare and is disabled', async () => {
    const user = userEvent.setup();
    const bus = busWith({ result: result(3) });
    const added: string[] = [];
    // Stands in for the compare drawer, which owns the compare slice.
    bus.on('compare:add', ({ listing: l }) => {
      added.push(l.id);
      bus.update('compare', { items: [{ id: l.id, title: l.title, price: null, image: null, year: l.year }], open: true });
    });
    renderGrid(bus);
    const card = screen.getAllByRole('article')[1];
    const button = within(card).getByRole('button', { name: 'Add to Compare' });
    expect(button).toHaveAccessibleDescription('Used 2020 Ford F150 XLT 2');
    await user.click(button);
    expect(added).toEqual(['L2']);
    expect(within(card).getByRole('button', { name: 'Added to Compare' })).toBeDisabled();
    expect(screen.getAllByRole('button', { name: 'Add to Compare' })).toHaveLength(2);
  });

  it('is hidden when 5 other listings are active; an added listing keeps its disabled button', () => {
    renderGrid(busWith({ result: result(3) }, { compareIds: ['X1', 'X2', 'X3', 'X4', 'X5'] }));
    expect(screen.queryAllByRole('button', { name: 'Add to Compare' })).toHaveLength(0);
    cleanupAndRender(busWith({ result: result(3) }, { compareIds: ['L1', 'X2', 'X3', 'X4', 'X5'] }));
    expect(screen.getByRole('button', { name: 'Added to Compare' })).toBeDisabled();
    expect(screen.queryAllByRole('button', { name: 'Add to Compare' })).toHaveLength(0);
  });

  it('shows while fewer than 5 are active', () => {
    renderGrid(busWith({ result: result(3) }, { compareIds: ['X1', 'X2', 'X3', 'X4'] }));
    expect(screen.getAllByRole('button', { name: 'Add to Compare' })).toHaveLength(3);
  });

  it('is hidden when the compare flag is off', () => {
    renderGrid(busWith({ result: result(3) }, { compareFlag: false, compareIds: ['L1'] }));
    expect(screen.queryByRole('button', { name: /Compare/ })).not.toBeInTheDocument();
  });
});

describe('See More Results', () => {
  it('publishes results:load-more with firstRecord = listings shown', async () => {
    const user = userEvent.setup();
    const bus = busWith({ result: result(3, 10) });
    const asked: number[] = [];
    bus.on('results:load-more', ({ firstRecord }) => asked.push(firstRecord));
    renderGrid(bus);
    await user.click(screen.getByRole('button', { name: MESSAGES.seeMoreResults }));
    expect(asked).toEqual([3]);
  });

  it('shows Loading more results... while the next page loads, then focuses the first new card', async () => {
    const user = userEvent.setup();
    const bus = busWith({ result: result(3, 10) });
    const asked: number[] = [];
    bus.on('results:load-more', ({ firstRecord }) => {
      asked.push(firstRecord);
      bus.update('search', { status: 'loading-more' });
    });
    renderGrid(bus);
    const button = screen.getByRole('button', { name: MESSAGES.seeMoreResults });
    await user.click(button);
    expect(screen.getByText(MESSAGES.loadingMore)).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(asked).toEqual([3]);

    act(() => bus.update('search', { status: 'success', result: result(6, 10) }));
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.queryByText(MESSAGES.loadingMore)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Used 2020 Ford F150 XLT 4' })).toHaveFocus();
  });

  it('is not shown when every result is on the page', () => {
    renderGrid(busWith({ result: result(3, 3) }));
    expect(screen.queryByRole('button', { name: MESSAGES.seeMoreResults })).not.toBeInTheDocument();
  });

  it('keeps the cards when loading more fails, logs the spec message and offers the button again', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const bus = busWith({ result: result(3, 10) });
    renderGrid(bus);
    act(() => bus.update('search', { status: 'loading-more' }));
    act(() => bus.update('search', { status: 'error', error: 'search answered 500' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(LOAD_MORE_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.seeMoreResults })).not.toHaveAttribute('aria-disabled');
    expect(spy).toHaveBeenCalledWith(expect.stringContaining(MESSAGES.loadMoreError), 'search answered 500');
    spy.mockRestore();
  });
});

function cleanupAndRender(bus: ReturnType<typeof busWith>) {
  document.body.innerHTML = '';
  return renderGrid(bus);
}

// Keep the fixtures' helpers referenced for readers: a listing with an owner, as the shell sends them.
void listing;
void owner;
