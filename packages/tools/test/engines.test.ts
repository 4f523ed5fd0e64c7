/**
 * What the product runs in production (the gateway, the embedded upstream and everything they
 * load) declares engines that include the Node running it. A dependency that declares a newer
 * Node may work today and break on any patch; pick a version that declares this one.
 * Build and development tools are not checked here: the README names the ones that declare a
 * newer Node and why they stay.
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(__dirname, '..', '..', '..');
const SERVERS = ['gateway', 'packages/upstream'];

interface Manifest {
  name: string;
  version: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** The installed copy of `name` that code in `fromDir` loads (Node's node_modules lookup). */
function installed(name: string, fromDir: string): string | null {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (dir === path.dirname(dir)) return null;
  }
}

/** Every package the servers load at run time, each with its declared Node range. */
function runtimeClosure(): Map<string, Manifest> {
  const seen = new Map<string, Manifest>();
  const visit = (dir: string) => {
    if (seen.has(dir)) return;
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
    seen.set(dir, manifest);
    for (const [name, optional] of [
      ...Object.keys(manifest.dependencies ?? {}).map((n) => [n, false] as const),
      ...Object.keys(manifest.optionalDependencies ?? {}).map((n) => [n, true] as const),
    ]) {
      const found = installed(name, dir);
      if (found) visit(found);
      else if (!optional) throw new Error(`${manifest.name} needs ${name}, which is not installed`);
    }
  };
  for (const server of SERVERS) visit(path.join(root, server));
  return seen;
}

describe('the production servers run on this Node', () => {
  const closure = runtimeClosure();

  it('loads a real dependency tree (fastify, undici, lmdb, sanitize-html among it)', () => {
    const names = new Set([...closure.values()].map((m) => m.name));
    for (const name of ['fastify', 'undici', 'lmdb', 'sanitize-html', '@fastify/static', 'light-my-request']) expect(names).toContain(name);
  });

  it(`declares engines that include Node ${process.version} for every package`, () => {
    const refusing = [...closure.values()]
      .filter((m) => m.engines?.node && !semver.satisfies(process.version, m.engines.node, { includePrerelease: true }))
      .map((m) => `${m.name}@${m.version} declares node ${m.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
