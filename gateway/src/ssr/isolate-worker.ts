/**
 * An isolate: a worker thread (in a piscina pool, isolates.ts) that runs one published version's
 * server container and nothing else. It loads the container as it starts, then renders a region
 * (or, for the shell, the page frame) per task, speaking @cfs/contracts' region render protocol
 * on the task's port: 'started' when it begins (the region's budget counts from there), 'get' for
 * each gateway call the render makes, answered by the gateway; an 'abort' from the gateway aborts
 * the render's calls and is acknowledged with 'aborted'.
 *
 * What the remote's code does here cannot reach the gateway's process: a throw in its render is
 * an answer (`ok: false`); a throw from a timer or an unawaited promise ends this thread (the pool
 * replaces it); an endless loop or a render far past its budget is stopped from outside (the
 * thread stops beating, or does not acknowledge an abort); an unbounded allocation meets the
 * thread's heap limit.
 */
import path from 'node:path';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { ISOLATE_THREAD_PREFIX, nameOwnThread, ownLinuxThreadId } from './run-queue';
import {
  ISOLATE_BEAT,
  ISOLATE_BEAT_MS,
  type IsolateBeat,
  regionIdPrefix,
  scriptSafeJson,
  SERVER_ENTRY_PATH,
  type FrameModule,
  type FromIsolate,
  type IsolateAnswer,
  type IsolateCall,
  type IsolateReply,
  type IsolateTask,
  type PageAssets,
  type PageSlot,
  type RegionServerModule,
  type ServerRegion,
  type StateJson,
  type ToIsolate,
  type Utf8,
} from '@cfs/contracts';
import { Piscina } from 'piscina';
import { batched } from './batches';
import { loadContainer, NoServerContainer } from './containers';
import { regionDataJson, type SentAnswers } from './region-data-json';
import { readStateJson, utf8Text as text } from './state-json';

/** What an isolate is started with (piscina's workerData). */
export interface IsolateData {
  name: string;
  version: string;
  /** The version's folder (published, or a build being smoke-rendered). */
  dir: string;
  expose: string;
}

const data = workerData as IsolateData;

// A heartbeat before anything else runs: a thread that stops beating (an endless loop as its
// container loads, or in a render) is terminated by the gateway's watchdog (isolates.ts).
/** This thread's Linux id: its waits for a core are not counted against a region's budget (run-queue.ts). */
const LINUX_TID = ownLinuxThreadId();
// 'ssr results', 'ssr shell': which remote's isolate a thread is, for `top -H` and the page bench.
nameOwnThread(`${ISOLATE_THREAD_PREFIX}${data.name.replace(/^mf-/, '')}`);

const sendBeat = () => parentPort?.postMessage({ [ISOLATE_BEAT]: threadId, tid: LINUX_TID } satisfies IsolateBeat);
const beat = setInterval(sendBeat, ISOLATE_BEAT_MS);
beat.unref();
sendBeat();

const loaded = loadContainer<unknown>(path.join(data.dir, SERVER_ENTRY_PATH), data.expose);
loaded.catch(() => undefined);

class Aborted extends Error {}

/** The task's calls to the gateway, over its port: the calls made in one go as one 'get', each batch of answers taken up with one 'got'. */
function channel(port: IsolateTask['port'], budgetMs: number) {
  const ctrl = new AbortController();
  const pending = new Map<number, { url: string; resolve(v: unknown): void; reject(e: Error): void }>();
  /** Each answer as the gateway sent it, beside what it was parsed to (regionDataJson writes the text again). */
  const answers: SentAnswers = new Map();
  let ids = 0;
  const abort = () => {
    ctrl.abort();
    for (const p of pending.values()) p.reject(new Aborted('the region budget is spent'));
    pending.clear();
  };
  // The gateway's deadline holds whatever happens here; this one only lets the render's calls go
  // when the gateway's abort cannot arrive (its port already closed).
  const own = setTimeout(abort, budgetMs);
  const take = (a: IsolateAnswer) => {
    const p = pending.get(a.id);
    if (!p) return;
    pending.delete(a.id);
    if (!a.ok) return p.reject(new Error(a.error));
    try {
      const parsed: unknown = JSON.parse(a.body);
      answers.set(p.url, { text: a.body, parsed });
      p.resolve(parsed);
    } catch (err) {
      p.reject(err as Error);
    }
  };
  port.on('message', (m: ToIsolate) => {
    if (m.t === 'abort') {
      abort();
      port.postMessage({ t: 'aborted' } satisfies FromIsolate);
      return;
    }
    // The render works on from here: its budget counts again (isolates.ts).
    port.postMessage({ t: 'got', count: m.answers.length } satisfies FromIsolate);
    for (const a of m.answers) take(a);
  });
  // The calls made in one go, sent once the render's synchronous code has run.
  const call = batched<IsolateCall>((calls) => {
    if (!ctrl.signal.aborted) port.postMessage({ t: 'get', calls } satisfies FromIsolate);
  });
  const get = (url: string): Promise<unknown> => {
    if (ctrl.signal.aborted) return Promise.reject(new Aborted('the region budget is spent'));
    return new Promise((resolve, reject) => {
      const id = ++ids;
      pending.set(id, { url, resolve, reject });
      call({ id, url });
    });
  };
  return { get, signal: ctrl.signal, answers, done: () => clearTimeout(own) };
}

