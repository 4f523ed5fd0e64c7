/**
 * Browser code names the gateway's paths only through @cfs/contracts API_PATHS (whose every entry
 * the gateway serves: gateway/test/api-contract.test.ts): a string in the shell's, a remote's or
 * a browser package's source that starts like one of those paths is refused, so no remote can call
 * a path the gateway does not serve.
 */
import fs from 'node:fs';
import path from 'node:path';
import { API_PATHS, SEARCH_PATH } from '@cfs/contracts';
import { BROWSER_WORKSPACES, filesUnder, ROOT } from './workspaces';

const BROWSER_SOURCES = BROWSER_WORKSPACES.map((w) => path.join(ROOT, w, 'src'));

/** Where the API's paths start: their first segment, or under the page's path its first two. */
const PREFIXES = [
  ...new Set(
    Object.values(API_PATHS).map((p) =>
      p.startsWith(`${SEARCH_PATH}/`) ? p.split('/').slice(0, 3).join('/') : p.split('/').slice(0, 2).join('/'),
    ),
  ),
];

const sources = (dir: string) => filesUnder(dir, (name) => /\.(ts|tsx)$/.test(name));

/** The string and template literals of a line of code that start like an API path. */
function apiLiterals(line: string): string[] {
  if (/^\s*(\*|\/\/|\/\*)/.test(line)) return [];
  return [...line.matchAll(/['"`](\/[^'"`\s]*)/g)].map((m) => m[1]).filter((s) => PREFIXES.some((p) => s === p || s.startsWith(`${p}/`)));
}

describe('API paths in browser code', () => {
  it('are derived from the contracts table', () => {
    expect(PREFIXES).toEqual(expect.arrayContaining(['/rest', '/account-api', '/content', '/geo', `${SEARCH_PATH}/searchoptions`]));
    expect(apiLiterals("const P = '/rest/lsc/listing/new-thing';")).toEqual(['/rest/lsc/listing/new-thing']);
    expect(apiLiterals('  fetch(`/account-api/leads/${id}`)')).toEqual(['/account-api/leads/${id}']);
    expect(apiLiterals(" * '/rest/lsc/listing' in a comment")).toEqual([]);
    expect(apiLiterals("const page = '/cars-for-sale?makeCode=FORD';")).toEqual([]);
  });

  it('are never written out in the shell, a remote or a browser package', () => {
    const found: string[] = [];
    for (const dir of BROWSER_SOURCES) {
      for (const file of sources(dir)) {
        fs.readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            for (const literal of apiLiterals(line)) found.push(`${path.relative(ROOT, file)}:${i + 1} ${literal}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});
