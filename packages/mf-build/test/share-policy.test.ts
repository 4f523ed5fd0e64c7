import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const shared = require('../shared.js') as Record<string, { singleton: boolean; version?: string; requiredVersion: string }>;
const { sourceVersion } = require('../source-version.js') as { sourceVersion: (dir: string) => string };

describe('the shared-dependency policy', () => {
  it('makes React, its renderer, zustand and the bus singletons with required versions', () => {
    for (const key of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'zustand', 'zustand/vanilla', '@cfs/bus', '@cfs/contracts']) {
      expect(shared[key]).toMatchObject({ singleton: true });
      expect(shared[key].requiredVersion).toMatch(/^\^\d+\.\d+\.\d+/);
    }
  });

  it('shares the workspace libraries only between builds made from the same sources', () => {
    for (const key of ['@cfs/search-query', '@cfs/remote-kit']) {
      const entry = shared[key];
      expect(entry.singleton).toBe(false);
      expect(entry.version).toMatch(/^1\.0\.0-src[0-9a-f]{12}$/);
      expect(entry.requiredVersion).toBe(entry.version);
    }
    expect(shared['@cfs/search-query'].version).toBe(sourceVersion(path.join(__dirname, '../../search-query')));
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
