/**
 * Deploy gates: what a build must pass to be published (DESIGN.md, 'Deploy gates'). Each check
 * answers null or a one-line reason.
 * - integrity: every file of the build matches the Subresource Integrity hash the build declares
 *   (integrity.json, one per compilation folder, written by @cfs/mf-build), and every file is
 *   declared;
 * - bus contract: the build's bus-contract.json is compatible with the contract of every other
 *   live build (the rules are `incompatibilities` in @cfs/contracts, the contract test's);
 * - first-load JavaScript: no more than 20 % growth over the live version of the same remote;
 * - the page's first-load JavaScript (the shell's and that of each remote whose region loads with
 *   the page): within PAGE_FIRST_LOAD_LIMIT, or, for a page already over it, no more than live
 *   (and a rebuild's noise, PAGE_FIRST_LOAD_SLACK).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { LIFECYCLES_MODULE } from '@cfs/contracts';
import { incompatibilities, type BusContract } from '@cfs/contracts/bus-contract';

export const INTEGRITY_FILE = 'integrity.json';
export const BUS_CONTRACT_FILE = 'bus-contract.json';
/** Largest growth of first-load JavaScript a publish accepts without --force. */
export const MAX_FIRST_LOAD_GROWTH = 0.2;
/** The page's first-load JavaScript budget, gzip bytes (the page bench's goal, first_load_js_kb). */
export const PAGE_FIRST_LOAD_LIMIT = 120 * 1024;
/**
 * How much a page already over its budget may grow in one publish, gzip bytes: what a rebuild
 * moves without a change of substance (a version string, a line changed), not a feature's code.
 */
export const PAGE_FIRST_LOAD_SLACK = 1024;

export function listFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

export function sri(bytes: Buffer): string {
  return `sha384-${crypto.createHash('sha384').update(bytes).digest('base64')}`;
}

/**
 * The integrity hashes a build declares, by path from the build's root: each integrity.json
 * names the files of its own folder (the browser build's and the server container's).
 */
export function declaredIntegrity(dir: string): Map<string, string> | null {
  const lists = listFiles(dir).filter((f) => path.posix.basename(f) === INTEGRITY_FILE);
  if (!lists.length) return null;
  const out = new Map<string, string>();
  for (const list of lists) {
    const folder = path.posix.dirname(list);
    const declared = readJson<{ files?: Record<string, string> }>(path.join(dir, list))?.files ?? {};
    for (const [file, hash] of Object.entries(declared)) out.set(folder === '.' ? file : `${folder}/${file}`, hash);
  }
  return out;
}

/** Null when every file of the build matches its declared hash and every file is declared. */
export function integrityProblem(dir: string): string | null {
  const declared = declaredIntegrity(dir);
  if (!declared) return `declares no integrity hashes (no ${INTEGRITY_FILE}: build it with @cfs/mf-build)`;
  for (const [file, hash] of declared) {
    if (file.split('/').includes('..')) return `declares a hash for a path outside the build: ${file}`;
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(path.join(dir, file));
    } catch {
      return `${file} is declared in ${INTEGRITY_FILE} but missing`;
    }
    if (sri(bytes) !== hash) return `${file} does not match its integrity hash`;
  }
  const undeclared = listFiles(dir).find((f) => path.posix.basename(f) !== INTEGRITY_FILE && !declared.has(f));
  return undeclared ? `${undeclared} has no integrity hash` : null;
}

interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] } } }[];
}

/** The remote entry script of a remote build, by path from its root (from its mf-manifest.json). */
export function remoteEntryFile(dir: string): string | null {
  const re = readJson<RemoteManifest>(path.join(dir, 'mf-manifest.json'))?.metaData?.remoteEntry;
  return re?.name ? `${re.path ? `${re.path.replace(/\/$/, '')}/` : ''}${re.name}` : null;
}

/**
 * First-load JavaScript of a build, in gzip bytes (zlib's default level, each file on its own):
 * what the browser loads first for it. For a remote: remoteEntry.js plus the initial (sync)
 * chunks its mf-manifest.json names for the exposed lifecycles module; shared modules are the
 * shell's and not counted. For the shell: the scripts of its entry (asset-manifest.json).
 */
