/**
 * The import boundaries (eslint.config.mjs `no-restricted-imports`), run by `npm test` over the
 * tree: planted imports across them are refused, and the imports each place may make pass.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * The boundary messages ESLint gives `code` as if it were the file at `file` (repository path),
 * from the command line as `npm test` runs it (its flat config is an ES module, which jest's
 * module system cannot load).
 */
function refusals(file: string, code: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [
        path.join(path.dirname(require.resolve('eslint')), '..', 'bin', 'eslint.js'),
        '--stdin',
        '--stdin-filename',
        file,
        '--format',
        'json',
      ],
      { cwd: ROOT, timeout: 60_000 },
      (_err, stdout, stderr) => {
        try {
          const [result] = JSON.parse(stdout) as { messages: { ruleId: string | null; message: string }[] }[];
          resolve(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
        } catch {
          reject(new Error(`eslint gave no report for ${file}: ${stderr}`));
        }
      },
    );
    child.stdin!.end(code);
  });
}

describe('import boundaries', () => {
  it.each<[string, string, RegExp]>([
    ['mf-filters/src/planted.ts', "import { ResultsApp } from 'mf-results';", /imports no other remote nor the shell/],
    ['mf-filters/src/planted.ts', "import { x } from 'mf-results/src/components/ResultsApp';", /never its src/],
    ['mf-results/src/planted.ts', "import { bootstrap } from 'shell';", /imports no other remote nor the shell/],
    [
      'shell/src/planted.ts',
      "import { FiltersApp } from '../../mf-filters/src/components/FiltersApp';",
      /imports no other remote|does not leave its workspace/,
    ],
    ['mf-alerts/src/planted.ts', "import { buildGateway } from 'gateway';", /are servers/],
    ['packages/remote-kit/src/planted.ts', "import { buildUpstream } from '@cfs/upstream';", /are servers/],
    ['gateway/src/planted.ts', "import { MESSAGES } from '@cfs/contracts/src/messages';", /never its src/],
    // The shell's start loads no React; the kit's React-free entry holds none, and is one instance.
    ['shell/src/planted.ts', "import { earlyInput } from '@cfs/remote-kit';", /loads no React/],
    ['packages/remote-kit/src/dom/planted.ts', "import { useState } from 'react';", /imports no React/],
    ['packages/remote-kit/src/dom/planted.ts', "import { BusContext } from '../hooks';", /nothing of the kit outside/],
    ['packages/remote-kit/src/planted.tsx', "import { api } from './dom/api';", /as '@cfs\/remote-kit\/dom'/],
  ])('refuses in %s: %s', async (file, code, why) => {
    const messages = await refusals(file, code);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.join('\n')).toMatch(why);
  });

  it.each<[string, string]>([
    ['mf-filters/src/planted.ts', "import { MESSAGES } from '@cfs/contracts';"],
    ['mf-filters/src/planted.ts', "import { useBus } from '@cfs/remote-kit';"],
    ['gateway/test/planted.test.ts', "import { buildUpstream } from '@cfs/upstream';"],
    ['packages/e2e/support/planted.ts', "import { buildGateway } from 'gateway';"],
    ['mf-filters/src/components/planted.tsx', "import { FilterPanel } from './FilterPanel';"],
    ['shell/src/planted.ts', "import { earlyInput } from '@cfs/remote-kit/dom';"],
    ['shell/src/hero/assistant-dialog.tsx', "import { ModalDialog } from '@cfs/remote-kit';"],
    ['packages/remote-kit/src/planted.tsx', "import { api } from '@cfs/remote-kit/dom';"],
  ])('lets %s import: %s', async (file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });
});
