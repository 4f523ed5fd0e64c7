// One webpack configuration factory for the shell and the six remotes.
//   remote: module.exports = require('@cfs/mf-build').remote({ dir: __dirname });
//   shell:  module.exports = require('@cfs/mf-build').host({ dir: __dirname });
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const webpack = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const shared = require('./shared');
const ports = require('./ports');

const federationName = (folder) => folder.replace(/[^a-zA-Z0-9_]/g, '_');

// The Module Federation runtime packages ship CommonJS and ES module builds. The bundler runtime
// imports the ES build while the external-runtime plugin requires the CommonJS one, which put the
// runtime into the shell twice. Every build resolves them to their ES build: one copy per page.
const federationRuntimePackages = ['@module-federation/runtime-core', '@module-federation/sdk', '@module-federation/error-codes'];
function esmEntry(pkg) {
  const cjs = require.resolve(pkg);
  const root = cjs.slice(0, cjs.lastIndexOf(`${path.sep}dist${path.sep}`));
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return path.join(root, manifest.exports['.'].import.default);
}
const runtimeAliases = Object.fromEntries(federationRuntimePackages.map((pkg) => [`${pkg}$`, esmEntry(pkg)]));

/**
 * What a TypeScript module exports, read with tsx, resolved from a workspace's folder (a build
 * reads its own source, or a workspace's it depends on, without a build step).
 */
function sourceExports(dir, file) {
  const { require: tsxRequire } = require('tsx/cjs/api');
  return tsxRequire(file, path.join(dir, 'webpack.config.js'));
}

/** Where a build goes: dist/ (BUILD_OUT_DIR builds elsewhere, e.g. a new version for a deploy test). */
function outDir(dir) {
  return process.env.BUILD_OUT_DIR ? path.resolve(process.env.BUILD_OUT_DIR) : path.join(dir, 'dist');
}

/** The server container sits beside the browser build and is published with it. */
const SERVER_DIR = 'server';

function common({ dir, mode }) {
  const prod = mode !== 'development';
  return {
    mode: prod ? 'production' : 'development',
    context: dir,
    // Production maps are emitted for error-report tools but not named in the scripts; a
    // production gateway does not serve them.
    devtool: prod ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'], alias: runtimeAliases },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          // Workspace packages resolve to their real paths (outside node_modules) and are compiled too.
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !prod } },
                target: 'es2020',
              },
            },
          },
        },
        // Styles are files of their own, loaded with the chunk that needs them: not bytes of JavaScript,
        // and no <style> element injected at run time.
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] },
      ],
    },
    output: {
      path: outDir(dir),
      filename: prod ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: prod ? '[name].[contenthash:10].js' : '[name].js',
      // Old versions live under their own version path, so clean is safe for dist/ (the server
      // container beside it is the other half of the same build and cleans its own folder).
      clean: { keep: new RegExp(`^${SERVER_DIR}/`) },
    },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // JavaScript with terser (webpack's default, '...'), stylesheets with esbuild: a region's
      // stylesheet is inline in every server-rendered page, so its comments and spaces were bytes
      // of every page (parsed before the first paint, compressed on every answer).
      minimizer: ['...', new CssMinimizerPlugin({ minify: CssMinimizerPlugin.esbuildMinify })],
      // The shared libraries load as two files, not one per share key: the React family (react,
      // its JSX runtime, react-dom and its client, the scheduler) with the remote kit's React
      // modules, always asked for together, and the workspace libraries that need no React (the
      // contracts, the query rules, the bus with its zustand, the kit's React-free entry). A
      // page's first load fetched seven small files for them; gzipped together they are some 3 KB
      // smaller (one dictionary, not seven). The kit's React modules travel with React, not in
      // 'kit': the shell's start, which takes only the React-free entry, does not download them
      // (some 4 KB gzip). Sharing is per module, not per file: a share a container does not take
      // from the page is still loaded from its own files, and only that module of them runs.
      splitChunks: {
        cacheGroups: {
          react: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]packages[\\/]remote-kit[\\/]src[\\/](?!dom[\\/])/,
            name: 'react',
            chunks: 'async',
            enforce: true,
          },
          kit: {
            test: /[\\/]packages[\\/](contracts|search-query|bus)[\\/]src[\\/]|[\\/]packages[\\/]remote-kit[\\/]src[\\/]dom[\\/]|[\\/]node_modules[\\/]zustand[\\/]/,
            name: 'kit',
            chunks: 'async',
            enforce: true,
          },
        },
      },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

