/** What the page HTML loads: the shell's scripts (from its asset manifest) and remote entry preloads. */
import fs from 'node:fs';
import path from 'node:path';
import type { Registry } from '@cfs/contracts';
import { REMOTES_URL_PREFIX, RegistryStore } from '../registry/store';

export const SHELL_URL_PREFIX = '/cars-for-sale/static/shell/';

let shellCache: { mtimeMs: number; scripts: string[] } | null = null;

export function shellScripts(shellDist: string): string[] {
  const file = path.join(shellDist, 'asset-manifest.json');
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new Error(`the shell is not built (${file} missing): run npm run build`);
  }
  if (shellCache?.mtimeMs !== stat.mtimeMs) {
    const m = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: Record<string, string[]> };
    shellCache = { mtimeMs: stat.mtimeMs, scripts: (m.entries.shell ?? []).map((f) => SHELL_URL_PREFIX + f) };
  }
  return shellCache.scripts;
}

const entryCache = new Map<string, string | null>();

/** remoteEntry.js of a published version, read from its manifest (versions are immutable). */
function remoteEntryOf(store: RegistryStore, name: string, version: string): string | null {
  const key = `${name}@${version}`;
  if (!entryCache.has(key)) {
    let entry: string | null = null;
    try {
      const m = JSON.parse(fs.readFileSync(path.join(store.remoteDir(name, version), 'mf-manifest.json'), 'utf8'));
      const re = m?.metaData?.remoteEntry;
      if (re?.name) entry = `${REMOTES_URL_PREFIX}/${name}/${version}/${re.path ? `${re.path}/` : ''}${re.name}`;
    } catch {
      entry = null;
    }
    entryCache.set(key, entry);
  }
  return entryCache.get(key)!;
}

export function remotePreloads(store: RegistryStore, registry: Registry) {
  const out: { href: string; as: 'script' | 'fetch' }[] = [];
  for (const [name, e] of Object.entries(registry.remotes)) {
    if (e.version === 'override') continue;
    out.push({ href: e.manifest, as: 'fetch' });
    const entry = remoteEntryOf(store, name, e.version);
    if (entry) out.push({ href: entry, as: 'script' });
  }
  return out;
}
