/**
 * The region render contract: what a deployable's server container exposes, what the shell's
 * frame takes, what travels beside a region's HTML, and the messages between the gateway and the
 * isolate (a worker thread) that runs a version's server code. Declared once, here: the gateway,
 * the shell's frame and remote-kit's server render all import it.
 *
 *   gateway (request)                           isolate of <remote>@<version> (worker thread)
 *   ─────────────────                           ───────────────────────────────────────────────
 *   run(RegionTask, port) ───────────────────▶  FromIsolate 'started' (its budget starts now)
 *                          ◀── 'get' calls ────  RegionServerModule.render({ state, get, signal })
 *   ToIsolate 'answers' ──────────────────────▶  FromIsolate 'got' count (it works on from here)
 *   ToIsolate 'abort' (budget spent) ─────────▶  signal aborted; FromIsolate 'aborted'
 *                          ◀── IsolateReply ───  renderToString(element) with the isolate's React
 *
 * Everything that crosses a thread is a string or plain data: the first-load state travels as
 * JSON (StateJson: each isolate parses what its render reads), answers as the gateway's response
 * bodies.
 */
import type { FirstLoadState } from './page';
import type { Listing, Owner } from './listing';

/** What a region's server render fetched from the gateway, keyed by the URL it asked for. */
export type RegionData = Record<string, { ok: true; body: unknown } | { ok: false }>;

/** What the gateway hands a region's server render. */
export interface ServerRenderContext {
  /** The first-load state the browser will get in the same page. */
  state: FirstLoadState;
  /**
   * A GET through the gateway's own routes (the same route table and breakers as the browser's
   * calls). Rejects when the call fails; an optional call that fails leaves its part out.
   */
  get(url: string): Promise<unknown>;
  /** Aborted when the region's budget is spent: stop waiting, the browser renders the region. */
  signal: AbortSignal;
}

/** A region ready to render: the element (rendered by the isolate's React) and its data. */
export interface PreparedRegion<Element = unknown> {
  name: string;
  /** The remote build's own version (its root's data-version). */
  version?: string;
  element: Element;
  data: RegionData;
  /**
   * The region's browser side reads references to the first-load search result in its data
   * (region-data.ts): the gateway may write the result's listings and owners as references.
   */
  stateRefs?: boolean;
}

/** What a remote's server container exposes as `./server`. */
export interface RegionServerModule<Element = unknown> {
  render(ctx: ServerRenderContext): Promise<PreparedRegion<Element>>;
}

/** What travels beside a region's HTML into the page: the frame writes it next to the region's root. */
export interface ServerRegion {
  html: string;
  /** The remote build's own version (its root's data-version). */
  version?: string;
  /** What the render fetched from the gateway: the browser's first render reads the same. */
  data: RegionData;
  /**
   * The same data as JSON text, as the region's isolate serialised it: a frame that writes it as
   * it is never touches `data` (which is then parsed only if read).
   */
  dataJson?: string;
}

/** The page's scripts, styles and hints, as the gateway hands them to the frame. */
export interface PageAssets {
  /** Shell scripts, in order. */
  scripts: string[];
  /**
   * The shell's start script (page-start.ts): the page runs it, and it adds `scripts` once the
   * page has loaded and painted. Without one the page runs `scripts` itself.
   */
  start?: string[];
  /**
   * Stylesheets of the server-rendered regions, inline in the head: the first paint waits for no
   * request. `href` is the file's name in the remote's build: the remote's module, finding a
   * <style data-href> of that name, does not load the file again.
   */
  inlineStyles?: { remote: string; href?: string; css: string }[];
  /** Remote entries and manifests to preload. */
  preloads: { href: string; as: 'script' | 'fetch'; remote?: string }[];
  /**
   * Subresource Integrity hashes of scripts, by URL: written on the script and on its preload
   * (with crossorigin, so the preloaded response is the one the script uses).
   */
  integrity?: Record<string, string>;
  nonce?: string;
  /** The first-load state as JSON text (the gateway's own serialisation): the frame writes it as it is. */
  stateJson?: string;
}

/**
 * A place in the page that the gateway fills with bytes it already holds, each safe where it goes
 * (JSON by scriptSafeJson, CSS by styleSafeCss): the first-load state's JSON, a region's HTML, a
 * region's data as JSON, an inline stylesheet (by its index in `assets.inlineStyles`).
 */
export type PageSlot =
  { slot: 'state' } | { slot: 'region-html'; remote: string } | { slot: 'region-data'; remote: string } | { slot: 'style'; index: number };

/** The page as the frame writes it: its own text, and the slots between. */
export type PagePart = string | PageSlot;

