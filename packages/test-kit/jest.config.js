module.exports = require('@cfs/mf-build/jest')({ dom: true });
