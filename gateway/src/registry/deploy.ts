/**
 * A deploy as the CLI makes it: every gate, then publish, then switch. The file gates (integrity,
 * bus contract, first-load size) are RegistryStore's; the smoke render (smoke.ts) runs the build's
 * server code in an isolate first and is never overridden by `force`. Switching to a published
 * version (a rollback) smoke-renders that version too: a version published before this gate
 * existed, or one whose server code no longer renders, does not go live.
 */
import type { IsolateOptions } from '../ssr/isolates';
import { smokeProblem } from './smoke';
import { DeployRefused, type ChangeNote, type PublishOptions, type RegistryStore } from './store';

/** Publishes a build when it passes every gate (and switches to it unless told not to); returns its version. */
export async function deployBuild(
  store: RegistryStore,
  name: string,
  distDir: string,
  opts: PublishOptions & { switch?: boolean; isolate: IsolateOptions },
): Promise<string> {
  // The files are checked before any of their code runs.
  const { integrity } = store.check(name, distDir);
  if (integrity) throw new DeployRefused(name, integrity, false);
  const smoke = await smokeProblem(name, distDir, opts.isolate, liveDir(store, name));
  if (smoke) throw new DeployRefused(name, smoke, false);
  const version = await store.publish(name, distDir, opts);
  if (opts.switch !== false) await store.switch(name, version, { force: opts.force, by: opts.by, why: opts.why });
  return version;
}

/** Switches to a published version once its server code renders. */
export async function switchChecked(
  store: RegistryStore,
  name: string,
  version: string,
  opts: { isolate: IsolateOptions } & ChangeNote,
): Promise<void> {
  if (!store.isPublished(name, version)) throw new Error(`${name}@${version} is not published`);
  const smoke = await smokeProblem(name, store.remoteDir(name, version), opts.isolate, liveDir(store, name));
  if (smoke) throw new DeployRefused(name, smoke, false);
  await store.switch(name, version, { by: opts.by, why: opts.why });
}

function liveDir(store: RegistryStore, name: string): string | undefined {
  const live = store.read().remotes[name]?.version;
  return live ? store.remoteDir(name, live) : undefined;
}

/** Serves a published version to a share of shoppers once its server code renders (a canary). */
export async function canaryChecked(
  store: RegistryStore,
  name: string,
  version: string,
  percent: number,
  opts: { isolate: IsolateOptions } & ChangeNote,
): Promise<void> {
  if (!store.isPublished(name, version)) throw new Error(`${name}@${version} is not published`);
  const smoke = await smokeProblem(name, store.remoteDir(name, version), opts.isolate, liveDir(store, name));
  if (smoke) throw new DeployRefused(name, smoke, false);
  await store.startCanary(name, version, percent, { by: opts.by, why: opts.why });
}