/** Text as UTF-8 bytes in a buffer of their own, to hand over rather than copy. */
const bytesOf = (s: string): Utf8 => encoder.encode(s);
const encoder = new TextEncoder();

/** An answer whose buffers are handed over to the gateway (piscina's transfer list), not copied. */
function handingOver(reply: IsolateReply, buffers: ArrayBufferLike[]): IsolateReply {
  return Piscina.move({ [Piscina.transferableSymbol]: buffers, [Piscina.valueSymbol]: reply } as never) as unknown as IsolateReply;
}

async function renderRegion(state: StateJson, io: ReturnType<typeof channel>): Promise<IsolateReply> {
  const mod = await loaded;
  const render = (mod as RegionServerModule | undefined)?.render;
  if (typeof render !== 'function') return { ok: false, cause: 'error', error: `${data.name}@${data.version} exposes no server render` };
  const first = readStateJson(state);
  const prepared = await render({ state: first, get: io.get, signal: io.signal });
  if (io.signal.aborted) throw new Aborted('the region budget is spent');
  const html = bytesOf(
    renderToString(prepared.element as Parameters<typeof renderToString>[0], {
      identifierPrefix: regionIdPrefix(data.name),
    }),
  );
  // A build that reads references to the first-load result gets the result's listings and owners
  // as references in its data (only answers that have listings or owners read the result).
  // Script-safe as written: the frame (or the gateway, into the frame's slot) puts it in the page as it is.
  const regionData = bytesOf(scriptSafeJson(regionDataJson(prepared.data, io.answers, prepared.stateRefs === true ? first.result : null)));
  return handingOver({ ok: true, region: { html, version: prepared.version, data: regionData } }, [html.buffer, regionData.buffer]);
}

async function renderFrame(task: Extract<IsolateTask, { kind: 'frame' }>): Promise<IsolateReply> {
  const frame = (await loaded) as FrameModule | undefined;
  if (typeof frame?.renderPage !== 'function') return { ok: false, cause: 'error', error: `shell@${data.version} exposes no page frame` };
  const parts = typeof frame.renderPageParts === 'function';
  // Texts are decoded only when the frame reads them: a frame that writes parts leaves the
  // regions, their data and the state in their slots (the gateway writes their bytes), and reads
  // at most a region's HTML (its lead image) and the state's few values its hero shows.
  const regions: Record<string, ServerRegion> = {};
  for (const [name, r] of Object.entries(task.regions)) {
    let html: string | undefined;
    let dataJson: string | undefined;
    let data: ServerRegion['data'] | undefined;
    regions[name] = {
      version: r.version,
      get html() {
        return (html ??= text(r.html));
      },
      get dataJson() {
        return (dataJson ??= text(r.data));
      },
      get data() {
        return (data ??= JSON.parse(this.dataJson as string) as ServerRegion['data']);
      },
    };
  }
  const assets: PageAssets = {
    ...task.assets,
    inlineStyles: task.assets.inlineStyles?.map((s) => ({ remote: s.remote, href: s.href, css: parts ? '' : text(s.css) })),
    ...(parts ? {} : { stateJson: text(task.state.bytes) }),
  };
  const state = readStateJson(task.state);
  if (!parts) {
    const page = bytesOf(frame.renderPage(state, assets, regions));
    return handingOver({ ok: true, page }, [page.buffer]);
  }
  // The frame's own text in one buffer, and where each slot goes in it.
  const written = (frame.renderPageParts as NonNullable<FrameModule['renderPageParts']>)(state, assets, regions);
  const texts: string[] = [];
  const slots: { at: number; slot: PageSlot }[] = [];
  let at = 0;
  for (const part of written) {
    if (typeof part === 'string') {
      texts.push(part);
      at += Buffer.byteLength(part);
    } else slots.push({ at, slot: part });
  }
  const page = bytesOf(texts.join(''));
  return handingOver({ ok: true, page, slots }, [page.buffer]);
}

async function renderVehicle(task: Extract<IsolateTask, { kind: 'vehicle' }>): Promise<IsolateReply> {
  const frame = (await loaded) as FrameModule | undefined;
  if (typeof frame?.renderVehiclePage !== 'function') {
    return { ok: false, cause: 'error', error: `shell@${data.version} exposes no vehicle page` };
  }
  const doc = await frame.renderVehiclePage(task.page);
  const page = bytesOf(`<!doctype html>\n${renderToStaticMarkup(doc.element as Parameters<typeof renderToStaticMarkup>[0])}`);
  return handingOver({ ok: true, page }, [page.buffer]);
}

export default async function run(task: IsolateTask): Promise<IsolateReply> {
  const io = channel(task.port, task.budgetMs);
  task.port.postMessage({ t: 'started', tid: LINUX_TID } satisfies FromIsolate);
  try {
    if (task.kind === 'frame') return await renderFrame(task);
    if (task.kind === 'vehicle') return await renderVehicle(task);
    return await renderRegion(task.state, io);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    if (err instanceof NoServerContainer) return { ok: false, cause: 'missing', error };
    if (err instanceof Aborted) return { ok: false, cause: 'timeout', error };
    return { ok: false, cause: 'error', error };
  } finally {
    io.done();
    task.port.close();
  }
}