/** What the shell's server container exposes as `./frame`. */
export interface FrameModule {
  renderPage(state: FirstLoadState, assets: PageAssets, regions?: Partial<Record<string, ServerRegion>>): string;
  /**
   * The same page as parts: the gateway writes the slots' bytes itself, so what the page carries
   * in bulk (the state, the regions, their styles) is never decoded and encoded again on its way
   * through the frame. Optional: a frame without it is asked for renderPage.
   */
  renderPageParts?(state: FirstLoadState, assets: PageAssets, regions?: Partial<Record<string, ServerRegion>>): PagePart[];
  /**
   * The vehicle page behind a listing link, or the page that says why there is none (a whole
   * document, no script). The gateway finds the listing and decides which; the shell words and
   * draws it, so it deploys and rolls back with the shell. Optional in the type (an older build),
   * required at publish (registry/smoke.ts).
   */
  renderVehiclePage?(input: VehiclePageInput): ServerDocument | Promise<ServerDocument>;
}

/**
 * A whole document for the isolate to render: `<!doctype html>` and then the element (an `<html>`
 * element) rendered by the isolate's React as static markup, as a region's element is.
 */
export interface ServerDocument<Element = unknown> {
  element: Element;
}

/**
 * What the vehicle page shows (page-furniture §2 "Other"): a listing, with its seller, where
 * 'Back to search results' leads and whether the brand shows payments; or, with no listing, the
 * page for an address that names none (`notFound`, 404) or a listing that could not be loaded
 * (`unavailable`, 503).
 */
export type VehiclePageInput =
  | { kind: 'vehicle'; listing: Listing; owner?: Owner; backHref: string; payments: boolean }
  | { kind: 'notFound' | 'unavailable'; backHref: string };

const JSON_UNSAFE: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };
const JSON_UNSAFE_RE = /[<>&\u2028\u2029]/;

/**
 * JSON text made safe inside a <script> element: nothing in it can close the element or open a
 * comment. The same value when parsed, and unchanged when made safe again.
 */
export function scriptSafeJson(json: string): string {
  return JSON_UNSAFE_RE.test(json) ? json.replace(/[<>&\u2028\u2029]/g, (c) => JSON_UNSAFE[c]) : json;
}

/** CSS made safe inside a <style> element (nothing in it can close the element); unchanged when made safe again. */
export function styleSafeCss(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}

/** The modules a server container exposes to the gateway. */
export const SERVER_EXPOSES = { region: './server', frame: './frame' } as const;

/** Where a published version keeps its server container, relative to the version's folder. */
export const SERVER_ENTRY_PATH = 'server/remoteEntry.js';

/**
 * Why a region was left to the browser for one request:
 * - `error`: its render threw or rejected (caught in the isolate, which stays);
 * - `timeout`: not rendered within its budget, counted from when its isolate started on it;
 * - `queued`: its isolate did not start on it in time (busy with other pages);
 * - `crash`: its isolate died (an exception thrown from a timer or a promise nobody awaited, an
 *   exit) or was stopped because it no longer answered (an endless loop, a synchronous render far
 *   past its budget); the isolate is replaced;
 * - `memory`: its isolate ran out of its heap limit; the isolate is replaced;
 * - `open`: the version failed too often lately; its breaker is open and it is not tried;
 * - `missing`: the version has no server container;
 * - `override`: a staging override served by another host.
 */
export const FALLBACK_CAUSES = ['error', 'timeout', 'queued', 'crash', 'memory', 'open', 'missing', 'override'] as const;
export type FallbackCause = (typeof FALLBACK_CAUSES)[number];

/** The port of one task, as each side sees it (a worker_threads MessagePort). */
export interface IsolatePort<In, Out> {
  postMessage(message: Out): void;
  on(event: 'message', listener: (message: In) => void): unknown;
  close(): void;
}

export const ISOLATE_BEAT = 'cfsIsolateBeat';
export const ISOLATE_BEAT_MS = 100;

/**
 * An isolate's heartbeat, on its thread's parent port every ISOLATE_BEAT_MS. `tid` is its Linux
 * thread id where there is one: the gateway reads how long the thread waited for a core, and a
 * silence spent waiting is not a stuck thread's.
 */
export interface IsolateBeat {
  [ISOLATE_BEAT]: number;
  tid?: number;
}

/** A message on an isolate thread's parent port, read as a heartbeat when it is one. */
export function asIsolateBeat(message: unknown): IsolateBeat | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const beat = message as Partial<Record<keyof IsolateBeat, unknown>>;
  if (typeof beat[ISOLATE_BEAT] !== 'number') return undefined;
  return { [ISOLATE_BEAT]: beat[ISOLATE_BEAT], tid: typeof beat.tid === 'number' ? beat.tid : undefined };
}

