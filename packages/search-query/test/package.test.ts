/** The package runs in Node and in the browser: no Node built-ins, no dependency besides @cfs/contracts. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as api from '../src';

const srcDir = join(__dirname, '..', 'src');
const sources = readdirSync(srcDir).filter((f) => f.endsWith('.ts'));

describe('package boundaries', () => {
  it.each(sources)('%s imports only @cfs/contracts and its own modules', (file) => {
    const text = readFileSync(join(srcDir, file), 'utf8');
    const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
    for (const s of specifiers) expect(s === '@cfs/contracts' || s.startsWith('./')).toBe(true);
    expect(text).not.toMatch(/\b(process|Buffer|__dirname|__filename|global)\b\./);
  });

  it('declares no dependency besides @cfs/contracts', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
    expect(Object.keys(pkg.dependencies ?? {})).toEqual(['@cfs/contracts']);
  });

  it('exports the public API', () => {
    for (const name of [
      'parseQuery',
      'normaliseQuery',
      'serializeQuery',
      'KEY_ORDER',
      'isNormalised',
      'normalisedUrl',
      'queryFromPath',
      'BODY_STYLE_SLUGS',
      'pageType',
      'breadcrumbs',
      'newCarYears',
      'displayTitle',
      'roundDistance',
      'formatNumber',
      'validZip',
      'validatePrice',
      'formatPrice',
      'mileageStatValid',
      'excludedIdsParam',
      'defaultSort',
      'priceText',
      'vdpHref',
      'primaryImage',
      'resetPaging',
      'resultCountText',
    ]) {
      expect(typeof (api as Record<string, unknown>)[name]).not.toBe('undefined');
    }
  });
});
