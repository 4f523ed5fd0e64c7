/**
 * The smoke render, the deploy gate of a build's server code: before a version is published (or
 * switched to), its server container is rendered in an isolate of its own, exactly as a live page
 * would render it, against the first-load states of three fixture pages (a results page, a
 * make-and-model page, a zero-results page; ssr/smoke-fixtures.json, recorded from the embedded
 * upstream by scripts/smoke-fixtures.ts). Its calls are answered from the answers recorded on
 * those pages, by path. It is refused, with a one-line reason, when on any page:
 * - its render throws, or its isolate dies (a throw from a timer or an unawaited promise, its
 *   heap limit met) or has to be stopped (an endless loop);
 * - it never fits its budget (SSR_BUDGET_MS): after three untimed renders, ten tries, none in time;
 * - it renders nothing on every page where the live version renders something (a drawer that is
 *   empty until the shopper adds to it renders nothing on a first load, live or not); the
 *   shell's frame renders no page;
 * - a shell's frame renders no vehicle page (FrameModule.renderVehiclePage), for a listing of the
 *   results fixture or for the pages that say why there is none: vehicle pages are the shell's
 *   alone, so a shell without them would leave every listing link on a plain-text 503.
 * `--force` does not override it: a build that cannot render would only be left to the browser on
 * every page, and one that crashes or hangs would cost a thread on every page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { forPage, SERVER_ENTRY_PATH, type FirstLoadState, type FrameTask, type VehiclePageInput } from '@cfs/contracts';
import { stateJson } from '../ssr/state-json';
import { pageBytes } from '../ssr/page-bytes';
import { Isolates, type GatewayGet, type IsolateOptions, type IsolateOutcome, type Limits } from '../ssr/isolates';
import fixtures from '../ssr/smoke-fixtures.json';
import { isDeployable, SHELL } from './store';

/**
 * Untimed renders of each page before the timed ones: a new isolate runs its code unoptimised at
 * first, and on a slow machine a results page's second and third renders took over 50 ms where
 * its steady render takes 4 (a third of `publish all` runs beside a benchmark refused mf-results).
 */
const UNTIMED_RENDERS = 3;
/**
 * Timed tries of each page after the untimed ones: one must fit the budget. A try that ran out of
 * time is followed, once its render has ended on its thread (each try then meets an idle thread,
 * not the rest of the last one), by a pause (TRY_PAUSE_MS): on a busy machine the thread's
 * optimising compiler (a background thread) is starved too, and under four CPU-bound processes on
 * 2 cores a results page's first timed tries still took 124 to 188 ms (over 50 of its own), 1
 * publish in 8 running out of five back-to-back tries. A build really past its budget fails every
 * try: refused after some TIMED_TRIES x (its render + TRY_PAUSE_MS).
 */
const TIMED_TRIES = 10;
const TRY_PAUSE_MS = 100;
/** The untimed render's bound: a cold thread's first render, but not an endless one. */
const untimedBudget = (budgetMs: number) => Math.max(2000, budgetMs * 40);

interface FixturePage {
  name: string;
  state: FirstLoadState;
}

const RECORDED = fixtures.pages as unknown as FixturePage[];
/** The fixture pages as a live page's state carries them: the result as the page reads it (contracts' forPage). */
const PAGES: FixturePage[] = RECORDED.map((p) => ({ ...p, state: { ...p.state, result: p.state.result && forPage(p.state.result) } }));
const ANSWERS = fixtures.answers as Record<string, unknown>;

/** The fixture pages' calls, answered by path as the embedded upstream answered them when recorded. */
const fixtureGet: GatewayGet = async (url) => {
  const body = ANSWERS[url.split('?')[0]];
  if (body === undefined) throw new Error(`no recorded answer for ${url.split('?')[0]}`);
  return JSON.stringify(body);
};

const NO_ASSETS: FrameTask['assets'] = { scripts: [], preloads: [] };

/**
 * A task rendered as the gate asks: UNTIMED_RENDERS times untimed (a cold thread's first renders),
 * then up to TIMED_TRIES times within `timed`, the first that fits (or fails otherwise) deciding.
 */
async function renderInTime(
  isolate: ReturnType<typeof Isolates.forBuild>,
  task: Parameters<ReturnType<typeof Isolates.forBuild>['run']>[0],
  opts: IsolateOptions,
  timed: Limits,
): Promise<IsolateOutcome> {
  const untimed = untimedBudget(opts.budgetMs);
  for (let i = 0; i < UNTIMED_RENDERS; i++) {
    const cold = await isolate.run(task, fixtureGet, { budgetMs: untimed, deadlineMs: untimed });
    if (!cold.ok) return cold;
  }
  let outcome = await isolate.run(task, fixtureGet, timed);
  for (let i = 1; i < TIMED_TRIES && !outcome.ok && outcome.cause === 'timeout'; i++) {
    await isolate.idle();
    await new Promise((r) => setTimeout(r, TRY_PAUSE_MS));
    outcome = await isolate.run(task, fixtureGet, timed);
  }
  return outcome;
}

