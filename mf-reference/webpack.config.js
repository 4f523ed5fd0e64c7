module.exports = require('@cfs/mf-build').remote({ dir: __dirname });
