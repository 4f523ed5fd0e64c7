/**
 * The remote registry and the published builds. A deploy is: publish a build's files under a new
 * immutable version path, then switch the registry entry atomically (write a temp file, rename).
 * Rolling back is switching the entry back; old versions are never deleted by a deploy.
 *
 *   <dataDir>/registry.json                      { "remotes": { "mf-results": { "version": "..." }, "shell": { ... } } }
 *   <dataDir>/remotes/<remote>/<version>/...     mf-manifest.json, remoteEntry.js, hashed chunks,
 *                                                server/remoteEntry.js (the server container)
 *
 * The shell deploys the same way as a remote (name 'shell'): its version holds the browser
 * scripts (asset-manifest.json) and the server container of the page frame.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type Registry } from '@cfs/contracts';

export const REMOTES_URL_PREFIX = '/cars-for-sale/remotes';

export interface StoredRegistry {
  remotes: Record<string, { version: string; publishedAt?: string }>;
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

/** The file a build must have to be published: the remote's manifest, or the shell's assets and frame. */
function requiredFiles(name: string): string[] {
  return name === SHELL ? ['asset-manifest.json', 'server/remoteEntry.js'] : ['mf-manifest.json'];
}

export function isVersion(v: string): boolean {
  return VERSION_RE.test(v) && !v.includes('..');
}

export class RegistryStore {
  private cache: { key: string; value: StoredRegistry } | null = null;

  constructor(readonly dataDir: string) {}

  get file() {
    return path.join(this.dataDir, 'registry.json');
  }

  remoteDir(name: string, version: string) {
    return path.join(this.dataDir, 'remotes', name, version);
  }

  /** Read on every request, cached by mtime: a switch takes effect on the next page load. */
  read(): StoredRegistry {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.file);
    } catch {
      return { remotes: {} };
    }
    // A switch renames a new file into place, so the inode changes even within one clock tick.
    const key = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    if (this.cache && this.cache.key === key) return this.cache.value;
    const value = JSON.parse(fs.readFileSync(this.file, 'utf8')) as StoredRegistry;
    this.cache = { key, value };
    return value;
  }

  /** The registry as the browser sees it: remote name -> manifest URL, and the shell's version. */
  toRegistry(): Registry {
    const stored = this.read();
    const remotes: Registry['remotes'] = {};
    for (const [name, entry] of Object.entries(stored.remotes)) {
      if (!isRemoteName(name)) continue;
      remotes[name] = { version: entry.version, manifest: `${REMOTES_URL_PREFIX}/${name}/${entry.version}/mf-manifest.json` };
    }
    const shell = stored.remotes[SHELL];
    return shell ? { remotes, shell: { version: shell.version } } : { remotes };
  }

  /** The URL of a file of a published version. */
  fileUrl(name: string, version: string, file: string): string {
    return `${REMOTES_URL_PREFIX}/${name}/${version}/${file}`;
  }

  versions(name: string): string[] {
    try {
      return fs.readdirSync(path.join(this.dataDir, 'remotes', name)).filter(isVersion).sort();
    } catch {
      return [];
    }
  }

  /** Copies a build (dist folder) to its immutable version path; the version is content-derived. */
  publish(name: string, distDir: string, baseVersion = '1.0.0'): string {
    if (!isDeployable(name)) throw new Error(`unknown remote ${name}`);
    for (const f of requiredFiles(name)) {
      if (!fs.existsSync(path.join(distDir, f))) throw new Error(`${distDir} has no ${f}: build ${name} first`);
    }
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
      fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(tmp, target);
    }
    return version;
  }

  /** Points a remote's registry entry at a published version, atomically. */
  switch(name: string, version: string): void {
    if (!isDeployable(name)) throw new Error(`unknown remote ${name}`);
    if (!isVersion(version) || !fs.existsSync(path.join(this.remoteDir(name, version), requiredFiles(name)[0]))) {
      throw new Error(`${name}@${version} is not published`);
    }
    const current = this.read();
    const next: StoredRegistry = {
      remotes: { ...current.remotes, [name]: { version, publishedAt: new Date().toISOString() } },
    };
    fs.mkdirSync(this.dataDir, { recursive: true });
    const tmp = `${this.file}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    const fd = fs.openSync(tmp, 'w');
    fs.writeSync(fd, JSON.stringify(next, null, 2));
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, this.file);
    this.cache = null;
  }
}

function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}
