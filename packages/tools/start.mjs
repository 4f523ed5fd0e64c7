// npm start: install what is missing, build, publish the remotes into the gateway's registry,
// then run the embedded upstream (UPSTREAM_PORT, default 8090) and the gateway (PORT, default
// 8080; GATEWAY_PROCESSES processes, one per core by default), compiled to JavaScript and run with
// plain node, under the supervisor (supervise.cjs): a crashed server is restarted with backoff, and
// Ctrl-C (or SIGTERM, to npm or to this process), or npm killed outright, stops both, leaving
// nothing behind.
import { execSync } from 'node:child_process';
import { buildPublished, ensureInstalled, root } from './ensure.mjs';
import supervisor from './supervise.cjs';

ensureInstalled();
/**
 * Runs a set-up step. One that fails (a build refused by a deploy gate, whose reason it printed)
 * ends npm start, with no server started.
 */
const run = (cmd) => {
  console.log(`> ${cmd}`);
  try {
    execSync(cmd, { cwd: root, stdio: 'inherit' });
  } catch (err) {
    console.error(`\nnpm start: \`${cmd}\` failed (exit ${err.status ?? err.signal}), see above; no server was started`);
    process.exit(typeof err.status === 'number' && err.status > 0 ? err.status : 1);
  }
};
// Builds the remotes and the shell, and compiles the gateway and the upstream to JavaScript.
buildPublished('--output-logs=errors-only');
// Every build was just made from this one checkout, so the gates that compare a remote with the
// live versions (bus contract, first-load growth) would compare it with an earlier local run:
// they are overridden here, and recorded as forced. File integrity is still checked.
run('node gateway/dist/deploy-cli.js publish all --force');

const upstreamPort = process.env.UPSTREAM_PORT || '8090';
const port = process.env.PORT || '8080';
// Stops both on Ctrl-C, SIGTERM or SIGHUP, and once npm (or the sh npm ran this in) is gone.
supervisor.runServers({ upstreamPort, port });
console.log(`\nThe page: http://127.0.0.1:${port}/cars-for-sale  (upstream on http://127.0.0.1:${upstreamPort})\n`);
