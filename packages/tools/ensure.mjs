// Installs the workspace's dependencies when they are missing or older than package.json files.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

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

if (import.meta.url === `file://${process.argv[1]}`) ensureInstalled();
