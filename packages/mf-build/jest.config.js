module.exports = require('./jest')();
