/**
 * When a region's code is wanted (regions.ts' Region.hydrate): at once, near the viewport, when
 * the shopper reaches or uses it, when the bus says its part is wanted, or when the browser is
 * idle. A region registered later shows its server HTML meanwhile (remotes.ts).
 */
import { getAppStatus, MOUNTED } from 'single-spa';
import { REGION_MEMORY_KEYS, type Bus, type BusEventName, type BusEvents } from '@cfs/contracts';
import { earlyInput, SERVER_RENDERED_ATTR, WANTED_NOW_ATTR } from '@cfs/remote-kit/dom';
import { pressedButton, takeHeldInput } from './early-submit';
import { type Region } from './regions';
import { whenIdle } from './waits';

/**
 * Resolves when a 'visible' region nears the viewport (within a screen) or takes focus; at once
 * where the browser cannot tell.
 */
export function whenNear(el: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    if (typeof IntersectionObserver !== 'function') return resolve();
    const done = () => {
      io.disconnect();
      el.removeEventListener('focusin', done);
      resolve();
    };
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), { rootMargin: '100% 0px' });
    io.observe(el);
    el.addEventListener('focusin', done);
  });
}

/**
 * Whether the region arrived server-rendered and empty (an empty drawer renders nothing): only
 * then can its code wait for first use. A region the server did not render (its render failed,
 * or a staging override) loads on idle, so a remote that cannot load still shows its notice.
 */
/** Whether the region remembers something of this session (REGION_MEMORY_KEYS): then it loads on idle. */
export function remembers(region: Region, storage: Pick<Storage, 'getItem'> | null = sessionStore()): boolean {
  const key = REGION_MEMORY_KEYS[region.remote];
  try {
    return !!key && !!storage?.getItem(key);
  } catch {
    return false;
  }
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function serverHtmlEmpty(el: HTMLElement | null): boolean {
  const root = el?.querySelector(`[${SERVER_RENDERED_ATTR}]`);
  return !!root && root.childElementCount === 0 && !root.textContent?.trim();
}

type HeldEvent = { [E in BusEventName]: { name: E; payload: BusEvents[E] } }[BusEventName];

/**
 * Resolves at the first of the region's wake events, holding it and any that follow until
 * `release` hands them to the mounted region (which subscribes to them on mount).
 */
export function whenUsed(bus: Bus, events: BusEventName[]) {
  const held: HeldEvent[] = [];
  const offs: (() => void)[] = [];
  const used = new Promise<void>((resolve) => {
    for (const name of events) {
      offs.push(
        bus.on(name, (payload) => {
          held.push({ name, payload } as HeldEvent);
          resolve();
        }),
      );
    }
  });
  return {
    used,
    /** Stops holding; replays what was held when `deliver` is true (dropped if the region failed). */
    release(deliver: boolean) {
      for (const off of offs.splice(0)) off();
      for (const e of held.splice(0)) if (deliver) bus.publish(e.name, e.payload as never);
    },
  };
}

/**
 * What a shopper does that reaches into a region ('reached' hydration). A click, a submit, an
 * input and a change count too: assistive technology may press a button or choose an option with
 * no pointer or key event before it.
 */
const REACH_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click', 'submit', 'input', 'change'] as const;

/**
 * Holds a region's input until its code has mounted: a button of it pressed, a form of it sent
 * and Enter in a field outside a form (the form is not sent to the server by the browser
 * meanwhile). What it holds goes no further into the region: a root that has begun to hydrate
 * would otherwise take the event too (React hydrates at once to handle it), with the server's
 * state (a prompt's address still empty, the early input not yet handed over), and the press
 * would come twice. `release(true)`, once the region is mounted, presses, sends and gives them
 * again (with `sentEarly`, what the page's start script held), on the same elements a hydration
 * kept; `release(false)` drops them.
 */
export function holdInput(el: HTMLElement, sentEarly: (HTMLFormElement | HTMLButtonElement)[] = []) {
  const held: (HTMLButtonElement | HTMLFormElement | HTMLInputElement)[] = [...sentEarly];
  const hold = (e: Event, target: (typeof held)[number]) => {
    e.stopPropagation();
    if (!held.includes(target)) held.push(target);
  };
  const onClick = (e: Event) => {
    const button = pressedButton(e);
    if (button) hold(e, button);
  };
  // Enter in a field outside any form (a form's is a submit, held as one): the region's key handler.
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement && !e.target.form) hold(e, e.target);
  };
  const onSubmit = (e: Event) => {
    e.preventDefault();
    if (e.target instanceof HTMLFormElement) hold(e, e.target);
  };
  el.addEventListener('click', onClick, true);
  el.addEventListener('submit', onSubmit, true);
  el.addEventListener('keydown', onKey, true);
  return {
    release(deliver: boolean) {
      el.removeEventListener('click', onClick, true);
      el.removeEventListener('submit', onSubmit, true);
      el.removeEventListener('keydown', onKey, true);
      for (const target of held.splice(0)) {
        if (!deliver || !target.isConnected) continue;
        if (target instanceof HTMLFormElement) target.requestSubmit();
        else if (target instanceof HTMLInputElement) {
          // Pressed while the shopper was still in the field (one left since has had its leaving).
          if (target.ownerDocument.activeElement === target) {
            target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
          }
        } else if (!target.disabled) target.click();
      }
    },
  };
}