function cssFiles(mode) {
  const name = mode === 'development' ? '[name]' : '[name].[contenthash:10]';
  return new MiniCssExtractPlugin({ filename: `${name}.css`, chunkFilename: `${name}.css` });
}

function buildVersion(dir) {
  return process.env.BUILD_VERSION || require(path.join(dir, 'package.json')).version;
}

/** The first of the candidate files that exists (src/x.ts or src/x.tsx). */
function source(dir, base) {
  return fs.existsSync(path.join(dir, `src/${base}.tsx`)) ? `./src/${base}.tsx` : `./src/${base}.ts`;
}

/** Styles mean nothing to a server render: the page links each region's CSS files itself. */
const NO_STYLES = path.join(__dirname, 'no-styles-loader.js');

/**
 * The server container of a remote or of the shell, built in the same run as its browser build
 * and published beside it (`<version>/server/remoteEntry.js`). The gateway requires it from plain
 * Node through the container protocol (init with a share scope holding its own React, then get):
 * CommonJS, async startup, the same share policy as the browser so React is the gateway's.
 */
function server({ dir, mode, name, exposes, defines }) {
  const base = common({ dir, mode });
  return {
    ...base,
    name: 'server',
    target: 'async-node',
    devtool: false,
    entry: {},
    module: {
      rules: [base.module.rules[0], { test: /\.css$/, loader: NO_STYLES }],
    },
    output: {
      path: path.join(outDir(dir), SERVER_DIR),
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      publicPath: '',
      library: { type: 'commonjs-module' },
      uniqueName: `${name}_server`,
      clean: true,
    },
    optimization: { ...base.optimization, minimize: false },
    plugins: [
      new webpack.DefinePlugin(defines),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        exposes,
        shared,
        manifest: false,
        dts: false,
        experiments: { asyncStartup: true },
      }),
      new DeployRecordPlugin(),
    ],
  };
}

/**
 * A remote: exposes single-spa lifecycles from src/lifecycles.ts(x) and emits mf-manifest.json;
 * its server container exposes the region's server render from src/server.ts(x).
 */
/**
 * A remote's build. `workers`: scripts of its own beside its modules (name -> source), each a
 * compilation without the Module Federation runtime, emitted as `<name>.js` under a fixed name
 * and published with the version (the alerts remote's push worker).
 */
function remote({ dir, exposes, name, workers = {} } = {}) {
  const folder = name || path.basename(dir);
  return (env = {}, argv = {}) => {
    const mode = argv.mode || 'production';
    const base = common({ dir, mode });
    const lifecycles = source(dir, 'lifecycles');
    const defines = { __REMOTE_NAME__: JSON.stringify(folder), __REMOTE_VERSION__: JSON.stringify(buildVersion(dir)) };
    const browser = {
      ...base,
      name: 'browser',
      entry: {},
      output: { ...base.output, publicPath: 'auto', uniqueName: federationName(folder) },
      plugins: [
        cssFiles(mode),
        new webpack.DefinePlugin(defines),
        new ModuleFederationPlugin({
          name: federationName(folder),
          filename: 'remoteEntry.js',
          exposes: exposes || { './lifecycles': lifecycles },
          shared,
          manifest: true,
          dts: false,
          // The shell provides the one Module Federation runtime (TOOLCHAIN pitfall 3); a browser
          // build leaves out the runtime's Node script loading.
          experiments: { externalRuntime: true, optimization: { target: 'web' } },
        }),
        ...Object.entries(workers).map(([worker, entry]) => new ChildScriptPlugin({ name: worker, entry, filename: `${worker}.js` })),
        new DeployRecordPlugin({ contract: true }),
      ],
      devServer: {
        port: ports[folder],
        host: '127.0.0.1',
        headers: { 'Access-Control-Allow-Origin': '*' },
        hot: false,
        liveReload: true,
        client: false,
        static: false,
      },
    };
    // The dev server serves the browser build alone; a deploy build carries the server container too.
    if (env.WEBPACK_SERVE) return browser;
    // A build without src/server.ts(x) has no server container: the browser renders its region.
    if (!fs.existsSync(path.join(dir, source(dir, 'server')))) return browser;
    return [browser, server({ dir, mode, name: federationName(folder), exposes: { './server': source(dir, 'server') }, defines })];
  };
}

