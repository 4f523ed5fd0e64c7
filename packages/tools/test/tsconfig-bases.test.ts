/**
 * Browser code and server code are type-checked against different worlds: what runs in the page
 * (and the packages it shares with the gateway) sees the DOM and no Node (tsconfig.browser.json),
 * the gateway and the upstream see Node and no DOM (tsconfig.server.json). Tests, benches and the
 * browser suite see both, with Jest (tsconfig.test.json), in a config of their own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BROWSER_WORKSPACES, ROOT } from './workspaces';

interface TsConfig {
  extends?: string;
  include?: string[];
  compilerOptions?: { lib?: string[]; types?: string[] };
}
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as TsConfig;
const extended = (workspace: string, file = 'tsconfig.json') => {
  const own = read(path.join(workspace, file));
  return { own, base: path.relative(ROOT, path.resolve(ROOT, workspace, own.extends ?? '')) };
};
const dom = (c: TsConfig) => (c.compilerOptions?.lib ?? []).some((l) => l.toLowerCase().startsWith('dom'));

const SHARED = ['packages/contracts'];
const SERVER = ['gateway', 'packages/upstream'];

describe('type-check worlds', () => {
  it('the browser base has the DOM and no Node; the server base has Node and no DOM', () => {
    const browser = read('tsconfig.browser.json');
    const server = read('tsconfig.server.json');
    expect([dom(browser), browser.compilerOptions?.types]).toEqual([true, []]);
    expect([dom(server), server.compilerOptions?.types]).toEqual([false, ['node']]);
    // The base of both sets neither: every world says what it sees.
    expect(read('tsconfig.base.json').compilerOptions?.types).toEqual([]);
  });

  it.each([...BROWSER_WORKSPACES, ...SHARED])('%s: its source is browser code, its tests are checked apart', (w) => {
    const { own, base } = extended(w);
    expect([base, own.include]).toEqual(['tsconfig.browser.json', ['src']]);
    expect(own.compilerOptions?.types).toBeUndefined();
    expect(extended(w, 'tsconfig.test.json').base).toBe('tsconfig.test.json');
  });

  it.each(SERVER)('%s: its source is server code, its tests are checked apart', (w) => {
    const { own, base } = extended(w);
    expect([base, own.include]).toEqual(['tsconfig.server.json', ['src']]);
    expect(dom(own)).toBe(false);
    expect(extended(w, 'tsconfig.test.json').base).toBe('tsconfig.test.json');
  });

  it.each([...BROWSER_WORKSPACES, ...SHARED, ...SERVER])('%s: its typecheck checks both configs', (w) => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, w, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.typecheck).toBe('tsc --noEmit -p . && tsc --noEmit -p tsconfig.test.json');
  });
});