export function firstLoadBytes(dir: string, shell: boolean): number | null {
  let files: string[];
  if (shell) {
    const m = readJson<{ entries?: Record<string, string[]> }>(path.join(dir, 'asset-manifest.json'));
    if (!m?.entries?.shell) return null;
    files = m.entries.shell;
  } else {
    const entry = remoteEntryFile(dir);
    if (!entry) return null;
    const manifest = readJson<RemoteManifest>(path.join(dir, 'mf-manifest.json'));
    const lifecycles = (manifest?.exposes ?? []).filter((e) => e.path === LIFECYCLES_MODULE);
    files = [entry, ...lifecycles.flatMap((e) => e.assets?.js?.sync ?? [])];
  }
  return gzipBytes(dir, files);
}

/** The files' gzip bytes (zlib's default level, each file on its own, each counted once); null if one cannot be read. */
function gzipBytes(dir: string, files: readonly string[]): number | null {
  let total = 0;
  for (const f of new Set(files)) {
    try {
      total += zlib.gzipSync(fs.readFileSync(path.join(dir, f))).length;
    } catch {
      return null;
    }
  }
  return total;
}

/**
 * First-load JavaScript of the page composed of a shell build and the remote builds `dirOf` names
 * (gzip bytes), as a phone loads it before the shopper does anything (Lighthouse's mobile run),
 * from the shell's asset-manifest.json `firstLoad` (@cfs/mf-build): the shell's start scripts; for
 * each remote whose code loads with the page, that remote's firstLoadBytes; and, when one of them
 * hydrates at once, the shared libraries the shell provides beyond its start (the React family).
 * Null when a build is missing or the shell's build does not declare its first load.
 */
export function pageFirstLoadBytes(shellDir: string | null, dirOf: (remote: string) => string | null): number | null {
  if (!shellDir) return null;
  const declared = readJson<{ firstLoad?: { scripts?: string[]; regions?: string[]; hydrating?: string[]; provided?: string[] } }>(
    path.join(shellDir, 'asset-manifest.json'),
  )?.firstLoad;
  if (!declared?.scripts?.length) return null;
  const hydrates = (declared.hydrating ?? []).length > 0;
  let total = gzipBytes(shellDir, [...declared.scripts, ...(hydrates ? (declared.provided ?? []) : [])]);
  if (total === null) return null;
  for (const remote of declared.regions ?? []) {
    const dir = dirOf(remote);
    const bytes = dir ? firstLoadBytes(dir, false) : null;
    if (bytes === null) return null;
    total += bytes;
  }
  return total;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * The page-level check, a ratchet: a page within its budget may not cross it, and a page already
 * over it may not grow (by more than PAGE_FIRST_LOAD_SLACK). Nothing is compared while there is
 * no live page to compare with.
 */
export function pageFirstLoadProblem(candidate: number | null, live: number | null): string | null {
  if (candidate === null || live === null || candidate <= PAGE_FIRST_LOAD_LIMIT) return null;
  if (live > PAGE_FIRST_LOAD_LIMIT && candidate <= live + PAGE_FIRST_LOAD_SLACK) return null;
  return `the page's first-load JavaScript would be ${kb(candidate)} KB gzip (live ${kb(live)} KB; page limit ${kb(PAGE_FIRST_LOAD_LIMIT)} KB, and a page over it may not grow)`;
}

export function firstLoadProblem(candidate: number | null, live: number | null, liveLabel: string): string | null {
  if (candidate === null || live === null || live === 0) return null;
  const growth = candidate / live - 1;
  if (growth <= MAX_FIRST_LOAD_GROWTH) return null;
  return `first-load JavaScript grew ${(growth * 100).toFixed(1)} % over live ${liveLabel} (${live} -> ${candidate} gzip bytes; limit ${MAX_FIRST_LOAD_GROWTH * 100} %)`;
}

export function busContractOf(dir: string): BusContract | null {
  return readJson<BusContract>(path.join(dir, BUS_CONTRACT_FILE));
}

/**
 * Null when the candidate's contract keeps everything each live build was made against.
 * `live` holds the other live builds' contracts by label (name@version).
 */
export function contractProblem(candidate: BusContract | null, live: Map<string, BusContract>): string | null {
  if (!candidate) return `declares no bus contract (no ${BUS_CONTRACT_FILE}: build it with @cfs/mf-build)`;
  for (const [label, contract] of live) {
    const problems = incompatibilities(contract, candidate);
    if (problems.length) {
      const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
      return `bus contract incompatible with live ${label}: ${problems[0]}${more}`;
    }
  }
  return null;
}
