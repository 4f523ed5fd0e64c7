import type { FirstLoadState } from '@cfs/contracts';
import { firstLoadState } from '@cfs/test-kit';
import { FIRST_LOAD_STATE_ID, MESSAGES } from '@cfs/contracts';
import { renderPage, renderPageParts, inlineJson, leadImageOf } from '../src/layout';
import { scriptSafeJson, styleSafeCss, type PagePart } from '@cfs/contracts';
import { REGIONS } from '../src/regions';
import { CODE_HINTS_ID } from '../src/code-hints';
import { SHELL_SCRIPTS_ID } from '../src/page-start';
import { PAGE_ICON } from '@cfs/contracts/page-icon';

function state(over: Partial<FirstLoadState> = {}): FirstLoadState {
  return firstLoadState({ query: { makeCode: ['FORD'] }, ...over });
}

describe('page layout', () => {
  it('reserves one labelled region per remote and carries the state as inert JSON', () => {
    const html = renderPage(state(), { scripts: ['/s/shell.1.js'], preloads: [{ href: '/r/remoteEntry.js', as: 'script' }] });
    for (const r of REGIONS) expect(html).toContain(`id="${r.id}"`);
    expect(html).toContain(`<script type="application/json" id="${FIRST_LOAD_STATE_ID}">`);
    expect(html).toContain(`<template id="${CODE_HINTS_ID}"><link rel="preload" as="script" href="/r/remoteEntry.js"></template>`);
    expect(html).toContain('<script src="/s/shell.1.js" defer></script>');
    expect(html).toContain(MESSAGES.skipToListings);
  });

  it('with a start script, runs only that: the shell’s scripts wait inert in the page, with their integrity', () => {
    const html = renderPage(state(), {
      scripts: ['/s/shell.1.js'],
      start: ['/s/start.1.js'],
      preloads: [],
      integrity: { '/s/shell.1.js': 'sha384-shell', '/s/start.1.js': 'sha384-start' },
    });
    expect(html).toContain(
      `<template id="${SHELL_SCRIPTS_ID}"><script src="/s/shell.1.js" integrity="sha384-shell" crossorigin="anonymous"></script></template>`,
    );
    expect(html).toContain('<script src="/s/start.1.js" defer integrity="sha384-start" crossorigin="anonymous"></script>');
    const outsideTemplates = html.replace(/<template[\s\S]*?<\/template>/g, '');
    expect(outsideTemplates.match(/<script src=[^>]*>/g)).toEqual([
      '<script src="/s/start.1.js" defer integrity="sha384-start" crossorigin="anonymous">',
    ]);
  });

  it('names the page icon, an inline PNG (an SVG icon would be loaded as a document at every search)', () => {
    const html = renderPage(state(), { scripts: [], preloads: [] });
    expect(html).toContain(`<link rel="icon" type="image/png" href="${PAGE_ICON}">`);
    expect(html).not.toContain('image/svg+xml');
  });

  it('carries region stylesheets inline under their file names, and hints only the code that hydrates first', () => {
    const html = renderPage(state(), {
      scripts: [],
      inlineStyles: [{ remote: 'mf-results', href: 'lifecycles.1.css', css: '.res{color:red}</style><script>' }],
      preloads: [
        { href: '/r/results/remoteEntry.js', as: 'script', remote: 'mf-results' },
        { href: '/r/reference/remoteEntry.js', as: 'script', remote: 'mf-reference' },
      ],
    });
    expect(html).toContain('<style data-remote-styles="mf-results" data-href="lifecycles.1.css">.res{color:red}<\\/style><script></style>');
    expect(html).toContain('href="/r/results/remoteEntry.js"');
    expect(html).not.toContain('href="/r/reference/remoteEntry.js"');
  });

  it('preloads the lead image (the first server-rendered image marked high priority, in page order) before everything else', () => {
    const img = (src: string, high = true) => `<img src="${src}" alt=""${high ? ' fetchPriority="high"' : ''}/>`;
    const html = renderPage(
      state(),
      { scripts: ['/s/shell.1.js'], preloads: [], inlineStyles: [{ remote: 'mf-results', css: '.a{}' }] },
      {
        'mf-results': { html: img('/images/listing/2.svg'), data: {} },
        'mf-showcase': { html: img('/images/listing/0.svg', false) + img('/images/listing/1.svg'), data: {} },
      },
    );
    const hint = '<link rel="preload" as="image" href="/images/listing/1.svg" fetchpriority="high">';
    expect(html).toContain(hint);
    expect(html.indexOf(hint)).toBeLessThan(html.indexOf('<style'));
    expect(html.indexOf(hint)).toBeLessThan(html.indexOf('<script'));
    // The only preload the first paint makes: the code's hints stay inert (code-hints.ts).
    expect(html.match(/<link rel="preload"/g)).toHaveLength(1);
    // Only a path of this site; none when no image asks for high priority.
    expect(leadImageOf([img('https://elsewhere.example/x.svg'), img('//elsewhere.example/y.svg'), img('/ok.svg?a=1&amp;b=2')])).toBe(
      '/ok.svg?a=1&b=2',
    );
    expect(leadImageOf([img('/a.svg', false), undefined])).toBeNull();
    expect(renderPage(state(), { scripts: [], preloads: [] })).not.toContain('as="image"');
  });

  it('escapes listing text so nothing can break out of the state script', () => {
    const evil = '</script><script>alert(1)</script><!--';
    const json = inlineJson({ title: evil, sep: '\u2028' });
    expect(json).not.toContain('</script');
    expect(json).not.toContain('<!--');
    expect(JSON.parse(json)).toEqual({ title: evil, sep: '\u2028' });
    const html = renderPage(state({ result: { listings: [{ title: evil } as never], owners: [], totalResultCount: 1 } }), {
      scripts: [],
      preloads: [],
    });
    expect(html.match(/<\/script>/g)?.length).toBe(1);
  });

  it('writes the JSON texts the gateway hands it as they are, escaped the same, and never reads data it need not parse', () => {
    const evil = '</script><script>alert(1)</script><!--';
    const s = state({ result: { listings: [{ title: evil } as never], owners: [], totalResultCount: 1 } });
    const data = { '/rest/x?a=1&b=2': { ok: true as const, body: { title: evil, sep: '\u2028' } } };
    const region = { html: '<p>r</p>', version: '1.0.0' };
    const fromObjects = renderPage(s, { scripts: [], preloads: [] }, { 'mf-results': { ...region, data } });
    const fromText = renderPage(
      s,
      { scripts: [], preloads: [], stateJson: JSON.stringify(s) },
      {
        'mf-results': {
          ...region,
          dataJson: JSON.stringify(data),
          get data(): never {
            throw new Error('the frame parsed data it had as text');
          },
        },
      },
    );
    expect(fromText).toBe(fromObjects);
    expect(fromText.match(/<\/script>/g)?.length).toBe(2);
  });

  it('writes the same page as parts, leaving the state, the regions and their styles to the gateway’s slots', () => {
    const evil = '</script><script>alert(1)</script><!--';
    const s = state({ result: { listings: [{ title: evil } as never], owners: [], totalResultCount: 1 } });
    const regions = {
      'mf-results': { html: '<p>results</p>', version: '1.0.0', dataJson: JSON.stringify({ '/a': { ok: true, body: evil } }), data: {} },
      'mf-filters': { html: '<p>filters</p>', dataJson: '{}', data: {} },
    };
    const styles = [
      { remote: 'mf-results', href: 'r.css', css: '.r{}</style>' },
      { remote: 'mf-filters', css: '.f{}' },
    ];
    const stateJson = JSON.stringify(s);
    const whole = renderPage(s, { scripts: ['/s/shell.js'], preloads: [], inlineStyles: styles, stateJson }, regions);
    const parts = renderPageParts(
      s,
      { scripts: ['/s/shell.js'], preloads: [], inlineStyles: styles.map((x) => ({ ...x, css: '' })) },
      regions,
    );
    // What the gateway writes into each slot: its bytes, made safe once where they were written.
    const fill = (p: PagePart): string => {
      if (typeof p === 'string') return p;
      if (p.slot === 'state') return scriptSafeJson(stateJson);
      if (p.slot === 'style') return styleSafeCss(styles[p.index].css);
      const r = regions[p.remote as keyof typeof regions];
      return p.slot === 'region-html' ? r.html : scriptSafeJson(r.dataJson);
    };
    expect(parts.map(fill).join('')).toBe(whole);
    expect(parts.filter((p) => typeof p !== 'string')).toEqual([
      { slot: 'style', index: 0 },
      { slot: 'style', index: 1 },
      { slot: 'region-html', remote: 'mf-filters' },
      { slot: 'region-data', remote: 'mf-filters' },
      { slot: 'region-html', remote: 'mf-results' },
      { slot: 'region-data', remote: 'mf-results' },
      { slot: 'state' },
    ]);
    // The frame's own text is joined between slots; the error screen is text alone.
    parts.forEach((p, i) => expect(typeof p === 'string' && typeof parts[i + 1] === 'string').toBe(false));
    expect(renderPageParts(state({ searchError: 'down', result: null }), { scripts: [], preloads: [] })).toEqual([
      renderPage(state({ searchError: 'down', result: null }), { scripts: [], preloads: [] }),
    ]);
  });

  it('renders the error screen with a reload button and no scripts', () => {
    const html = renderPage(state({ searchError: 'down', result: null }), { scripts: ['/s/shell.js'], preloads: [] });
    expect(html).toContain(MESSAGES.searchError);
    expect(html).toContain(`>${MESSAGES.tryAgain}</button>`);
    expect(html).toContain('name="makeCode" value="FORD"');
    expect(html).not.toContain('/s/shell.js');
  });
});
