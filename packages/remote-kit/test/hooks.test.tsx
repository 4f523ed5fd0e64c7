import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { createBus } from '@cfs/bus';
import { BusContext, useShared } from '../src';

function Status() {
  const status = useShared((s) => s.search.status);
  return <p>search {status}</p>;
}

describe('useShared', () => {
  it('shows the bus state and follows its changes', () => {
    const bus = createBus();
    render(
      <BusContext.Provider value={bus}>
        <Status />
      </BusContext.Provider>,
    );
    expect(screen.getByText('search idle')).toBeInTheDocument();
    act(() => bus.update('search', { status: 'loading' }));
    expect(screen.getByText('search loading')).toBeInTheDocument();
  });

  it('hydrates from the state the bus was created with, then shows what changed meanwhile, with no mismatch', async () => {
    const bus = createBus({ search: { query: {}, result: null, status: 'success', requestId: 0, error: null } });
    const tree = (
      <BusContext.Provider value={bus}>
        <Status />
      </BusContext.Provider>
    );
    const host = document.createElement('div');
    host.innerHTML = renderToString(tree);
    document.body.appendChild(host);
    // A search starts before the region hydrates.
    bus.update('search', { status: 'loading' });
    const recoverable = jest.fn();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(host, tree, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(host.textContent).toBe('search loading');
    errors.mockRestore();
  });
});