/**
 * A script of its own beside a build's modules (the shell's start script, src/start.ts; a
 * remote's workers): a compilation of its own, a child of the browser build, so it carries no
 * Module Federation runtime (the plugin puts one in every entry of its own compilation) and is
 * emitted with the build: hashed unless named, in integrity.json and in asset-manifest.json.
 */
class ChildScriptPlugin {
  /** `filename`: a fixed name instead of the build's hashed one (a service worker's script keeps its address). */
  constructor({ name, entry, filename }) {
    this.name = name;
    this.entry = entry;
    this.filename = filename;
  }
  apply(compiler) {
    // A build with no entry of its own (a remote's: its modules are exposes) has no factory for
    // an entry yet: the one an entry would have set up.
    compiler.hooks.compilation.tap('ChildScriptPlugin', (compilation, { normalModuleFactory }) => {
      compilation.dependencyFactories.set(
        webpack.EntryPlugin.createDependency(this.entry, { name: this.name }).constructor,
        normalModuleFactory,
      );
    });
    compiler.hooks.make.tapAsync('ChildScriptPlugin', (compilation, callback) => {
      const child = compilation.createChildCompiler(
        'ChildScriptPlugin',
        { uniqueName: `${compilation.outputOptions.uniqueName}_${this.name}`, ...(this.filename ? { filename: this.filename } : {}) },
        [new webpack.EntryPlugin(compiler.context, this.entry, { name: this.name })],
      );
      child.runAsChild((err) => callback(err));
    });
  }
}

/** Whether a chunk group is a shared library the build provides (loaded only when a container takes it). */
const isProvided = (group) => group.origins.length > 0 && group.origins.every((o) => o.module?.constructor?.name === 'ProvideSharedModule');

/**
 * The scripts a page loads for an entry as it starts (`start`): the entry's own, then every chunk
 * its start loads without being asked (the async boundary of Module Federation's bootstrap, the
 * shared libraries its own modules take), that is each chunk group reached from the entry through
 * an import() that has no webpackChunkName. A named import() is a chunk loaded when the shopper
 * asks for it (the hero's assistant, the fixed ad), and is not counted, nor what only it reaches.
 * `provided`: the files of the shared libraries the build provides to the page's containers that
 * its start does not load itself (the React family, for the shell): loaded when a container takes them.
 */
function startScripts(entrypoint) {
  const files = new Set(entrypoint.getFiles());
  const provided = new Set();
  const seen = new Set();
  const visit = (group) => {
    for (const child of group.childrenIterable) {
      if (seen.has(child) || child.name) continue;
      seen.add(child);
      if (isProvided(child)) {
        for (const f of child.getFiles()) provided.add(f);
        continue;
      }
      for (const f of child.getFiles()) files.add(f);
      visit(child);
    }
  };
  visit(entrypoint);
  const js = (set) => [...set].filter((f) => f.endsWith('.js'));
  return { start: js(files), provided: js(provided).filter((f) => !files.has(f)) };
}

/**
 * Emits asset-manifest.json: the initial scripts of each entry, in order, for the gateway's HTML
 * (child compilations' entries too: the shell's start script); and `firstLoad`, what a phone
 * loads of the page before the shopper does anything, for the deploy gate's page-level check
 * (gateway/src/registry/gates.ts): every entry's start scripts (`scripts`, startScripts), the
 * remotes whose code loads with the page (`regions`) and those of them that hydrate at once
 * (`hydrating`), both given by the host (the shell's regions.ts), and the shared libraries the
 * build provides beyond its start (`provided`: the React family), which a region hydrating at
 * once loads with the page.
 */
