// Installs the workspace's dependencies when they are missing or older than package.json files.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// turbo's anonymous usage reports stay off for every run started from here (and its children).
process.env.TURBO_TELEMETRY_DISABLED = '1';
process.env.DO_NOT_TRACK = '1';

/** Runs turbo with these arguments from the repository root (telemetry off), throwing on failure. */
export function turbo(args) {
  const cmd = `npx turbo ${args}`;
  console.log(`\n> ${cmd}`);
  execSync(cmd, { cwd: root, stdio: 'inherit' });
}

/**
 * Builds every workspace with turbo from empty output folders for the builds the registry
 * publishes (the shell and the remotes). turbo restores a cached build over what the folder
 * holds, so files of another build could stay beside it, and publishing refuses a build with a
 * file its integrity list does not name. Emptied first, each folder holds exactly one build.
 */
export function buildPublished(args = '') {
  for (const dir of fs.readdirSync(root)) {
    if (dir !== 'shell' && !dir.startsWith('mf-')) continue;
    fs.rmSync(path.join(root, dir, 'dist'), { recursive: true, force: true });
  }
  turbo(`run build ${args}`.trim());
}

export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  let stale = !fs.existsSync(marker);
  if (!stale) {
    const t = fs.statSync(marker).mtimeMs;
    const manifests = execSync('git ls-files "*package.json"', { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    stale = manifests.some((m) => fs.existsSync(path.join(root, m)) && fs.statSync(path.join(root, m)).mtimeMs > t);
  }
  if (stale) {
    console.log('> npm install');
    execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  }
}

// `node ensure.mjs`: install what is missing. `node ensure.mjs turbo <args>`: then run turbo.
if (import.meta.url === `file://${process.argv[1]}`) {
  ensureInstalled();
  if (process.argv[2] === 'turbo') {
    try {
      turbo(process.argv.slice(3).join(' '));
    } catch (err) {
      process.exitCode = typeof err.status === 'number' && err.status ? err.status : 1;
    }
  }
}
