import { REGION_NOTICE } from '@cfs/remote-kit';
import { createBus } from '@cfs/bus';
import type { Listing } from '@cfs/contracts';
import { fetchRegistry, showNotice } from '../src/remotes';
import { inlineStylesPlugin, integrityPlugin } from '../src/federation';
import { remembers, whenReached, whenUsed, whenWanted } from '../src/hydration-triggers';
import { withTimeout } from '../src/waits';
import { FIRST_LOAD_REMOTES, loadsWithPage, regionFor, REGIONS } from '../src/regions';

describe('remote loading', () => {
  it('shows the notice in the failed remote region only', () => {
    document.body.innerHTML = '<section id="region-showcase"><p>old</p></section><section id="region-results"><p>cards</p></section>';
    showNotice('mf-showcase');
    expect(document.getElementById('region-showcase')?.textContent).toBe(REGION_NOTICE);
    expect(document.getElementById('region-results')?.textContent).toBe('cards');
  });

  it('gives up on a remote that never answers after the timeout', async () => {
    jest.useFakeTimers();
    const p = withTimeout(new Promise(() => {}), 3000, 'mf-reference');
    jest.advanceTimersByTime(3000);
    await expect(p).rejects.toThrow('mf-reference did not load within 3000 ms');
    jest.useRealTimers();
  });

  it('passes staging overrides to the registry call', async () => {
    const fetchImpl = jest.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) => ({ ok: true, json: async () => ({ remotes: {} }) }) as unknown as Response,
    );
    await fetchRegistry('?remotes=mf-results@http://127.0.0.1:3101/mf-manifest.json', fetchImpl);
    expect(String(fetchImpl.mock.calls[0][0])).toBe(
      '/cars-for-sale/registry.json?remotes=mf-results%40http%3A%2F%2F127.0.0.1%3A3101%2Fmf-manifest.json',
    );
    const failing = jest.fn(async () => ({ ok: false, status: 403 }) as unknown as Response);
    await expect(fetchRegistry('', failing)).rejects.toThrow('registry answered 403');
  });

  it('does not preload again a stylesheet the page carries inline', () => {
    document.head.innerHTML = '<style data-href="__federation_expose_lifecycles.abc.css">.a{}</style>';
    const op: { filter?: (url: string) => boolean } = {};
    inlineStylesPlugin(document).beforePreloadRemote!({ preloadOps: [op] });
    const base = 'http://127.0.0.1/cars-for-sale/remotes/mf-results/1.0.0-x/';
    expect(op.filter!(`${base}__federation_expose_lifecycles.abc.css`)).toBe(false);
    expect(op.filter!(`${base}__federation_expose_lifecycles.def.css`)).toBe(true);
    expect(op.filter!(`${base}__federation_expose_lifecycles.abc.js`)).toBe(true);
  });

  it("loads a remote's entry script with the registry's integrity hash, in CORS mode", () => {
    const entry = 'http://127.0.0.1/cars-for-sale/remotes/mf-results/1.0.0-x/remoteEntry.js';
    const plugin = integrityPlugin({
      remotes: {
        'mf-results': { version: '1.0.0-x', manifest: '/m.json', integrity: 'sha384-abc' },
        'mf-filters': { version: 'override', manifest: 'http://127.0.0.1:3102/mf-manifest.json' },
      },
    });
    const script = plugin.createScript!({ url: entry, attrs: { fetchpriority: 'high' }, remoteInfo: { name: 'mf_results', entry } });
    expect(script).toBeInstanceOf(HTMLScriptElement);
    expect(script!.getAttribute('integrity')).toBe('sha384-abc');
    expect(script!.getAttribute('crossorigin')).toBe('anonymous');
    expect(script!.getAttribute('fetchpriority')).toBe('high');
    expect(script!.src).toBe(entry);
    // Other scripts of the remote, and remotes without a hash (staging overrides), load as before.
    expect(
      plugin.createScript!({ url: entry.replace('remoteEntry', '123.abc'), remoteInfo: { name: 'mf_results', entry } }),
    ).toBeUndefined();
    const override = 'http://127.0.0.1:3102/remoteEntry.js';
    expect(plugin.createScript!({ url: override, remoteInfo: { name: 'mf_filters', entry: override } })).toBeUndefined();
  });

  const listing = ({ id }: { id: string }) => ({ id, title: `Listing ${id}` }) as Listing;

  it('loads a region on first use: holds its wake events and hands them over once it is mounted', async () => {
    const bus = createBus();
    const wake = whenUsed(bus, ['compare:add']);
    let used = false;
    void wake.used.then(() => (used = true));
    await Promise.resolve();
    expect(used).toBe(false);

    const first = listing({ id: 'a1' });
    const second = listing({ id: 'a2' });
    bus.publish('compare:add', { listing: first });
    bus.publish('compare:add', { listing: second });
    await wake.used;

    // The region mounts and subscribes; the held events reach it in order, once.
    const seen: string[] = [];
    bus.on('compare:add', ({ listing: l }) => seen.push(l.id));
    wake.release(true);
    expect(seen).toEqual(['a1', 'a2']);
    bus.publish('compare:add', { listing: listing({ id: 'a3' }) });
    expect(seen).toEqual(['a1', 'a2', 'a3']);
  });

  /** A region's server HTML: a button, a form with a field and a submit button, a link. */
  function reachable() {
    const el = document.createElement('section');
    el.innerHTML =
      '<div data-ssr=""><button type="button">Hide</button><form><input name="email"><button type="submit">Send</button></form><a href="#x">Dealer</a></div>';
    document.body.appendChild(el);
    const outside = document.createElement('button');
    document.body.appendChild(outside);
    return {
      el,
      outside,
      hide: el.querySelector('button')!,
      form: el.querySelector('form')!,
      send: el.querySelector<HTMLButtonElement>('button[type="submit"]')!,
    };
  }

  const settled = async (p: Promise<void>) => {
    let done = false;
    void p.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 0));
    return done;
  };

  it("loads a 'reached' region at the shopper's first reach into it, not at a touch elsewhere", async () => {
    const { el, outside, hide } = reachable();
    const reach = whenReached(el, createBus());
    outside.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(await settled(reach.reached)).toBe(false);
    hide.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(await settled(reach.reached)).toBe(true);
    reach.release(true);
    document.body.innerHTML = '';
  });

  it("loads a 'reached' region when what its server HTML shows of the state changes (the filter panel's Save Search and the save)", async () => {
    const { el } = reachable();
    const bus = createBus();
    const shows = regionFor('mf-filters')!.shows!;
    const reach = whenReached(el, bus, shows);
    bus.update('session', { signedIn: true });
    expect(await settled(reach.reached)).toBe(false);
    bus.update('savedSearch', { status: 'saved' });
    expect(await settled(reach.reached)).toBe(true);
    reach.release(true);
    document.body.innerHTML = '';
  });

  it("loads a 'reached' region at once when the shopper typed into its server HTML before the shell started", async () => {
    const { el } = reachable();
    el.querySelector('input')!.value = 'ada@example.com';
    const reach = whenReached(el, createBus());
    expect(await settled(reach.reached)).toBe(true);
    reach.release(true);
    document.body.innerHTML = '';
  });

  it("loads a 'reached' region at once when its server HTML has a part only its code can finish", async () => {
    const region = regionFor('mf-filters')!;
    expect(region.hydrate).toBe('reached');
    for (const wanted of [true, false]) {
      document.body.innerHTML = `<aside id="${region.id}"><div data-ssr=""><p>Looking…${wanted ? '<span hidden data-wanted-now></span>' : ''}</p></div></aside>`;
      expect(await settled(whenWanted(region, createBus()).then(() => {}))).toBe(wanted);
      document.body.innerHTML = '';
    }
  });

  it('the results region waits for the shopper; only the part of its code that awaits loads with the page', async () => {
    const region = regionFor('mf-results')!;
    expect(region).toMatchObject({ hydrate: 'reached', awaits: true });
    expect(loadsWithPage(region)).toBe(true);
    expect(FIRST_LOAD_REMOTES).toContain('mf-results');
    expect(REGIONS.filter(loadsWithPage).map((r) => r.remote)).toEqual(['mf-results']);
    // Its server HTML shows: it is wanted at the shopper's reach, or when its awaiting asks for it.
    document.body.innerHTML = `<section id="${region.id}"><div data-ssr=""><article><a href="/v/1">Car</a></article></div></section>`;
    let wake!: () => void;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    const wanted = whenWanted(region, createBus(), woken).then(() => {});
    expect(await settled(wanted)).toBe(false);
    wake();
    expect(await settled(wanted)).toBe(true);
    document.body.innerHTML = '';
  });

  it("loads a 'reached' region at one of its intents too (the alerts at a save asked for elsewhere)", async () => {
    const region = regionFor('mf-alerts')!;
    expect(region.hydrate).toBe('reached');
    document.body.innerHTML = `<section id="${region.id}"><div data-ssr=""><button type="button">Save Search</button></div></section>`;
    const bus = createBus();
    const wanted = whenWanted(region, bus);
    expect(await settled(wanted.then(() => {}))).toBe(false);
    bus.publish('alerts:save-search', { query: { makeCode: ['FORD'] } });
    expect(await settled(wanted.then(() => {}))).toBe(true);
    document.body.innerHTML = '';
  });

  it("a 'visible' region with server HTML holds what the shopper sends or presses until its code has mounted", async () => {
    const region = regionFor('mf-reference')!;
    expect(region.hydrate).toBe('visible');
    document.body.innerHTML = `<section id="${region.id}"><div data-ssr=""><form><button>Go</button></form><button type="button">Trims</button></div></section>`;
    await whenWanted(region, createBus());
    const form = document.querySelector('form')!;
    const sent = jest.fn();
    window.addEventListener('submit', sent, true);
    const inRegion = jest.fn();
    form.addEventListener('submit', inRegion);
    form.requestSubmit();
    // Held: the browser does not send it meanwhile, nor does the region see it; once mounted it
    // is sent again (whenReached's test).
    expect(sent.mock.calls[0][0].defaultPrevented).toBe(true);
    expect(inRegion).not.toHaveBeenCalled();
    window.removeEventListener('submit', sent, true);
    document.body.innerHTML = '';
  });

  it("loads a 'visible' region rendered empty at the next search, not when it is in view", async () => {
    const region = regionFor('mf-reference')!;
    expect(region.hydrate).toBe('visible');
    // No IntersectionObserver here: a region with content is near at once (the test above).
    document.body.innerHTML = `<section id="${region.id}"><div data-ssr=""></div></section>`;
    const bus = createBus();
    const wanted = whenWanted(region, bus);
    expect(await settled(wanted.then(() => {}))).toBe(false);
    bus.update('search', { requestId: bus.getState().search.requestId + 1 });
    expect(await settled(wanted.then(() => {}))).toBe(true);
    document.body.innerHTML = '';
  });

  it("loads a 'reached' region at the next search, whatever the shopper touches", async () => {
    const { el } = reachable();
    const bus = createBus();
    const reach = whenReached(el, bus);
    bus.update('compare', { open: true });
    expect(await settled(reach.reached)).toBe(false);
    bus.update('search', { requestId: bus.getState().search.requestId + 1 });
    expect(await settled(reach.reached)).toBe(true);
    document.body.innerHTML = '';
  });

  it('presses again a button pressed and sends again a form sent before the region was mounted; drops them if it failed', async () => {
    for (const mounted of [true, false]) {
      const { el, hide, form, send } = reachable();
      const reach = whenReached(el, createBus());
      const pressed: string[] = [];
      // The browser's own default: a form not held would be sent to the server.
      const sent = jest.fn();
      window.addEventListener('submit', sent, true);
      // A root that has begun to hydrate listens in the region: it sees nothing held (it would
      // handle it with the server's state, and the press would come twice).
      const inRegion = jest.fn();
      form.addEventListener('submit', inRegion);
      hide.addEventListener('click', inRegion);
      hide.click();
      send.click();
      await reach.reached;
      expect(sent.mock.calls[0][0].defaultPrevented).toBe(true);
      expect(inRegion).not.toHaveBeenCalled();
      window.removeEventListener('submit', sent, true);
      form.removeEventListener('submit', inRegion);
      hide.removeEventListener('click', inRegion);
      // The region's code is mounted: its handlers are on the same elements.
      hide.addEventListener('click', () => pressed.push('hide'));
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        pressed.push('send');
      });
      reach.release(mounted);
      expect(pressed).toEqual(mounted ? ['hide', 'send'] : []);
      // Released: later presses are the region's own, not held again.
      hide.click();
      expect(pressed).toEqual(mounted ? ['hide', 'send', 'hide'] : ['hide']);
      document.body.innerHTML = '';
    }
  });

  it('gives Enter pressed in a field outside a form again once mounted, if the shopper is still in it', async () => {
    for (const stillThere of [true, false]) {
      const el = document.createElement('section');
      el.innerHTML = '<div data-ssr=""><label>Max Price <input></label><button type="button">Other</button></div>';
      document.body.appendChild(el);
      const field = el.querySelector('input')!;
      const reach = whenReached(el, createBus());
      field.focus();
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await reach.reached;
      if (!stillThere) el.querySelector('button')!.focus();
      const keys: string[] = [];
      field.addEventListener('keydown', (e) => keys.push(e.key));
      reach.release(true);
      expect(keys).toEqual(stillThere ? ['Enter'] : []);
      document.body.innerHTML = '';
    }
  });

  it('drops the held events of a region that failed to mount', async () => {
    const bus = createBus();
    const wake = whenUsed(bus, ['compare:add']);
    bus.publish('compare:add', { listing: listing({ id: 'a1' }) });
    await wake.used;
    const seen: string[] = [];
    bus.on('compare:add', ({ listing: l }) => seen.push(l.id));
    wake.release(false);
    expect(seen).toEqual([]);
  });
});

describe('remembers', () => {
  const store = (entries: Record<string, string>) => ({ getItem: (k: string) => entries[k] ?? null });
  it('a region that waits for first use loads at once when the session remembers its content', () => {
    const compare = regionFor('mf-compare')!;
    expect(remembers(compare, store({ 'cfs:mf-compare:selection': '[{"id":"1"}]' }))).toBe(true);
    expect(remembers(compare, store({}))).toBe(false);
    expect(remembers(compare, null)).toBe(false);
    expect(
      remembers(compare, {
        getItem: () => {
          throw new Error('storage disabled');
        },
      }),
    ).toBe(false);
    // A region with no memory key never counts as remembering.
    expect(remembers(regionFor('mf-results')!, store({ 'cfs:mf-compare:selection': 'x' }))).toBe(false);
  });
});
