/**
 * Every workspace declares the workspaces its code imports (turbo re-runs a workspace's build and
 * tests when one it declares changes, and only then): each `@cfs/...`, `gateway` or remote import
 * in a workspace's src, test, bench, support or tests folder names a package of its package.json.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const rootPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
const workspaces = rootPackage.workspaces.flatMap((w) =>
  w.endsWith('/*') ? fs.readdirSync(path.join(ROOT, w.slice(0, -2))).map((d) => path.join(w.slice(0, -2), d)) : [w],
);
const names = new Map(
  workspaces
    .filter((w) => fs.existsSync(path.join(ROOT, w, 'package.json')))
    .map((w) => [JSON.parse(fs.readFileSync(path.join(ROOT, w, 'package.json'), 'utf8')).name as string, w]),
);

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' || e.name === 'fixtures' ? [] : sources(p);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(e.name) ? [p] : [];
  });
}

/** An import or export statement, a dynamic import or a require, at the start of a line of code. */
const IMPORT = /^\s*(?:(?:import|export)\b[^'"]*?from\s*|import\s*\(?\s*|.*?\brequire(?:\.resolve)?\(\s*)['"]([^'"./][^'"]*)['"]/gm;

describe('declared workspace imports', () => {
  it.each([...names.entries()])('%s declares every workspace it imports', (name, dir) => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
    const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {}), name]);
    const missing = new Set<string>();
    for (const folder of ['src', 'test', 'bench', 'support', 'tests']) {
      for (const file of sources(path.join(ROOT, dir, folder))) {
        for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
          const target = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
          if (names.has(target) && !declared.has(target)) missing.add(`${target} (${path.relative(ROOT, file)})`);
        }
      }
    }
    expect([...missing]).toEqual([]);
  });
});
