import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ModuleFederation } from '@module-federation/runtime-core';
import shared from '../shared.js';
import { sourceVersion } from '../source-version.js';

describe('the shared-dependency policy', () => {
  it('makes React, its renderer, zustand and the bus singletons with required versions', () => {
    for (const key of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'zustand', 'zustand/vanilla', '@cfs/bus']) {
      expect(shared[key]).toMatchObject({ singleton: true });
      expect(shared[key].requiredVersion).toMatch(/^\^\d+\.\d+\.\d+/);
    }
  });

  it('shares the workspace libraries only between builds made from the same sources', () => {
    for (const key of ['@cfs/contracts', '@cfs/search-query', '@cfs/remote-kit']) {
      const entry = shared[key];
      expect(entry.singleton).toBe(false);
      expect(entry.version).toMatch(/^1\.0\.0-src[0-9a-f]{12}$/);
      expect(entry.requiredVersion).toBe(entry.version);
    }
    expect(shared['@cfs/search-query'].version).toBe(sourceVersion(path.join(__dirname, '../../search-query')));
    expect(shared['@cfs/contracts'].version).toBe(sourceVersion(path.join(__dirname, '../../contracts')));
  });

  it('keeps only the bus, React, its renderer and zustand as singletons: every other workspace library is shared by build', () => {
    const singletons = Object.entries(shared)
      .filter(([, e]) => e.singleton)
      .map(([k]) => k);
    expect(singletons.filter((k) => k.startsWith('@cfs/'))).toEqual(['@cfs/bus']);
  });
});

/**
 * The page's share scope as the Module Federation runtime resolves it: the shell registers its
 * contracts first, then a remote registers the contracts it was built with. A remote built from
 * changed constants must get its own; a remote built from the same sources gets the shell's copy.
 */
describe('a remote deployed alone with changed constants', () => {
  const contractsDir = path.join(__dirname, '../../contracts');
  let changedDir: string;

  beforeAll(() => {
    // A copy of the contracts with one text changed, as a remote team would build it.
    changedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-contracts-'));
    fs.cpSync(path.join(contractsDir, 'src'), path.join(changedDir, 'src'), { recursive: true });
    fs.copyFileSync(path.join(contractsDir, 'package.json'), path.join(changedDir, 'package.json'));
    const messages = path.join(changedDir, 'src', 'messages.ts');
    const text = fs.readFileSync(messages, 'utf8');
    expect(text).toContain("sponsoredBy: 'Sponsored by'");
    fs.writeFileSync(messages, text.replace("sponsoredBy: 'Sponsored by'", "sponsoredBy: 'Presented by'"));
  });
  afterAll(() => fs.rmSync(changedDir, { recursive: true, force: true }));

  type Contracts = { MESSAGES: { sponsoredBy: string } };
  /** One container's share declaration of the contracts, with the policy of shared.js. */
  function declare(name: string, dir: string) {
    const version = sourceVersion(dir);
    const { singleton, requiredVersion, strictVersion } = { ...shared['@cfs/contracts'], requiredVersion: version };
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a computed path loaded synchronously, as the federation runtime's lib() expects
    const lib = () => require(path.join(dir, 'src', 'index.ts')) as Contracts;
    return new ModuleFederation({
      name,
      remotes: [],
      shared: {
        '@cfs/contracts': { version, lib, from: name, scope: ['default'], shareConfig: { singleton, requiredVersion, strictVersion } },
      },
    });
  }
  async function load(instance: InstanceType<typeof ModuleFederation>, scope: Record<string, unknown>) {
    instance.initShareScopeMap('default', scope as never);
    const factory = (await instance.loadShare('@cfs/contracts')) as false | (() => Contracts);
    if (!factory) throw new Error('no contracts resolved');
    return factory().MESSAGES.sponsoredBy;
  }

  it("shows its own texts, while the shell and a same-source remote keep the shell's", async () => {
    const shell = declare('shell', contractsDir);
    const scope = shell.shareScopeMap.default;
    expect(await load(shell, scope)).toBe('Sponsored by');
    expect(await load(declare('mf_showcase', changedDir), scope)).toBe('Presented by');
    expect(await load(declare('mf_results', contractsDir), scope)).toBe('Sponsored by');
  });
});

describe('sourceVersion', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-src-'));
    fs.mkdirSync(path.join(dir, 'src/nested'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'lib', version: '2.3.4' }));
    fs.writeFileSync(path.join(dir, 'src/index.ts'), 'export const a = 1;\n');
    fs.writeFileSync(path.join(dir, 'src/nested/rule.ts'), 'export const b = 2;\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is stable for the same sources and changes when any source changes', () => {
    const first = sourceVersion(dir);
    expect(first).toMatch(/^2\.3\.4-src[0-9a-f]{12}$/);
    expect(sourceVersion(dir)).toBe(first);
    fs.writeFileSync(path.join(dir, 'src/nested/rule.ts'), 'export const b = 3;\n');
    expect(sourceVersion(dir)).not.toBe(first);
  });

  it('ignores test files, which never reach the page', () => {
    const first = sourceVersion(dir);
    fs.writeFileSync(path.join(dir, 'src/index.test.ts'), 'test("x", () => {});\n');
    expect(sourceVersion(dir)).toBe(first);
  });
});
