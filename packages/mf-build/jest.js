// One Jest configuration for every workspace: `module.exports = require('@cfs/mf-build/jest')({ dom: true })`.
const path = require('node:path');

module.exports = function jestConfig({ dom = false, setup = [] } = {}) {
  return {
    testEnvironment: dom ? 'jsdom' : 'node',
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ESM-only dependencies of @fastify/static and light-my-request are transformed too.
    // Server containers a test loads are built JavaScript already.
    transformIgnorePatterns: ['/node_modules/(?!(?:.*/)?(content-disposition|cookie|@fastify/static)/)', '/server/[^/]+\\.js$'],
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'style-stub.js') },
    testMatch: ['**/test/**/*.test.ts?(x)', '**/src/**/*.test.ts?(x)'],
    setupFilesAfterEnv: [...(dom ? [require.resolve('@testing-library/jest-dom')] : []), ...setup],
    testTimeout: 30000,
    // What the build defines for a remote (index.js DefinePlugin).
    globals: { __REMOTE_VERSION__: '0.0.0-test' },
  };
};
