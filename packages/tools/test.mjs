// npm test: install what is missing, build every workspace, type-check, lint (zero warnings) and
// check formatting, run every jest suite, then the Playwright suite against the composed page in
// Debian's Chromium.
import { execSync } from 'node:child_process';
import { buildPublished, ensureInstalled, root, turbo } from './ensure.mjs';

ensureInstalled();
const run = (cmd) => {
  console.log(`\n> ${cmd}`);
  execSync(cmd, { cwd: root, stdio: 'inherit' });
};
try {
  buildPublished('--output-logs=errors-only');
  turbo('run typecheck --output-logs=errors-only');
  run('npx eslint . --max-warnings=0');
  run('npx prettier --check .');
  turbo('run test --concurrency=1 --output-logs=full');
  run('npm run e2e -w packages/e2e');
} catch (err) {
  process.exitCode = typeof err.status === 'number' && err.status ? err.status : 1;
}