/**
 * Text between the gateway and an isolate travels as UTF-8 bytes, never as a string to copy: the
 * page's first-load state over one SharedArrayBuffer that every isolate of the page reads, what an
 * isolate renders in buffers it hands over (transferred, not copied).
 */
export type Utf8 = Uint8Array;

/**
 * The large values of the first-load state's search result: an isolate parses each only when its
 * render reads it (most regions read none of them, and parsing the whole state was most of their
 * work per page).
 */
export const LAZY_RESULT_PARTS = ['listings', 'owners', 'filters'] as const;
export type LazyResultPart = (typeof LAZY_RESULT_PARTS)[number];

/**
 * The first-load state as it travels to the isolates: its JSON, the very text the page carries
 * (shared by every isolate of the page), and where in those bytes each of `result`'s large values
 * lies ([start, end) byte offsets). An isolate parses the state without those values, then each
 * of them when it is first read: what it reads equals the whole text parsed.
 */
export interface StateJson {
  bytes: Utf8;
  lazy: Partial<Record<LazyResultPart, readonly [number, number]>>;
  /**
   * For a large value that is a list (the listings, the owners): where each item lies. A render
   * that reads one item (the hero reads the first listing's make and model) parses that one.
   */
  items?: Partial<Record<LazyResultPart, readonly (readonly [number, number])[]>>;
}

/** A region's render: the page's first-load state as JSON, and the port for its calls. */
export interface RegionTask {
  kind: 'region';
  /** The first-load state as JSON (shared by every region of the page). */
  state: StateJson;
  /** The isolate aborts the render's calls itself when this is spent (the gateway's deadline holds anyway). */
  budgetMs: number;
  port: IsolatePort<ToIsolate, FromIsolate>;
}

/** The page: the frame's arguments. Regions travel as their isolates rendered them; stylesheets as bytes. */
export interface FrameTask {
  kind: 'frame';
  state: StateJson;
  budgetMs: number;
  assets: Omit<PageAssets, 'inlineStyles'> & { inlineStyles?: { remote: string; href?: string; css: Utf8 }[] };
  regions: Record<string, IsolateRegion>;
  port: IsolatePort<ToIsolate, FromIsolate>;
}

/** The vehicle page (FrameModule.renderVehiclePage), by the shell version's frame. */
export interface VehicleTask {
  kind: 'vehicle';
  page: VehiclePageInput;
  budgetMs: number;
  port: IsolatePort<ToIsolate, FromIsolate>;
}

export type IsolateTask = RegionTask | FrameTask | VehicleTask;

/** One GET a render made (FromIsolate 'get'), answered by its id. */
export type IsolateCall = { id: number; url: string };

/** The gateway's answer to one call of a render (FromIsolate 'get'), by the call's id. */
export type IsolateAnswer = { id: number; ok: true; body: string } | { id: number; ok: false; error: string };

/**
 * Gateway -> isolate, on a task's port. Calls and answers travel in batches: the calls a render
 * makes in one go (its load step asks for a dozen URLs at once) in one 'get', the answers that are
 * ready together in one 'answers', each batch taken up with one 'got'. A message each cost both
 * threads a wake-up and a dispatch, about as much as a small answer's own handling.
 */
export type ToIsolate =
  | { t: 'answers'; answers: IsolateAnswer[] }
  /** The budget is spent: abort the render's calls and answer 'aborted'. */
  | { t: 'abort' };

/** Isolate -> gateway, on a task's port. */
export type FromIsolate =
  /**
   * The task began. `tid`: the isolate thread's Linux id, where it has one: the gateway does not
   * count the time that thread waits for a core (the machine's load) against the region's budget.
   */
  | { t: 'started'; tid?: number }
  /** GETs the render made, each answered by its id. */
  | { t: 'get'; calls: IsolateCall[] }
  /**
   * The isolate took up `count` answers (an 'answers' message): the render goes on from here.
   * Until then the region was waiting (for the gateway, or for its thread, busy with another
   * page's region), not working.
   */
  | { t: 'got'; count: number }
  | { t: 'aborted' };

/** A region as an isolate answers it: its HTML, and its data (RegionData) as JSON. */
export interface IsolateRegion {
  html: Utf8;
  version?: string;
  data: Utf8;
}

/** An isolate's answer to a task. A render that threw is an answer too (`ok: false`): the isolate stays. */
export type IsolateReply =
  | { ok: true; region: IsolateRegion }
  /**
   * The page's HTML; with `slots` (a frame that writes parts), the frame's own text, the slots to
   * write into it at those byte offsets, in order.
   */
  | { ok: true; page: Utf8; slots?: { at: number; slot: PageSlot }[] }
  | { ok: false; error: string; code?: string; cause: 'error' | 'missing' | 'timeout' };
