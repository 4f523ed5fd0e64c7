/** One file-name style in every workspace: a hook's file is `use-<what>.ts(x)`, in kebab case. */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const WORKSPACES = ['shell', 'mf-results', 'mf-filters', 'mf-showcase', 'mf-reference', 'mf-compare', 'mf-alerts', 'packages/remote-kit'];

describe('file names', () => {
  it.each(WORKSPACES)('%s: every hook file is use-<kebab-case>.ts(x)', (workspace) => {
    const dir = path.join(ROOT, workspace, 'src', 'hooks');
    const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    expect(names.filter((n) => !/^use-[a-z0-9]+(-[a-z0-9]+)*\.tsx?$/.test(n))).toEqual([]);
  });
});
