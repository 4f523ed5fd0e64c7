// The shared-dependency policy of the page: the one file every build (shell and six remotes)
// uses. Singletons with required versions, so the browser loads exactly one React, one renderer
// and one bus. Deep imports (`react/jsx-runtime`, `react-dom/client`) are separate share keys and
// must be listed, or each container bundles its own renderer.
const path = require('node:path');
const { sourceVersion } = require('./source-version');
const rootPkg = require('../../package.json');

const exact = (name) => {
  const v = rootPkg.dependencies[name];
  if (!v) throw new Error(`shared.js: ${name} is not a root dependency`);
  return `^${v.replace(/^[~^]/, '')}`;
};

const singleton = (requiredVersion, extra = {}) => ({ singleton: true, requiredVersion, strictVersion: false, ...extra });

// Workspace libraries every container bundles (the contracts, the query rules, the remote kit) are shared by
// build, not by trust: the share version carries a hash of the library's sources, and only that
// exact version is accepted. Containers built from the same sources load one copy; a container
// built from different sources keeps its own, so a deploy never runs code it was not built with.
const sameBuild = (folder) => {
  const version = sourceVersion(path.join(__dirname, '..', folder));
  return { singleton: false, version, requiredVersion: version, strictVersion: false };
};

const react = exact('react');
const reactDom = exact('react-dom');
const zustand = exact('zustand');

module.exports = {
  react: singleton(react),
  'react/jsx-runtime': singleton(react),
  'react-dom': singleton(reactDom),
  'react-dom/client': singleton(reactDom),
  zustand: singleton(zustand),
  'zustand/vanilla': singleton(zustand),
  // The module that calls create() must itself be a singleton, or each remote gets its own store.
  // The bus is the one workspace singleton: one store per page is its point.
  '@cfs/bus': singleton('^1.0.0', { version: '1.0.0' }),
  // The contracts carry texts, limits and flags a remote shows: shared by build like the others, so
  // a remote deployed alone shows the constants it was built with, never the shell's copy.
  '@cfs/contracts': sameBuild('contracts'),
  '@cfs/search-query': sameBuild('search-query'),
  '@cfs/remote-kit': sameBuild('remote-kit'),
  // The kit's React-free entry, shared on its own: the shell's start imports it alone, and loads no React.
  '@cfs/remote-kit/dom': sameBuild('remote-kit'),
};