/**
 * Resolves at the shopper's first reach into `el`, at the first search after this one, or when
 * what `shows` reads of the state changes, whichever comes first (at once if the shopper already
 * changed a control of its server HTML). Holds the region's input until `release` (holdInput).
 */
export function whenReached(el: HTMLElement, bus: Bus, shows?: Region['shows'], sentEarly: (HTMLFormElement | HTMLButtonElement)[] = []) {
  const hold = holdInput(el, sentEarly);
  let stopWaiting = () => {};
  const reached = new Promise<void>((resolve) => {
    const start = bus.getState().search.requestId;
    const shown = shows?.(bus.getState());
    const done = () => {
      stopWaiting();
      resolve();
    };
    const off = bus.subscribe((state) => (state.search.requestId !== start || (shows && shows(state) !== shown)) && done());
    for (const type of REACH_EVENTS) el.addEventListener(type, done, { capture: true, passive: true });
    stopWaiting = () => {
      off();
      for (const type of REACH_EVENTS) el.removeEventListener(type, done, true);
    };
    // Reached before the shell started: something typed, chosen or ticked in the server HTML, or a form sent.
    if (sentEarly.length || earlyInput(el).length) done();
  });
  return {
    reached,
    release(deliver: boolean) {
      stopWaiting();
      hold.release(deliver);
    },
  };
}

/** Resolves true once single-spa has mounted the app, false if it could not. */
export function whenMounted(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      const status = getAppStatus(name);
      if (status === MOUNTED || (status && /BROKEN|ERROR/.test(status))) {
        window.removeEventListener('single-spa:app-change', check);
        window.removeEventListener('single-spa:routing-event', check);
        resolve(status === MOUNTED);
      }
    };
    window.addEventListener('single-spa:app-change', check);
    window.addEventListener('single-spa:routing-event', check);
    check();
  });
}

/**
 * A region's forms sent and buttons pressed before the shell started (held by the page's start
 * script, early-submit.ts): held on, with whatever else the shopper sends, and sent or pressed
 * again once the region has mounted, as those of a region hydrating are. What to call once it is
 * registered; null when there were none, unless `always` (a region registered at once: what the
 * shopper presses until it has mounted is held too).
 */
export function sentBeforeStart(region: Region, always = false): (() => void) | null {
  const el = document.getElementById(region.id);
  const sent = el ? takeHeldInput(el) : [];
  if (!el || (!sent.length && !always)) return null;
  return afterMount(region, holdInput(el, sent));
}

/**
 * What to call once a region is registered: once it has mounted, each hold is released (delivered,
 * or dropped if it failed), in a task of its own. The mount may end inside the dispatch of the very
 * event held (a root hydrating at a press), and a form sent again while its submit is still being
 * dispatched is not sent at all.
 */
function afterMount(region: Region, ...holds: { release(deliver: boolean): void }[]): () => void {
  return () => void whenMounted(region.remote).then((ok) => setTimeout(() => holds.forEach((h) => h.release(ok)), 0));
}

/**
 * When a region's code should load (see Region.hydrate). `woken`: a region that `awaits` asked
 * for itself (its `awaiting` called wake()): a 'reached' one is wanted then too.
 */
export async function whenWanted(region: Region, bus: Bus, woken?: Promise<void>): Promise<() => void> {
  const el = document.getElementById(region.id);
  const none = () => {};
  // A form of it sent before the shell started: it is wanted now.
  const sent = sentBeforeStart(region);
  if (sent) return sent;
  // A 'visible' region rendered empty (the model reference of a search with no model) has nothing
  // to see or press until a search, or what it shows, changes: it is wanted as a 'reached' one
  // is, not when in view (a short page, one with no results, has it in view at once).
  const hydrate = region.hydrate === 'visible' && serverHtmlEmpty(el) ? 'reached' : region.hydrate;
  // A region with server HTML holds what the shopper presses or sends until its code has mounted.
  if (hydrate === 'visible' && el?.querySelector(`[${SERVER_RENDERED_ATTR}]`)) {
    const hold = holdInput(el);
    await whenNear(el);
    return afterMount(region, hold);
  }
  if (hydrate === 'used' && region.wakeOn?.length && serverHtmlEmpty(el) && !remembers(region)) {
    const wake = whenUsed(bus, region.wakeOn);
    await wake.used;
    return afterMount(region, wake);
  }
  if (hydrate === 'reached' && el?.querySelector(`[${SERVER_RENDERED_ATTR}]`) && !remembers(region)) {
    // Its server HTML holds a part only its code can finish (remote-kit's WantedNow): wanted now,
    // and what the shopper presses until it has mounted is held (a signed-in shopper's Save).
    if (el.querySelector(`[${WANTED_NOW_ATTR}]`)) return afterMount(region, holdInput(el));
    const reach = whenReached(el, bus, region.shows);
    const wake = region.wakeOn?.length ? whenUsed(bus, region.wakeOn) : null;
    await Promise.race([reach.reached, ...(wake ? [wake.used] : []), ...(woken ? [woken] : [])]);
    return afterMount(region, reach, ...(wake ? [wake] : []));
  }
  if (hydrate === 'first') return none;
  const hold = el?.querySelector(`[${SERVER_RENDERED_ATTR}]`) ? holdInput(el) : null;
  await whenIdle();
  return hold ? afterMount(region, hold) : none;
}