class AssetManifestPlugin {
  constructor({ firstLoadRegions = [], hydratingRegions = [] } = {}) {
    this.firstLoadRegions = firstLoadRegions;
    this.hydratingRegions = hydratingRegions;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('AssetManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'AssetManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const entries = {};
        const scripts = new Set();
        const provided = new Set();
        for (const c of [...compilation.children, compilation]) {
          for (const [name, ep] of c.entrypoints) {
            entries[name] = ep.getFiles().filter((f) => f.endsWith('.js'));
            const { start, provided: more } = startScripts(ep);
            for (const f of start) scripts.add(f);
            for (const f of more) provided.add(f);
          }
        }
        const firstLoad = {
          scripts: [...scripts],
          regions: this.firstLoadRegions,
          hydrating: this.hydratingRegions,
          provided: [...provided].filter((f) => !scripts.has(f)),
        };
        const json = JSON.stringify({ entries, firstLoad }, null, 2);
        compilation.emitAsset('asset-manifest.json', new webpack.sources.RawSource(json));
      });
    });
  }
}

/**
 * What a deploy checks, emitted with every build (the gateway's publish verifies both):
 * - integrity.json: the Subresource Integrity hash (sha384) of every file this compilation emits,
 *   by its path relative to the file (the server container has its own, in server/);
 * - bus-contract.json (browser builds): the bus contract of @cfs/contracts the build was made
 *   against, compared at publish time with the contracts of the live builds.
 */
const INTEGRITY_FILE = 'integrity.json';
const BUS_CONTRACT_FILE = 'bus-contract.json';

/** The contract's descriptors, read from the TypeScript source with tsx (no build step needed). */
function busContract() {
  return sourceExports(__dirname, '@cfs/contracts/bus-contract').BUS_CONTRACT;
}

class DeployRecordPlugin {
  constructor({ contract = false } = {}) {
    this.contract = contract;
  }
  apply(compiler) {
    const contract = this.contract ? JSON.stringify(busContract(), null, 2) : null;
    compiler.hooks.thisCompilation.tap('DeployRecordPlugin', (compilation) => {
      // After every other asset (the manifests are emitted at REPORT and earlier stages).
      const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 100;
      compilation.hooks.processAssets.tap({ name: 'DeployRecordPlugin', stage }, () => {
        if (contract) compilation.emitAsset(BUS_CONTRACT_FILE, new webpack.sources.RawSource(contract));
        const files = {};
        for (const asset of compilation.getAssets()) {
          files[asset.name] = `sha384-${crypto.createHash('sha384').update(asset.source.buffer()).digest('base64')}`;
        }
        const json = JSON.stringify({ algorithm: 'sha384', files }, null, 2);
        compilation.emitAsset(INTEGRITY_FILE, new webpack.sources.RawSource(json));
      });
    });
  }
}

/**
 * The shell: a host with no remotes compiled in; they come from the registry at run time.
 * `firstLoadRegions`: the remotes whose code loads with the page, `hydratingRegions` those of them
 * that hydrate at once (asset-manifest.json's firstLoad).
 */
function host({ dir, firstLoadRegions = [], hydratingRegions = [] }) {
  return (_env, argv = {}) => {
    const mode = argv.mode || 'production';
    const base = common({ dir, mode });
    const browser = {
      ...base,
      name: 'browser',
      entry: { shell: './src/index.ts' },
      // Published under its version path like a remote: chunks load relative to the shell's script.
      output: { ...base.output, publicPath: 'auto', uniqueName: 'shell' },
      plugins: [
        cssFiles(mode),
        new ModuleFederationPlugin({
          name: 'shell',
          remotes: {},
          shared,
          dts: false,
          manifest: false,
          // Load remotes on demand; one unreachable remote must not break start-up (pitfall 4).
          shareStrategy: 'loaded-first',
          experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
        }),
        new ChildScriptPlugin({ name: 'start', entry: './src/start.ts' }),
        new AssetManifestPlugin({ firstLoadRegions, hydratingRegions }),
        new DeployRecordPlugin({ contract: true }),
      ],
    };
    // The frame (layout, hero, regions, error screen) is rendered by the shell's server container.
    const defines = { __REMOTE_NAME__: JSON.stringify('shell'), __REMOTE_VERSION__: JSON.stringify(buildVersion(dir)) };
    return [browser, server({ dir, mode, name: 'shell', exposes: { './frame': source(dir, 'frame') }, defines })];
  };
}

module.exports = { remote, host, sourceExports, shared, ports, federationName, SERVER_DIR, INTEGRITY_FILE, BUS_CONTRACT_FILE };
