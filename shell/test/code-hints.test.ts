import { CODE_HINTS_ID, fetchRegionCode } from '../src/code-hints';
import { renderPage } from '../src/layout';
import { firstLoadState } from '@cfs/test-kit';

describe('the regions’ code hints', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('are inert in the page and become preloads in the head when the shell starts, once', () => {
    const html = renderPage(firstLoadState(), {
      scripts: [],
      preloads: [
        { href: '/r/results/mf-manifest.json', as: 'fetch', remote: 'mf-results' },
        { href: '/r/results/remoteEntry.js', as: 'script', remote: 'mf-results' },
      ],
      integrity: { '/r/results/remoteEntry.js': 'sha384-abc' },
    });
    document.head.innerHTML = /<head>([\s\S]*)<\/head>/.exec(html)![1];
    // Inert: a template's links are not in the document, so nothing is fetched yet.
    expect(document.querySelectorAll('link[rel="preload"][as="script"], link[rel="preload"][as="fetch"]')).toHaveLength(0);

    expect(fetchRegionCode(document)).toBe(2);
    const entry = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="script"]');
    expect(entry?.getAttribute('href')).toBe('/r/results/remoteEntry.js');
    expect(entry?.getAttribute('integrity')).toBe('sha384-abc');
    expect(entry?.getAttribute('crossorigin')).toBe('anonymous');
    expect(document.head.querySelector('link[rel="preload"][as="fetch"]')?.getAttribute('href')).toBe('/r/results/mf-manifest.json');
    expect(document.getElementById(CODE_HINTS_ID)).toBeNull();
    expect(fetchRegionCode(document)).toBe(0);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(2);
  });

  it('do nothing on a page without hints', () => {
    expect(fetchRegionCode(document)).toBe(0);
  });
});
