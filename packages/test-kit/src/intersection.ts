/**
 * IntersectionObserver as the browser gives it, driven by the test: `show` says which observed
 * elements came into view and how much of them (jsdom has no layout, hence no observer).
 * `install()` puts it on the window for one test file (call it in beforeEach; `uninstall` after).
 */
export class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  observed = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
    FakeIntersectionObserver.all = FakeIntersectionObserver.all.filter((o) => o !== this);
  }
  takeRecords() {
    return [];
  }
  /**
   * Reports the observed elements `pick` chooses as in view with `ratio` of them on screen, to
   * every observer (or only those whose threshold is `threshold`).
   */
  static show(pick: (el: Element) => boolean, ratio = 1, threshold?: number) {
    for (const o of FakeIntersectionObserver.all.filter((x) => threshold === undefined || x.options.threshold === threshold)) {
      const entries = [...o.observed]
        .filter(pick)
        .map((target) => ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio }) as unknown as IntersectionObserverEntry);
      if (entries.length) o.callback(entries, o as unknown as IntersectionObserver);
    }
  }
  static install() {
    FakeIntersectionObserver.all = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
  }
  static uninstall() {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  }
}
