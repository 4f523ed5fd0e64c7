/**
 * The design tokens (@cfs/contracts tokens.ts) are the only place a brand colour is written: no
 * stylesheet of the shell or a remote writes a token's colour itself (it uses `var(--cfs-...)`),
 * so a colour changed in the token file changes every region.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BRAND_TOKENS, BRANDS, tokensCss } from '@cfs/contracts';
import { filesUnder, PAGE_DEPLOYABLES, ROOT } from './workspaces';

const STYLE_SOURCES = [...PAGE_DEPLOYABLES, 'packages/remote-kit'];

/** CSS files, and the shell's CSS written in TypeScript strings. */
const styles = (dir: string) => filesUnder(dir, (name) => /\.css$/.test(name) || /-css\.ts$|ad-markup\.ts$/.test(name));

const COLOURS = [
  ...new Set(
    BRANDS.flatMap((b) => [
      BRAND_TOKENS[b].accent,
      BRAND_TOKENS[b].text,
      BRAND_TOKENS[b].muted,
      BRAND_TOKENS[b].danger,
      BRAND_TOKENS[b].highlight,
    ]),
  ),
];

describe('design tokens', () => {
  it('are set on the page for every brand that differs', () => {
    const css = tokensCss();
    expect(css).toContain(`--cfs-accent:${BRAND_TOKENS.atc.accent}`);
    for (const brand of BRANDS) {
      if (BRAND_TOKENS[brand].accent !== BRAND_TOKENS.atc.accent)
        expect(css).toContain(`html[data-brand="${brand}"]{--cfs-accent:${BRAND_TOKENS[brand].accent}`);
    }
  });

  it.each(STYLE_SOURCES)("are the only colours of the brand in %s's styles", (workspace) => {
    const found: string[] = [];
    for (const file of styles(path.join(ROOT, workspace, 'src'))) {
      const text = fs.readFileSync(file, 'utf8').toLowerCase();
      for (const colour of COLOURS) {
        if (new RegExp(`${colour.toLowerCase()}(?![0-9a-f])`).test(text)) found.push(`${path.relative(ROOT, file)}: ${colour}`);
      }
    }
    expect(found).toEqual([]);
  });
});
