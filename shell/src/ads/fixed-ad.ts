/**
 * The fixed bottom ad bar and the footer leader ad in the browser (page-furniture §2 'Other',
 * §4 'Fixed ad', §8, §9). Loaded on its own, once the page is idle or at the first scroll
 * (load.ts), so the shell's first-load script does not carry it.
 *
 * The bar appears once the page is scrolled past the threshold (scroll handled at most once per
 * 100 ms), hides while the page's footer is in view and shows again above it (fixedAdZone), shows
 * a house ad creative from the gateway's ad route at the size the screen takes,
 * then refreshes it at the interval until the refresh limit or until 'Close ad' is pressed. A
 * creative counts as shown once its image has loaded (polled every 300 ms for up to 10000 ms);
 * a creative that does not come or does not load is logged as 'Fixed Ad Failed to load'.
 */
import { AD_LABEL, adCreativeUrl, api, readCreative, type AdCreative } from '@cfs/remote-kit/dom';
import { FIXED_AD_ON_CLASS, FOOTER_AD_BOX_ID } from './ad-markup';
import {
  AD_READY_POLL_MS,
  AD_READY_TIMEOUT_MS,
  FIXED_AD_FAILED,
  FIXED_AD_SLOT,
  FIXED_AD_THROTTLE_MS,
  FOOTER_AD_SIZES,
  FOOTER_AD_SLOT,
  creativeNumber,
  fixedAdSize,
  fixedAdZone,
  mayRefresh,
  readinessChecks,
  resolveFixedAdConfig,
  throttleAllows,
  type AdSize,
  type FixedAdConfig,
  type FixedAdZone,
} from './fixed-ad-rules';

/** designed: the close button's accessible name (the spec says only that the bar can be closed). */
export const CLOSE_AD = 'Close ad';

export interface AdsOptions {
  /** The first-load config's `fixedAd` values (resolveFixedAdConfig reads them). */
  config?: unknown;
  win?: Window;
  /** Reads a gateway path as JSON. */
  load?: (path: string) => Promise<unknown>;
  /** Whether a creative's image has loaded. */
  isReady?: (img: HTMLImageElement) => boolean;
}

/** A handler that runs at most once per `waitMs`: the first call at once, the last one of a burst at the end of the wait. */
export function throttle(fn: () => void, waitMs: number, win: Window = window): (() => void) & { cancel(): void } {
  let lastRunAt: number | null = null;
  let pending: number | null = null;
  const run = () => {
    pending = null;
    lastRunAt = Date.now();
    fn();
  };
  const throttled = () => {
    if (pending !== null) return;
    const now = Date.now();
    if (throttleAllows(lastRunAt, now, waitMs)) run();
    else pending = win.setTimeout(run, waitMs - (now - (lastRunAt ?? now)));
  };
  throttled.cancel = () => {
    if (pending !== null) win.clearTimeout(pending);
    pending = null;
  };
  return throttled;
}

/** Checks at once, then every `pollMs` until ready (true) or `timeoutMs` has passed (false). */
export function pollUntilReady(
  isReady: () => boolean,
  win: Window = window,
  pollMs: number = AD_READY_POLL_MS,
  timeoutMs: number = AD_READY_TIMEOUT_MS,
): Promise<boolean> {
  const checks = readinessChecks(pollMs, timeoutMs);
  return new Promise((resolve) => {
    let made = 0;
    const check = () => {
      made += 1;
      if (isReady()) resolve(true);
      else if (made >= checks) resolve(false);
      else win.setTimeout(check, pollMs);
    };
    check();
  });
}

const imageLoaded = (img: HTMLImageElement) => img.complete && img.naturalWidth > 0;

/**
 * The creative as a link with one image per size given (each named by the creative's text).
 * `lazy`: the images load as they near the viewport, so the size the CSS hides never loads.
 */
function creativeLink(doc: Document, creative: AdCreative, sizes: readonly AdSize[], lazy = false): HTMLAnchorElement | null {
  const images = sizes.flatMap((s) => creative.images.filter((i) => i.width === s.width && i.height === s.height).slice(0, 1));
  if (images.length === 0) return null;
  const link = doc.createElement('a');
  link.href = creative.href;
  for (const i of images) {
    const img = doc.createElement('img');
    img.src = i.src;
    img.alt = creative.alt;
    img.width = i.width;
    img.height = i.height;
    img.decoding = 'async';
    if (lazy) img.setAttribute('loading', 'lazy');
    img.dataset.size = `${i.width}x${i.height}`;
    link.append(img);
  }
  return link;
}

const loadJson = (path: string) => api<unknown>(path);

/** Fills the footer leader ad's reserved box with a creative (one image per viewport size, CSS shows one). */
export async function mountFooterAd(opts: AdsOptions = {}): Promise<void> {
  const doc = (opts.win ?? window).document;
  const box = doc.getElementById(FOOTER_AD_BOX_ID);
  if (!box || box.firstChild) return;
  // A footer ad that does not come leaves its box empty and reserved (the spec logs only the fixed ad's failure).
  const creative = readCreative(await (opts.load ?? loadJson)(adCreativeUrl(FOOTER_AD_SLOT, 1)).catch(() => null));
  const link = creative && creativeLink(doc, creative, [FOOTER_AD_SIZES.large, FOOTER_AD_SIZES.small, FOOTER_AD_SIZES.smallTall], true);
  if (link && !box.firstChild) box.append(link);
}

