module.exports = require('@cfs/mf-build').host({ dir: __dirname });
