/** The repository's workspaces as the repository's own checks (boundaries, paths, tokens, names) walk them. */
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..', '..');

/** The shell and the six remotes: what ships in the page, each its own deployable. */
export const PAGE_DEPLOYABLES = ['shell', 'mf-results', 'mf-filters', 'mf-showcase', 'mf-reference', 'mf-compare', 'mf-alerts'];

/** Everything whose source runs in the page: the deployables and the browser packages. */
export const BROWSER_WORKSPACES = [...PAGE_DEPLOYABLES, 'packages/remote-kit', 'packages/search-query', 'packages/bus'];

/** The files below `dir` (none when it is not there) whose name `keep` accepts. */
export function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p, keep) : keep(e.name) ? [p] : [];
  });
}