/** Why a build's server code may not go live, or null when it renders. `liveDir`: the live version's folder, if any. */
export async function smokeProblem(name: string, dir: string, opts: IsolateOptions, liveDir?: string): Promise<string | null> {
  if (!isDeployable(name)) return `unknown deployable ${name}`;
  if (!fs.existsSync(path.join(dir, SERVER_ENTRY_PATH))) return `no server container (${SERVER_ENTRY_PATH})`;
  const exits: string[] = [];
  const isolate = Isolates.forBuild(name, dir, { ...opts, onIsolateExit: (_n, _v, cause) => exits.push(cause) });
  const say = (page: string, o: Extract<IsolateOutcome, { ok: false }>) =>
    `server render ${o.cause === 'error' ? 'failed' : o.cause === 'timeout' ? 'never fit its budget' : `isolate ${o.cause === 'memory' ? 'ran out of memory' : 'crashed or hung'}`} on the ${page} page${o.error ? `: ${o.error}` : ''}`;
  try {
    let rendered = false;
    for (const page of PAGES) {
      const state = stateJson(page.state);
      const task =
        name === SHELL ? ({ kind: 'frame', state, assets: NO_ASSETS, regions: {} } as const) : ({ kind: 'region', state } as const);
      const timed = await renderInTime(
        isolate,
        task,
        opts,
        name === SHELL
          ? { budgetMs: opts.frameBudgetMs, deadlineMs: opts.frameBudgetMs }
          : { budgetMs: opts.budgetMs, deadlineMs: opts.deadlineMs },
      );
      if (!timed.ok) return say(page.name, timed);
      if (exits.length) break;
      const reply = timed.reply;
      if ('page' in reply) {
        const html = pageBytes(reply.page, reply.slots, { state: state.bytes, regions: {}, styles: [] });
        if (html instanceof Error) return `the frame's page cannot be written on the ${page.name} page: ${html.message}`;
        if (!/<html[\s>]/.test(html.toString('utf8'))) return `the frame rendered no page on the ${page.name} page`;
        rendered = true;
      } else if (reply.region.html.byteLength > 0) rendered = true;
    }
    if (name === SHELL && !exits.length) {
      const problem = await vehicleProblem(isolate, opts, say);
      if (problem) return problem;
    }
    // A thread that died between tasks (a timer's throw after the render) is as fatal as one that died in it.
    await new Promise((r) => setTimeout(r, 50));
    if (exits.length) return `server code ${exits[0] === 'memory' ? 'ran its isolate out of memory' : 'crashed its isolate'} (${exits[0]})`;
    if (!rendered && liveDir && (await rendersSomething(name, liveDir, opts))) {
      return `server render is empty on every fixture page, where the live version renders`;
    }
    return null;
  } finally {
    await isolate.close();
  }
}

/** The vehicle pages a shell must render: a listing of the results fixture page, and the two without one. */
function vehicleInputs(): { name: string; input: VehiclePageInput }[] {
  // A vehicle page takes the whole listing (its call answers it so), as recorded.
  const result = RECORDED.find((p) => p.state.result?.listings?.length)?.state.result;
  const listing = result?.listings[0];
  const backHref = '/cars-for-sale';
  return [
    ...(listing
      ? [
          {
            name: 'vehicle',
            input: {
              kind: 'vehicle',
              listing,
              owner: result?.owners.find((o) => o.id === listing.ownerId),
              backHref,
              payments: true,
            } as const,
          },
        ]
      : []),
    { name: 'vehicle not found', input: { kind: 'notFound', backHref } },
    { name: 'vehicle unavailable', input: { kind: 'unavailable', backHref } },
  ];
}

/** Why a shell's vehicle pages may not go live, or null when each renders a page with its heading. */
async function vehicleProblem(
  isolate: ReturnType<typeof Isolates.forBuild>,
  opts: IsolateOptions,
  say: (page: string, o: Extract<IsolateOutcome, { ok: false }>) => string,
): Promise<string | null> {
  for (const { name, input } of vehicleInputs()) {
    const o = await renderInTime(isolate, { kind: 'vehicle', page: input }, opts, {
      budgetMs: opts.frameBudgetMs,
      deadlineMs: opts.frameBudgetMs,
    });
    if (!o.ok) return say(name, o);
    const html = 'page' in o.reply ? Buffer.from(o.reply.page).toString('utf8') : '';
    if (!/<html[\s>]/.test(html) || !/<h1[\s>]/.test(html)) return `the frame rendered no ${name} page`;
  }
  return null;
}

/** Whether a (live) version's server render shows anything on a fixture page. */
async function rendersSomething(name: string, dir: string, opts: IsolateOptions): Promise<boolean> {
  if (!fs.existsSync(path.join(dir, SERVER_ENTRY_PATH))) return false;
  const isolate = Isolates.forBuild(name, dir, opts);
  try {
    for (const page of PAGES) {
      const untimed = untimedBudget(opts.budgetMs);
      const o = await isolate.run({ kind: 'region', state: stateJson(page.state) }, fixtureGet, {
        budgetMs: untimed,
        deadlineMs: untimed,
      });
      if (o.ok && 'region' in o.reply && o.reply.region.html.byteLength > 0) return true;
    }
    return false;
  } finally {
    await isolate.close();
  }
}
