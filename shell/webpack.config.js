const { host, sourceExports } = require('@cfs/mf-build');

// The remotes whose code loads with the page, and those of them that hydrate at once, for the
// deploy gate's page-level check.
const { FIRST_LOAD_REMOTES, HYDRATING_REMOTES } = sourceExports(__dirname, './src/regions.ts');
module.exports = host({ dir: __dirname, firstLoadRegions: FIRST_LOAD_REMOTES, hydratingRegions: HYDRATING_REMOTES });
