/**
 * The list of remotes has one home, REMOTE_NAMES. Files that cannot import it (JSON manifests,
 * the turbo pipeline) must still agree with it: this test walks them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REGION_LABELS, REMOTE_NAMES, federationName } from '../src';

const ROOT = path.resolve(__dirname, '../../..');
const json = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

describe('REMOTE_NAMES, the one list of remotes', () => {
  it('names each remote once, as a folder name that is also a valid federation name', () => {
    expect(new Set(REMOTE_NAMES).size).toBe(REMOTE_NAMES.length);
    for (const name of REMOTE_NAMES) {
      expect(name).toMatch(/^mf-[a-z]+$/);
      expect(federationName(name)).toBe(name.replace('-', '_'));
    }
  });

  it('agrees with the root workspaces: every remote is a workspace and every mf-* workspace is a remote', () => {
    const workspaces: string[] = json('package.json').workspaces;
    expect(workspaces.filter((w) => w.startsWith('mf-'))).toEqual([...REMOTE_NAMES]);
    for (const name of REMOTE_NAMES) expect(json(`${name}/package.json`).name).toBe(name);
  });

  it('agrees with the turbo pipeline: the gateway tests wait for every remote build', () => {
    const deps: string[] = json('turbo.json').tasks['gateway#test'].dependsOn;
    expect(deps.filter((d) => d.startsWith('mf-')).sort()).toEqual(REMOTE_NAMES.map((n) => `${n}#build`).sort());
  });

  it('agrees with CODEOWNERS: every remote folder names its owning team', () => {
    const owners = fs.readFileSync(path.join(ROOT, '.github/CODEOWNERS'), 'utf8');
    for (const name of REMOTE_NAMES) expect(owners).toMatch(new RegExp(`^/${name}/\\s+@cars-for-sale/${name.slice(3)}$`, 'm'));
  });

  it('gives every remote a region label, and no label to anything else', () => {
    expect(Object.keys(REGION_LABELS).sort()).toEqual([...REMOTE_NAMES].sort());
    expect(new Set(Object.values(REGION_LABELS)).size).toBe(REMOTE_NAMES.length);
  });
});
