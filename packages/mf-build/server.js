#!/usr/bin/env node
// The production build of the Node servers (the gateway and the embedded upstream): each entry is
// bundled with esbuild into dist/<entry>.js, run with plain `node`. The workspace packages it
// imports (TypeScript sources) are compiled into the bundle; every other package stays a
// run-time require from node_modules (native modules, data files and all).
//   "build": "cfs-build-server src/main.ts"
const path = require('node:path');
const esbuild = require('esbuild');

const WORKSPACE_SCOPE = '@cfs/';

/** Bare imports outside the workspace are left to Node at run time. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith(WORKSPACE_SCOPE)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Builds `entries` (paths relative to `dir`) into `dir`/dist, one file per entry, keeping src/'s layout. */
async function buildServer({ dir, entries }) {
  if (!entries.length) throw new Error('cfs-build-server: name at least one entry (e.g. src/main.ts)');
  const outdir = path.join(dir, 'dist');
  const result = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: entries,
    outbase: 'src',
    outdir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Stack traces name the TypeScript sources (`node --enable-source-maps`).
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  if (result.errors.length) throw new Error(`cfs-build-server: ${result.errors.length} error(s)`);
}

module.exports = { buildServer };

if (require.main === module) {
  buildServer({ dir: process.cwd(), entries: process.argv.slice(2) }).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
