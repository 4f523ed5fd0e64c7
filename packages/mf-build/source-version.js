// The share version of a workspace library: its package version plus a hash of its sources, so two
// builds agree on a version only when they were made from the same code.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

function sourceHash(dir) {
  const hash = crypto.createHash('sha256');
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(tsx?|js|json|css)$/.test(entry.name) && !/\.test\./.test(entry.name)) {
        hash.update(path.relative(dir, full).split(path.sep).join('/')).update('\0').update(fs.readFileSync(full)).update('\0');
      }
    }
  };
  walk(path.join(dir, 'src'));
  hash.update(fs.readFileSync(path.join(dir, 'package.json')));
  return hash.digest('hex').slice(0, 12);
}

/** `<version>-src<hash>`: a semver pre-release that only an identical build satisfies exactly. */
function sourceVersion(dir) {
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return `${version}-src${sourceHash(dir)}`;
}

module.exports = { sourceVersion };
