module.exports = require('@cfs/mf-build').remote({ dir: __dirname, workers: { 'push-worker': './src/push-worker.ts' } });
