/**
 * The remote registry and the published builds. A deploy is: publish a build's files under a new
 * immutable version path, then switch the registry entry atomically. Rolling back is switching
 * the entry back; old versions are never deleted by a deploy.
 *
 *   registry (backend.ts)                        { "remotes": { "mf-results": { "version": "..." }, "shell": { ... } } }
 *                                                in <dataDir>/registry.json, or in the Redis every gateway shares (redis.ts)
 *   <dataDir>/remotes/<remote>/<version>/...     mf-manifest.json, remoteEntry.js, hashed chunks,
 *                                                server/remoteEntry.js (the server container)
 *
 * The shell deploys the same way as a remote (name 'shell'): its version holds the browser
 * scripts (asset-manifest.json) and the server container of the page frame.
 *
 * A publish passes the deploy gates first (gates.ts): files that match their integrity hashes,
 * a bus contract compatible with every other live build, first-load JavaScript at most 20 %
 * over the live version, and a page whose first-load JavaScript stays within its budget (or, over
 * it, does not grow). `force` overrides the contract and size gates, never integrity (the
 * browser checks the same hashes and would refuse the files anyway). Every publish and change is
 * appended to the history (version, time, previous live version, forced or not, who and why).
 * Its server code is smoke-rendered before it is published or switched to (smoke.ts): that gate
 * runs code, asynchronously, so it is the deploy's (deploy.ts, used by the CLI); `publish` and
 * `switch` here are the file gates and the registry alone.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REMOTE_NAMES, SEARCH_PATH, SERVER_ENTRY_PATH, type Registry, type RegistryEntry } from '@cfs/contracts';
import type { BusContract } from '@cfs/contracts/bus-contract';
import {
  busContractOf,
  contractProblem,
  declaredIntegrity,
  firstLoadBytes,
  firstLoadProblem,
  pageFirstLoadBytes,
  pageFirstLoadProblem,
  integrityProblem,
  listFiles,
  remoteEntryFile,
} from './gates';
import { inCanary } from './canary';
import { FileBackend, type DeployRecord, type RegistryBackend, type StoredEntry, type StoredRegistry } from './backend';

export { registryFile, type CanaryEntry, type DeployRecord, type StoredRegistry } from './backend';

export const REMOTES_URL_PREFIX = `${SEARCH_PATH}/remotes`;

/** Who made a registry change and why (kept in the history). */
export interface ChangeNote {
  by?: string;
  why?: string;
}

const VERSION_RE = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/;

/** The shell's name in the registry: it is published, switched and rolled back like a remote. */
export const SHELL = 'shell';

