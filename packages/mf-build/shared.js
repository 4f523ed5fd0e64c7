// The shared-dependency policy of the page: the one file every build (shell and six remotes)
// uses. Singletons with required versions, so the browser loads exactly one React, one renderer
// and one bus. Deep imports (`react/jsx-runtime`, `react-dom/client`) are separate share keys and
// must be listed, or each container bundles its own renderer.
const rootPkg = require('../../package.json');

const exact = (name) => {
  const v = rootPkg.dependencies[name];
  if (!v) throw new Error(`shared.js: ${name} is not a root dependency`);
  return `^${v.replace(/^[~^]/, '')}`;
};

const singleton = (requiredVersion, extra = {}) => ({ singleton: true, requiredVersion, strictVersion: false, ...extra });

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
  '@cfs/bus': singleton('^1.0.0', { version: '1.0.0' }),
  '@cfs/contracts': singleton('^1.0.0', { version: '1.0.0' }),
};