export interface FixedAd {
  readonly config: FixedAdConfig;
  /** Refreshes made so far (the first creative is not one). */
  readonly refreshes: number;
  readonly closed: boolean;
  close(): void;
}

/** Starts watching the scroll for the fixed bar; the bar is added to the page when it first shows. */
export function startFixedAd(opts: AdsOptions = {}): FixedAd {
  const win = opts.win ?? window;
  const doc = win.document;
  const config = resolveFixedAdConfig(opts.config);
  const load = opts.load ?? loadJson;
  const isReady = opts.isReady ?? imageLoaded;
  let bar: HTMLElement | null = null;
  let box: HTMLElement | null = null;
  let shown = false;
  let closed = false;
  let refreshes = 0;
  let timer: number | null = null;

  const stopRefreshing = () => {
    if (timer !== null) win.clearInterval(timer);
    timer = null;
  };
  const fail = (reason: unknown) => {
    console.error(FIXED_AD_FAILED, reason);
    // The first creative failed: the bar stays out of the page and nothing refreshes. A failed
    // refresh keeps the creative shown and the next refresh comes at its time.
    if (!shown) close();
  };

  async function showCreative(made: number) {
    let body: unknown;
    try {
      body = await load(adCreativeUrl(FIXED_AD_SLOT, creativeNumber(made)));
    } catch (err) {
      if (!closed) fail(err);
      return;
    }
    if (closed) return;
    const creative = readCreative(body);
    const size = fixedAdSize(win.innerWidth);
    const link = creative && creativeLink(doc, creative, [size]);
    if (!link) return fail(new Error(`no ${size.width}x${size.height} creative`));
    const img = link.querySelector('img')!;
    if (!(await pollUntilReady(() => isReady(img), win))) {
      if (!closed) fail(new Error(`creative ${creative.id} not loaded in ${AD_READY_TIMEOUT_MS} ms`));
      return;
    }
    if (closed || !bar || !box) return;
    box.style.width = `${size.width}px`;
    box.style.height = `${size.height}px`;
    box.replaceChildren(link);
    if (!shown) {
      shown = true;
      bar.hidden = zone !== 'inside';
      doc.documentElement.classList.add(FIXED_AD_ON_CLASS);
      timer = win.setInterval(refresh, config.refreshIntervalMs);
    }
  }

  function refresh() {
    // Out of sight (the footer is in view): no new creative until the bar shows again.
    if (zone !== 'inside') return;
    if (!mayRefresh(refreshes, config, closed)) return stopRefreshing();
    refreshes += 1;
    if (!mayRefresh(refreshes, config, closed)) stopRefreshing();
    void showCreative(refreshes);
  }

  function show() {
    bar = doc.createElement('aside');
    bar.className = 'cfs-fixed-ad';
    bar.setAttribute('aria-label', AD_LABEL);
    bar.hidden = true;
    box = doc.createElement('div');
    box.className = 'cfs-ad-box';
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = 'cfs-fixed-ad-close';
    button.setAttribute('aria-label', CLOSE_AD);
    button.textContent = '\u00d7';
    button.addEventListener('click', close);
    bar.append(box, button);
    doc.body.append(bar);
    void showCreative(0);
  }

  /** The footer's top in page coordinates, read at each (throttled) scroll: the page grows as it loads. */
  const footerTop = () => {
    const footer = doc.querySelector('body > footer, footer.cfs-footer');
    return footer ? footer.getBoundingClientRect().top + win.scrollY : Infinity;
  };
  let zone: FixedAdZone = 'above';
  const onScroll = throttle(
    () => {
      if (closed) return;
      const position = { scrollY: win.scrollY, viewportHeight: win.innerHeight, documentHeight: doc.documentElement.scrollHeight };
      zone = fixedAdZone(position, config.scrollThresholdPercent, footerTop());
      // Once shown, the bar hides above the threshold and beside the footer, and shows inside.
      if (bar) {
        if (shown) bar.hidden = zone !== 'inside';
        return;
      }
      if (zone === 'inside') show();
    },
    FIXED_AD_THROTTLE_MS,
    win,
  );

  function close() {
    closed = true;
    stopRefreshing();
    onScroll.cancel();
    win.removeEventListener('scroll', onScroll);
    bar?.remove();
    doc.documentElement.classList.remove(FIXED_AD_ON_CLASS);
  }

  win.addEventListener('scroll', onScroll, { passive: true });
  // The page may already be scrolled past the threshold (the code loads at the first scroll).
  onScroll();

  return {
    config,
    get refreshes() {
      return refreshes;
    },
    get closed() {
      return closed;
    },
    close,
  };
}

/** Both page-level ads: the footer ad is filled, the fixed bar waits for the scroll. */
export function startAds(opts: AdsOptions = {}): FixedAd {
  void mountFooterAd(opts);
  return startFixedAd(opts);
}