export function isRemoteName(name: string): boolean {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

/** What can be deployed: the shell and the six remotes. */
export const DEPLOYABLES: readonly string[] = [SHELL, ...REMOTE_NAMES];

export function isDeployable(name: string): boolean {
  return DEPLOYABLES.includes(name);
}

/** The browser's text files worth compressing ahead (the server container is read from disk, not sent). */
const COMPRESSIBLE = /\.(js|css|json|svg)$/;
const COMPRESS_FROM_BYTES = 1024;

/**
 * Writes each browser text file of a published copy beside itself compressed once, at the
 * strongest settings (`<file>.br` brotli quality 11, `<file>.gz` gzip level 9): the static route
 * serves these (preCompressed) instead of compressing the same immutable bytes on every request
 * at the fast settings, so every shopper gets smaller files and the gateway spends no CPU on them.
 * Integrity hashes stay those of the files themselves (the browser checks decoded bytes).
 */
export function precompress(dir: string): void {
  for (const f of listFiles(dir)) {
    if (f.startsWith('server/') || !COMPRESSIBLE.test(f)) continue;
    const file = path.join(dir, f);
    const bytes = fs.readFileSync(file);
    if (bytes.length < COMPRESS_FROM_BYTES) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  }
}

/** The file a build must have to be published: the remote's manifest, or the shell's assets and frame. */
function requiredFiles(name: string): string[] {
  return name === SHELL ? ['asset-manifest.json', SERVER_ENTRY_PATH] : ['mf-manifest.json'];
}

/** The who and why of a change, as the history keeps them (absent ones left out). */
function note(options: ChangeNote): ChangeNote {
  return { ...(options.by ? { by: options.by } : {}), ...(options.why ? { why: options.why } : {}) };
}

export function isVersion(v: string): boolean {
  return VERSION_RE.test(v) && !v.includes('..');
}

/** A publish a gate refused; the message is the one-line reason. */
export class DeployRefused extends Error {
  constructor(
    readonly remote: string,
    readonly reason: string,
    /** Whether --force publishes past it (the contract and size gates; never integrity or the smoke render). */
    readonly overridable = true,
  ) {
    super(`${remote}: refused: ${reason}${overridable ? ' (--force to publish anyway)' : ''}`);
    this.name = 'DeployRefused';
  }
}

export interface PublishOptions extends ChangeNote {
  baseVersion?: string;
  /** Publish despite the contract and size gates; recorded as forced. */
  force?: boolean;
}

export class RegistryStore {
  /** Per published version (immutable): the SRI hash of its entry script. */
  private entryIntegrity = new Map<string, string | undefined>();

  /** The registry and history live in `backend` (default: files in dataDir); published files in dataDir. */
  constructor(
    readonly dataDir: string,
    readonly backend: RegistryBackend = new FileBackend(dataDir),
  ) {}

  remoteDir(name: string, version: string) {
    return path.join(this.dataDir, 'remotes', name, version);
  }

  /** Read on every request (the backend's copy in memory): a change takes effect on the next page load. */
  read(): StoredRegistry {
    return this.backend.read();
  }

  /**
   * The registry as the browser sees it: remote name -> manifest URL, and the shell's version.
   * With a shopper id (canary.ts), a deployable with a canary names the candidate for the
   * shoppers its percent takes in; without one, the live versions.
   */
  toRegistry(shopper?: string): Registry {
    const stored = this.read();
    const versionFor = (name: string, entry: StoredRegistry['remotes'][string]) =>
      entry.canary && inCanary(shopper, name, entry.canary.percent) ? entry.canary.version : entry.version;
    const remotes: Registry['remotes'] = {};
    for (const [name, entry] of Object.entries(stored.remotes)) {
      if (isRemoteName(name)) remotes[name] = this.entryOf(name, versionFor(name, entry));
    }
    const shell = stored.remotes[SHELL];
    return shell ? { remotes, shell: { version: versionFor(SHELL, shell) } } : { remotes };
  }

  /** Every version some shopper is served (live and canary), as `name@version`. */
  servedVersions(): Set<string> {
    const served = new Set<string>();
    for (const [name, entry] of Object.entries(this.read().remotes)) {
      served.add(`${name}@${entry.version}`);
      if (entry.canary) served.add(`${name}@${entry.canary.version}`);
    }
    return served;
  }

  /** A published version of a remote as the browser's registry names it: its manifest URL and entry hash. */
  entryOf(name: string, version: string): RegistryEntry {
    const integrity = this.integrityOf(name, version);
    return { version, manifest: `${REMOTES_URL_PREFIX}/${name}/${version}/mf-manifest.json`, ...(integrity ? { integrity } : {}) };
  }

  /** The URL of a file of a published version. */
  fileUrl(name: string, version: string, file: string): string {
    return `${REMOTES_URL_PREFIX}/${name}/${version}/${file}`;
  }

  versions(name: string): string[] {
    try {
      return fs
        .readdirSync(path.join(this.dataDir, 'remotes', name))
        .filter(isVersion)
        .sort();
    } catch {
      return [];
    }
  }

  /** The SRI hash of a published remote version's entry script, as its build declared it. */
  integrityOf(name: string, version: string): string | undefined {
    const key = `${name}@${version}`;
    if (!this.entryIntegrity.has(key)) {
      const dir = this.remoteDir(name, version);
      const entry = remoteEntryFile(dir);
      this.entryIntegrity.set(key, entry ? declaredIntegrity(dir)?.get(entry) : undefined);
    }
    return this.entryIntegrity.get(key);
  }

  /**
   * What the gates say about a build: the integrity problem (never overridable) and the others.
   * The contract is compared with every other live build's; the size with this one's live version.
   */
  check(name: string, distDir: string): { integrity: string | null; problems: string[] } {
    const integrity = integrityProblem(distDir);
    const live = this.read().remotes;
    const contracts = new Map<string, BusContract>();
    for (const [other, entry] of Object.entries(live)) {
      if (other === name || !isDeployable(other)) continue;
      // A build published before builds carried their contract has none to compare with.
      const contract = busContractOf(this.remoteDir(other, entry.version));
      if (contract) contracts.set(`${other}@${entry.version}`, contract);
    }
    const problems = [contractProblem(busContractOf(distDir), contracts)];
    const current = live[name]?.version;
    if (current) {
      problems.push(
        firstLoadProblem(firstLoadBytes(distDir, name === SHELL), firstLoadBytes(this.remoteDir(name, current), name === SHELL), current),
      );
    }
    const liveDir = (n: string) => {
      const version = live[n]?.version;
      return version && version !== 'override' ? this.remoteDir(n, version) : null;
    };
    const dirOf = (n: string) => (n === name ? distDir : liveDir(n));
    problems.push(pageFirstLoadProblem(pageFirstLoadBytes(dirOf(SHELL), dirOf), pageFirstLoadBytes(liveDir(SHELL), liveDir)));
    return { integrity, problems: problems.filter((p): p is string => p !== null) };
  }

  /**
   * Copies a build (dist folder) to its immutable version path; the version is content-derived.
   * Throws DeployRefused when a gate refuses it (see the file comment for --force).
   */
  async publish(name: string, distDir: string, options?: PublishOptions | string): Promise<string> {
    const opts: PublishOptions = typeof options === 'string' ? { baseVersion: options } : (options ?? {});
    const { baseVersion = '1.0.0', force = false } = opts;
    if (!isDeployable(name)) throw new Error(`unknown remote ${name}`);
    for (const f of requiredFiles(name)) {
      if (!fs.existsSync(path.join(distDir, f))) throw new Error(`${distDir} has no ${f}: build ${name} first`);
    }
    const { integrity, problems } = this.check(name, distDir);
    if (integrity) throw new DeployRefused(name, integrity, false);
    if (problems.length && !force) throw new DeployRefused(name, problems[0]);
    const hash = crypto.createHash('sha256');
    for (const f of listFiles(distDir).sort()) {
      hash.update(f);
      hash.update(fs.readFileSync(path.join(distDir, f)));
    }
    const version = `${baseVersion}-${hash.digest('hex').slice(0, 10)}`;
    const target = this.remoteDir(name, version);
    if (!fs.existsSync(path.join(target, requiredFiles(name)[0]))) {
      const tmp = `${target}.tmp-${process.pid}-${Date.now()}`;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.cpSync(distDir, tmp, { recursive: true });
      // What is served is what was checked: the copy is verified before it takes the version path.
      const copied = integrityProblem(tmp);
      if (copied) {
        fs.rmSync(tmp, { recursive: true, force: true });
        throw new DeployRefused(name, copied, false);
      }
      precompress(tmp);
      fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(tmp, target);
    }
    await this.backend.record({
      action: 'publish',
      name,
      version,
      previous: this.read().remotes[name]?.version ?? null,
      forced: force,
      ...(force && problems.length ? { overrode: problems } : {}),
      ...note(opts),
    });
    return version;
  }

  /** Every publish and change, oldest first (of one remote when named). */
  async history(name?: string): Promise<DeployRecord[]> {
    return (await this.backend.history()).filter((r) => !name || r.name === name);
  }

  /** Whether a version of a deployable is published. */
  isPublished(name: string, version: string): boolean {
    return isDeployable(name) && isVersion(version) && fs.existsSync(path.join(this.remoteDir(name, version), requiredFiles(name)[0]));
  }

  /**
   * Points a remote's registry entry at a published version, atomically. The deploy CLI
   * smoke-renders the version first (deploy.ts switchChecked).
   */
  async switch(name: string, version: string, options: { force?: boolean } & ChangeNote = {}): Promise<void> {
    if (!isDeployable(name)) throw new Error(`unknown remote ${name}`);
    if (!this.isPublished(name, version)) throw new Error(`${name}@${version} is not published`);
    await this.backend.change(name, ({ remotes }) => {
      const current = remotes[name];
      // A canary of another version runs on; one of this version has become the live one.
      const canary = current?.canary && current.canary.version !== version ? current.canary : undefined;
      return {
        entry: { version, publishedAt: new Date().toISOString(), ...(canary ? { canary } : {}) },
        record: { action: 'switch', version, previous: current?.version ?? null, forced: options.force ?? false, ...note(options) },
      };
    });
  }

  /** Serves a published version to `percent` % of shoppers beside the live one (the deploy CLI smoke-renders it first). */
  async startCanary(name: string, version: string, percent: number, options: ChangeNote = {}): Promise<void> {
    if (!isDeployable(name)) throw new Error(`unknown remote ${name}`);
    if (!this.isPublished(name, version)) throw new Error(`${name}@${version} is not published`);
    if (!(percent > 0 && percent <= 100)) throw new Error(`a canary's percent is more than 0 and at most 100 (got ${percent})`);
    await this.backend.change(name, ({ remotes }) => {
      const current = remotes[name];
      if (!current) throw new Error(`${name} has no live version: switch to one first`);
      if (current.version === version) throw new Error(`${name}@${version} is the live version already`);
      return {
        entry: { ...current, canary: { version, percent, startedAt: new Date().toISOString() } },
        record: { action: 'canary', version, previous: current.version, forced: false, percent, ...note(options) },
      };
    });
  }

  /** Makes the canary the live version (every shopper gets it); returns that version. */
  async promote(name: string, options: ChangeNote = {}): Promise<string> {
    let version = '';
    await this.backend.change(name, ({ remotes }) => {
      const current = remotes[name];
      if (!current?.canary) throw new Error(`${name} has no canary`);
      version = current.canary.version;
      return {
        entry: { version, publishedAt: new Date().toISOString() },
        record: { action: 'promote', version, previous: current.version, forced: false, ...note(options) },
      };
    });
    return version;
  }

  /** Ends the canary: every shopper back on the live version; returns the canary's version. */
  async abortCanary(name: string, options: ChangeNote = {}): Promise<string> {
    let ended = '';
    await this.backend.change(name, ({ remotes }) => {
      const current = remotes[name];
      if (!current?.canary) throw new Error(`${name} has no canary`);
      const { canary, ...live }: StoredEntry = current;
      ended = canary.version;
      return {
        entry: live,
        record: {
          action: 'abort',
          version: canary.version,
          previous: current.version,
          forced: false,
          percent: canary.percent,
          ...note(options),
        },
      };
    });
    return ended;
  }
}
