/**
 * What the page HTML loads, read from the published builds the registry names (versions are
 * immutable, so what is read once per version is kept, for the most recent versions asked): the
 * shell's scripts (its asset manifest), each remote's entry to preload, and each server-rendered
 * region's stylesheets.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { styleSafeCss, type Registry, type Utf8 } from '@cfs/contracts';
import { RegistryStore, SHELL } from '../registry/store';
import { sharedUtf8 } from '../ssr/state-json';

interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { css?: { sync?: string[]; async?: string[] } } }[];
}

/** Read once per version, kept for the versions asked lately (a long-running gateway sees many deploys). */
const perVersion = new LRUCache<string, { value: unknown }>({ max: 400 });

function once<T>(key: string, read: () => T): T {
  let kept = perVersion.get(key);
  if (!kept) perVersion.set(key, (kept = { value: read() }));
  return kept.value as T;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * The scripts of one entry of a published shell version, in order (its asset manifest): `shell`,
 * the shell itself, and `start`, the script that adds it to the page once the page has painted
 * (a shell build without one has the page run its scripts directly).
 */
export function shellScripts(store: RegistryStore, version: string, entry: 'shell' | 'start' = 'shell'): string[] {
  return once(`${SHELL}@${version}#scripts:${entry}`, () => {
    const m = readJson<{ entries: Record<string, string[]> }>(path.join(store.remoteDir(SHELL, version), 'asset-manifest.json'));
    return (m?.entries?.[entry] ?? []).map((f) => store.fileUrl(SHELL, version, f));
  });
}

function manifestOf(store: RegistryStore, name: string, version: string): RemoteManifest | null {
  return once(`${name}@${version}#manifest`, () => readJson<RemoteManifest>(path.join(store.remoteDir(name, version), 'mf-manifest.json')));
}

/** remoteEntry.js of a published version, read from its manifest. */
function remoteEntryOf(store: RegistryStore, name: string, version: string): string | null {
  const re = manifestOf(store, name, version)?.metaData?.remoteEntry;
  return re?.name ? store.fileUrl(name, version, `${re.path ? `${re.path}/` : ''}${re.name}`) : null;
}

/**
 * The stylesheets a remote's lifecycles module loads with it, as text with their file names: the
 * page carries them inline, each marked with its file name (data-href), so the first paint waits
 * for no stylesheet request and the browser module, finding its file already there, loads it no
 * second time (mini-css-extract-plugin looks for a <style data-href> of the same name).
 */
/** A region's stylesheets, as UTF-8 in shared memory: every page's frame task reads the same bytes, none copies them. */
export function remoteStyles(store: RegistryStore, name: string, version: string): { href: string; css: Utf8 }[] {
  return once(`${name}@${version}#styles`, () => {
    const exposes = manifestOf(store, name, version)?.exposes ?? [];
    return [...new Set(exposes.flatMap((e) => [...(e.assets?.css?.sync ?? []), ...(e.assets?.css?.async ?? [])]))].flatMap((f) => {
      try {
        const css = fs.readFileSync(path.join(store.remoteDir(name, version), f), 'utf8');
        return [{ href: f, css: sharedUtf8(styleSafeCss(css.replace(/\/\*# sourceMappingURL=[^*]*\*\//g, '').trim())) }];
      } catch {
        return [];
      }
    });
  });
}

/** The Subresource Integrity hashes a published build declares (its integrity.json), by file name. */
function integrityOf(store: RegistryStore, name: string, version: string): Record<string, string> {
  return once(
    `${name}@${version}#integrity`,
    () => readJson<{ files?: Record<string, string> }>(path.join(store.remoteDir(name, version), 'integrity.json'))?.files ?? {},
  );
}

/**
 * The SRI hash of every script the page names, by URL: the shell's scripts and each remote's
 * entry. The frame writes it on the <script> and on its preload, so the browser checks the bytes
 * and reuses the preloaded response for the script (both in CORS mode).
 */
export function scriptIntegrity(store: RegistryStore, registry: Registry, shellVersion: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, hash] of Object.entries(integrityOf(store, SHELL, shellVersion))) {
    if (file.endsWith('.js')) out[store.fileUrl(SHELL, shellVersion, file)] = hash;
  }
  for (const [name, e] of Object.entries(registry.remotes)) {
    const entry = e.version === 'override' ? null : remoteEntryOf(store, name, e.version);
    if (entry && e.integrity) out[entry] = e.integrity;
  }
  return out;
}

/** Preload hints for each remote's manifest and entry (the frame leaves out regions it loads later). */
export function remotePreloads(store: RegistryStore, registry: Registry) {
  const out: { href: string; as: 'script' | 'fetch'; remote: string }[] = [];
  for (const [name, e] of Object.entries(registry.remotes)) {
    if (e.version === 'override') continue;
    out.push({ href: e.manifest, as: 'fetch', remote: name });
    const entry = remoteEntryOf(store, name, e.version);
    if (entry) out.push({ href: entry, as: 'script', remote: name });
  }
  return out;
}
