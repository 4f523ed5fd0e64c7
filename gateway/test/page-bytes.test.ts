import { pageBytes } from '../src/ssr/page-bytes';

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('the page written from the frame’s parts', () => {
  const from = {
    state: utf8('{"brand":"atc","title":"Señor \\u003c"}'),
    regions: { 'mf-results': { html: utf8('<p>Résultats 🚗</p>'), data: utf8('{"a":1}') } },
    styles: [utf8('.r{}')],
  };

  it('writes each slot’s bytes at its byte offset in the frame’s text (characters of several bytes before them)', () => {
    const texts = ['<style>', '</style><p>ñ</p><div>', '</div><script>', '</script><script>', '</script>'];
    const at = texts.slice(1).map((_, i) => Buffer.byteLength(texts.slice(0, i + 1).join('')));
    const page = pageBytes(
      utf8(texts.join('')),
      [
        { at: at[0], slot: { slot: 'style', index: 0 } },
        { at: at[1], slot: { slot: 'region-html', remote: 'mf-results' } },
        { at: at[2], slot: { slot: 'region-data', remote: 'mf-results' } },
        { at: at[3], slot: { slot: 'state' } },
      ],
      from,
    );
    expect(page).toBeInstanceOf(Buffer);
    expect((page as Buffer).toString('utf8')).toBe(
      '<style>.r{}</style><p>ñ</p><div><p>Résultats 🚗</p></div><script>{"a":1}</script><script>{"brand":"atc","title":"Señor \\u003c"}</script>',
    );
  });

  it('is the frame’s text itself without slots', () => {
    const page = utf8('<!doctype html><html></html>');
    expect((pageBytes(page, undefined, from) as Buffer).toString()).toBe('<!doctype html><html></html>');
  });

  it('refuses a slot it has nothing for, or one out of place, rather than write a broken page', () => {
    const page = utf8('<html></html>');
    expect(pageBytes(page, [{ at: 6, slot: { slot: 'region-html', remote: 'mf-filters' } }], from)).toBeInstanceOf(Error);
    expect(pageBytes(page, [{ at: 6, slot: { slot: 'style', index: 3 } }], from)).toBeInstanceOf(Error);
    expect(pageBytes(page, [{ at: 99, slot: { slot: 'state' } }], from)).toBeInstanceOf(Error);
    expect(
      pageBytes(
        page,
        [
          { at: 6, slot: { slot: 'state' } },
          { at: 2, slot: { slot: 'state' } },
        ],
        from,
      ),
    ).toBeInstanceOf(Error);
    expect(pageBytes(page, [{ at: 6, slot: { slot: 'nothing' } as never }], from)).toBeInstanceOf(Error);
  });
});
