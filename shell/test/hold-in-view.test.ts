import { holdInView } from '../src/hold-in-view';

/** A ResizeObserver the test triggers, as layout changes would. */
class FakeObserver {
  static last: FakeObserver | null = null;
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: () => void) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  fire() {
    if (!this.disconnected) this.callback();
  }
}

describe('an in-page jump held in view', () => {
  let top: number;
  let target: HTMLElement;
  let scrollBy: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers();
    document.body.innerHTML =
      '<div data-region="mf-results"></div><div data-region="mf-reference"><h2 id="ref-about" tabindex="-1">About</h2></div>';
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = FakeObserver;
    target = document.getElementById('ref-about')!;
    top = 0;
    jest.spyOn(target, 'getBoundingClientRect').mockImplementation(() => ({ top }) as DOMRect);
    // The jump: the target to the top, below the page's scroll padding.
    // (jsdom lays nothing out and has no scrollIntoView of its own.)
    target.scrollIntoView = () => undefined;
    scrollBy = jest.spyOn(target, 'scrollIntoView').mockImplementation(() => {
      top = parseFloat(document.documentElement.style.scrollPaddingTop) || 0;
    });
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('brings the target back each time the page above it grows, watching the page and every region', () => {
    holdInView(target);
    const observer = FakeObserver.last!;
    expect(observer.observed).toEqual([document.body, ...document.querySelectorAll('[data-region]')]);
    top = 800; // the grid above measured its rows: 800 px more
    observer.fire();
    expect(scrollBy).toHaveBeenLastCalledWith({ block: 'start' });
    expect(top).toBe(0);
    // The sticky hero's height is the page's scroll padding: the target lands below it.
    document.documentElement.style.scrollPaddingTop = '120px';
    observer.fire();
    expect(top).toBe(120);
    document.documentElement.style.scrollPaddingTop = '';
    top = -120;
    jest.advanceTimersByTime(1000);
    observer.fire();
    expect(top).toBe(0);
    // A scroll the page makes meanwhile (a region keeping its own content in place) is undone too.
    top = -108;
    window.dispatchEvent(new Event('scroll'));
    expect(top).toBe(0);
    // A change that does not move the target scrolls nothing.
    scrollBy.mockClear();
    observer.fire();
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it("ends at the shopper's first own scroll, and after a quiet spell", () => {
    holdInView(target);
    window.dispatchEvent(new Event('wheel'));
    expect(FakeObserver.last!.disconnected).toBe(true);

    holdInView(target, document, { quietMs: 1500 });
    jest.advanceTimersByTime(1400);
    FakeObserver.last!.fire(); // a change restarts the quiet spell
    jest.advanceTimersByTime(1400);
    expect(FakeObserver.last!.disconnected).toBe(false);
    jest.advanceTimersByTime(200);
    expect(FakeObserver.last!.disconnected).toBe(true);
  });

  it('ends at its limit however long the page keeps changing', () => {
    holdInView(target, document, { quietMs: 1000, limitMs: 3000 });
    for (let t = 0; t < 3000; t += 500) {
      FakeObserver.last!.fire();
      jest.advanceTimersByTime(500);
    }
    expect(FakeObserver.last!.disconnected).toBe(true);
  });
});
