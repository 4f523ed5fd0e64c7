import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { createBus } from '@cfs/bus';
import { BusContext, useFirstPaint, useShared } from '../src';

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

/** A pointer event as the browser sends it (jsdom has no PointerEvent). */
function pointer(type: 'pointerdown' | 'pointerup', target: EventTarget, pointerId = 1) {
  const e = new MouseEvent(type, { bubbles: true, cancelable: true });
  Object.defineProperty(e, 'pointerId', { value: pointerId });
  target.dispatchEvent(e);
}

describe('useFirstPaint', () => {
  /** Three cards on the first paint, all ten after it, and a button after them. */
  function List() {
    const first = useFirstPaint();
    const cards = Array.from({ length: first ? 3 : 10 }, (_, i) => <li key={i}>card {i + 1}</li>);
    return (
      <div>
        <ul>{cards}</ul>
        <button type="button">Subscribe</button>
      </div>
    );
  }

  async function hydrated(before?: (host: HTMLElement) => void) {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<List />);
    document.body.appendChild(host);
    before?.(host);
    const recoverable = jest.fn();
    await act(async () => {
      hydrateRoot(host, <List />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    return host;
  }

  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is the first paint on the server and in the hydrating render, and adds the rest the render after', async () => {
    const host = await hydrated((h) => expect(h.querySelectorAll('li')).toHaveLength(3));
    expect(host.querySelectorAll('li')).toHaveLength(10);
  });

  it('adds nothing above the pressed element while a pointer is down: only once it is released and the click has gone', async () => {
    // The press that hydrates the region: the button must stay under the pointer until its release.
    const host = await hydrated((h) => pointer('pointerdown', h.querySelector('button')!));
    expect(host.querySelectorAll('li')).toHaveLength(3);
    jest.useFakeTimers();
    try {
      // The press moves the focus (a field the shopper typed in loses it): the press goes on.
      act(() => {
        host.querySelector('button')!.dispatchEvent(new FocusEvent('blur'));
        jest.runOnlyPendingTimers();
      });
      expect(host.querySelectorAll('li')).toHaveLength(3);
      act(() => pointer('pointerup', host.querySelector('button')!));
      // Still the first paint in the task of the release (the click follows it there).
      expect(host.querySelectorAll('li')).toHaveLength(3);
      act(() => jest.runOnlyPendingTimers());
      expect(host.querySelectorAll('li')).toHaveLength(10);
      // Added once, it stays: a later press changes nothing.
      act(() => pointer('pointerdown', host.querySelector('button')!, 2));
      expect(host.querySelectorAll('li')).toHaveLength(10);
      act(() => pointer('pointerup', host.querySelector('button')!, 2));
      act(() => jest.runOnlyPendingTimers());
      expect(host.querySelectorAll('li')).toHaveLength(10);
    } finally {
      jest.useRealTimers();
    }
  });
});
