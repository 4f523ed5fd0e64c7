// Dev-server ports of the remotes when a team develops one alone (npm run dev -w <remote>):
// 3101 for the first remote of the contracts' REMOTE_NAMES, 3102 for the second, and so on.
// The list is read from its one home (@cfs/contracts, src/registry.ts), not written again here;
// test/ports.test.ts proves this reading matches what the contracts export.
const fs = require('node:fs');
const path = require('node:path');

const FIRST_PORT = 3101;

function remoteNames() {
  const registry = path.join(path.dirname(require.resolve('@cfs/contracts')), 'registry.ts');
  const match = /export const REMOTE_NAMES = \[([^\]]*)\]/.exec(fs.readFileSync(registry, 'utf8'));
  if (!match) throw new Error(`REMOTE_NAMES not found in ${registry}`);
  return [...match[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

module.exports = Object.fromEntries(remoteNames().map((name, i) => [name, FIRST_PORT + i]));
