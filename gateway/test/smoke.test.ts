/**
 * The smoke render's budget check (registry/smoke.ts) on the real results build: a thread is slow
 * while it is cold (its code not yet optimised, more so on a busy machine), so a build whose first
 * renders run past the budget and whose later ones fit is published; one past its budget on
 * every render is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ENTRY_PATH } from '@cfs/contracts';
import { smokeProblem } from '../src/registry/smoke';
import { ISOLATE_DEFAULTS, type IsolateOptions } from '../src/ssr/isolates';
import { beforeRender, builtDist, OWN_CPU_MS, tmpDir } from './helpers';

jest.setTimeout(60_000);

const REMOTE = 'mf-results';
/**
 * Room for the real render of a thread this young, compiled from source (40 to 70 ms here, where a
 * warm one takes under 10), on a busy test machine.
 */
const BUDGET_MS = 150;
/**
 * CPU time a slow render spends: its thread's own work (the budget does not count the time it
 * waits for a core, nor the other threads' work).
 */
const SLOW_MS = 200;
/**
 * On a busy machine a slow render's heartbeats, and its reading of the abort, come late: here that
 * does not stop the isolate as stuck.
 */
const OPTS: IsolateOptions = {
  ...ISOLATE_DEFAULTS,
  budgetMs: BUDGET_MS,
  deadlineMs: 40 * BUDGET_MS,
  stuckAfterMs: 10_000,
  silentMs: 10_000,
};

/**
 * The real build, a render spending SLOW_MS of CPU synchronously first when `slowWhen` holds of
 * `renders`, the thread's count of renders (and then going no further if it was aborted meanwhile).
 */
function slowBuild(label: string, slowWhen: string): string {
  const dir = tmpDir(`smoke-${label}`);
  fs.cpSync(builtDist(REMOTE), dir, { recursive: true });
  const spend = `const c0 = ${OWN_CPU_MS}; while (${OWN_CPU_MS} - c0 < ${SLOW_MS}) {} if (ctx.signal?.aborted) throw new Error('aborted');`;
  fs.appendFileSync(path.join(dir, SERVER_ENTRY_PATH), `\n${beforeRender(`if (${slowWhen}) { ${spend} }`)}\n`);
  return dir;
}

describe('the smoke render and the budget', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('publishes a build whose first seven timed renders (after the three untimed ones) run past the budget and whose later ones fit', async () => {
    const dir = slowBuild('cold', 'renders > 3 && renders <= 10');
    dirs.push(dir);
    expect(await smokeProblem(REMOTE, dir, OPTS)).toBeNull();
  });

  it('refuses a build past its budget on every render, with the one-line reason', async () => {
    const dir = slowBuild('slow', 'renders > 3');
    dirs.push(dir);
    const problem = await smokeProblem(REMOTE, dir, OPTS);
    expect(problem).toMatch(/^server render never fit its budget on the results page: mf-results took longer than 150 ms of its own/);
    expect(problem).not.toContain('\n');
  });
});
