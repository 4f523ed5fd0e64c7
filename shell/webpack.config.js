const { host, sourceExports } = require('@cfs/mf-build');

// The remotes whose regions load with the page, for the deploy gate's page-level check.
module.exports = host({ dir: __dirname, firstLoadRegions: sourceExports(__dirname, './src/regions.ts').FIRST_LOAD_REMOTES });
