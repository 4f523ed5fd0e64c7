import { createBus } from '@cfs/bus';
import { PAGE_EVENT_LIMITS, PAGE_EVENTS_PATH, type PageEvent } from '@cfs/contracts';
import { bindPageEvents, SEND_FAILED } from '../src/analytics';

const nav = navigator as unknown as { sendBeacon?: (url: string | URL, body?: BodyInit | null) => boolean };
const hide: PageEvent = { type: 'showcase:hide-click', ownerId: 'd100001' };

/** The Blob the sender makes, recorded as given (jsdom's Blob cannot be read back synchronously). */
class RecordedBlob {
  readonly text: string;
  readonly type: string;
  readonly size: number;
  constructor(parts: string[], opts: { type: string }) {
    this.text = parts.join('');
    this.type = opts.type;
    this.size = Buffer.byteLength(this.text);
  }
}
const bodyOf = (blob: unknown) => JSON.parse((blob as RecordedBlob).text);
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
const realBlob = globalThis.Blob;

describe('page events sender', () => {
  let beacons: { url: string; body: RecordedBlob }[];
  let fetchMock: jest.Mock;
  let unbind: () => void;
  let errors: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers();
    globalThis.Blob = RecordedBlob as unknown as typeof Blob;
    beacons = [];
    nav.sendBeacon = jest.fn((url: string | URL, body?: BodyInit | null) => {
      beacons.push({ url: String(url), body: body as unknown as RecordedBlob });
      return true;
    });
    fetchMock = jest.fn(() => Promise.resolve({ ok: true, status: 202 }));
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    unbind?.();
    errors.mockRestore();
    jest.useRealTimers();
    delete nav.sendBeacon;
    globalThis.Blob = realBlob;
  });

  it("names the registry version that served a region in its health report (a remote's own report leaves it out)", () => {
    const bus = createBus();
    const registry = { remotes: { 'mf-results': { version: '2.0.0-abc', manifest: '/m.json' } } };
    unbind = bindPageEvents(bus, '', registry);
    bus.publish('shell:page-event', { type: 'region:health', remote: 'mf-results', kind: 'hydration' });
    bus.publish('shell:page-event', { type: 'region:health', remote: 'mf-results', kind: 'mount', version: 'kept' });
    bus.publish('shell:page-event', { type: 'region:health', remote: 'mf-alerts', kind: 'error' });
    jest.advanceTimersByTime(PAGE_EVENT_LIMITS.flushDelayMs);
    expect(bodyOf(beacons[0].body).events).toEqual([
      { type: 'region:health', remote: 'mf-results', kind: 'hydration', version: '2.0.0-abc' },
      { type: 'region:health', remote: 'mf-results', kind: 'mount', version: 'kept' },
      { type: 'region:health', remote: 'mf-alerts', kind: 'error' },
    ]);
  });

  it('sends the events of the bus as one beacon of text/plain JSON after the delay', async () => {
    const bus = createBus();
    unbind = bindPageEvents(bus, 'https://gw.example');
    bus.publish('shell:page-event', hide);
    bus.publish('shell:page-event', { type: 'results:load-more', firstRecord: 30, by: 'button' });
    expect(beacons).toHaveLength(0);
    jest.advanceTimersByTime(PAGE_EVENT_LIMITS.flushDelayMs);
    expect(beacons).toHaveLength(1);
    expect(beacons[0].url).toBe(`https://gw.example${PAGE_EVENTS_PATH}`);
    expect(beacons[0].body.type).toBe('text/plain;charset=UTF-8');
    expect(bodyOf(beacons[0].body)).toEqual({ events: [hide, { type: 'results:load-more', firstRecord: 30, by: 'button' }] });
    jest.advanceTimersByTime(PAGE_EVENT_LIMITS.flushDelayMs * 3);
    expect(beacons).toHaveLength(1);
  });

  it('sends a full batch at once, and keeps every batch under the byte limit', async () => {
    const bus = createBus();
    unbind = bindPageEvents(bus);
    for (let i = 0; i < PAGE_EVENT_LIMITS.batchEvents; i++) bus.publish('shell:page-event', hide);
    expect(beacons).toHaveLength(1);
    expect((bodyOf(beacons[0].body) as { events: unknown[] }).events).toHaveLength(PAGE_EVENT_LIMITS.batchEvents);

    const ids = Array.from({ length: PAGE_EVENT_LIMITS.impressionIds }, (_, i) => String(700000000 + i));
    for (let i = 0; i < 40; i++) bus.publish('shell:page-event', { type: 'results:impression', listingIds: ids });
    jest.advanceTimersByTime(PAGE_EVENT_LIMITS.flushDelayMs);
    expect(beacons.length).toBeGreaterThan(2);
    let sent = 0;
    for (const b of beacons.slice(1)) {
      expect(b.body.size).toBeLessThanOrEqual(PAGE_EVENT_LIMITS.batchBytes);
      sent += (bodyOf(b.body) as { events: unknown[] }).events.length;
    }
    expect(sent).toBe(40);
  });

  it('sends what it holds when the page is hidden or left', () => {
    const bus = createBus();
    unbind = bindPageEvents(bus);
    bus.publish('shell:page-event', hide);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(1);
    bus.publish('shell:page-event', hide);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    expect(beacons).toHaveLength(2);
  });

  it('falls back to a keepalive POST of JSON when the beacon is refused, or missing', async () => {
    const bus = createBus();
    unbind = bindPageEvents(bus);
    (nav.sendBeacon as jest.Mock).mockReturnValue(false);
    bus.publish('shell:page-event', hide);
    jest.advanceTimersByTime(PAGE_EVENT_LIMITS.flushDelayMs);
    delete nav.sendBeacon;
    bus.publish('shell:page-event', hide);
    jest.advanceTimersByTime(PAGE_EVENT_LIMITS.flushDelayMs);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(PAGE_EVENTS_PATH);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(init.body)).toEqual({ events: [hide] });
  });

  it('logs a failed send and nothing else: the publisher never sees it', async () => {
    const bus = createBus();
    unbind = bindPageEvents(bus);
    nav.sendBeacon = jest.fn(() => {
      throw new TypeError('beacon refused');
    });
    fetchMock.mockReturnValueOnce(Promise.reject(new TypeError('network down')));
    fetchMock.mockReturnValueOnce(Promise.resolve({ ok: false, status: 429 }));
    expect(() => {
      bus.publish('shell:page-event', hide);
      jest.advanceTimersByTime(PAGE_EVENT_LIMITS.flushDelayMs);
      bus.publish('shell:page-event', hide);
      jest.advanceTimersByTime(PAGE_EVENT_LIMITS.flushDelayMs);
    }).not.toThrow();
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(errors).toHaveBeenCalledWith(SEND_FAILED, expect.any(TypeError));
    expect(errors).toHaveBeenCalledWith(SEND_FAILED, 429);
  });
});
