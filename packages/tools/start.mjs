// npm start: install what is missing, build, publish the remotes into the gateway's registry,
// then run the embedded upstream (UPSTREAM_PORT, default 8090) and the gateway (PORT, default 8080).
import { execSync, spawn } from 'node:child_process';
import { ensureInstalled, root } from './ensure.mjs';

ensureInstalled();
const run = (cmd) => {
  console.log(`> ${cmd}`);
  execSync(cmd, { cwd: root, stdio: 'inherit' });
};
run('npx turbo run build --output-logs=errors-only');
run('npm run deploy --silent -w gateway -- publish all');

const upstreamPort = process.env.UPSTREAM_PORT || '8090';
const port = process.env.PORT || '8080';
const env = { ...process.env, UPSTREAM_URL: process.env.UPSTREAM_URL || `http://127.0.0.1:${upstreamPort}` };
const children = [
  spawn('npx', ['tsx', 'packages/upstream/src/main.ts'], { cwd: root, stdio: 'inherit', env: { ...env, PORT: upstreamPort } }),
  spawn('npx', ['tsx', 'gateway/src/main.ts'], { cwd: root, stdio: 'inherit', env: { ...env, PORT: port } }),
];
console.log(`\nThe page: http://127.0.0.1:${port}/cars-for-sale  (upstream on http://127.0.0.1:${upstreamPort})\n`);
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => {
  if (code) {
    console.error(`a server exited with ${code}; stopping`);
    stop();
    process.exitCode = code;
  }
});
