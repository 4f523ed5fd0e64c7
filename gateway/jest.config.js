const base = require('@cfs/mf-build/jest')();

// sanitize-html's parser (htmlparser2 and its dom* helpers, entities) is ESM-only: transform it
// too, beside the shared config's ESM exceptions. Node itself loads it with require(esm).
const ESM = [
  'content-disposition',
  'cookie',
  '@fastify/static',
  'htmlparser2',
  'domhandler',
  'domutils',
  'dom-serializer',
  'entities',
  'domelementtype',
];

module.exports = {
  ...base,
  transformIgnorePatterns: [`/node_modules/(?!(?:.*/)?(${ESM.join('|')})/)`],
};
