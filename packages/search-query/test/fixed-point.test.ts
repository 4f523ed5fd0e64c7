/**
 * Normalisation is a fixed point for every input, as a browser meets it (fast-check): the
 * normalised query string normalises to itself, and the URL a browser actually requests after
 * following the redirect (the WHATWG URL parser percent-encodes some characters, such as the
 * apostrophe, on its own) is already normalised, so the page never redirects to itself.
 */
import fc from 'fast-check';
import { LIST_KEYS, NUMBER_KEYS, STRING_KEYS } from '@cfs/contracts';
import { isNormalised, normaliseLocation } from '../src';
import { CONTEXTS } from './helpers';

/** What a browser requests for a path and query string (it re-encodes per the URL standard). */
function asBrowserSends(path: string, search: string): { path: string; search: string } {
  const u = new URL(`http://cars.test${path}${search ? `?${search}` : ''}`);
  return { path: u.pathname, search: u.search.replace(/^\?/, '') };
}

const KEYS = [...LIST_KEYS, ...NUMBER_KEYS, ...STRING_KEYS, 'makeCode1', 'modelCode1', 'bogus'];
const TRICKY = [...'\'"<>`#%&=+,;:/?@!$()*[]{}|\\^~ \t\u00a0é\u00df\u{1F697}'];
const char = fc.oneof(
  fc.constantFrom(...TRICKY),
  fc.constantFrom(...'abcFORDf15030301-_.0123456789'),
  fc.string({ unit: 'grapheme', maxLength: 1 }),
);
const rawValue = fc.array(char, { maxLength: 12 }).map((cs) => cs.join(''));
/** A value as a person, a link or a bot might write it: raw, or percent-encoded. */
const written = fc.tuple(rawValue, fc.boolean()).map(([v, encode]) => (encode ? encodeURIComponent(v) : v));
const pair = fc.tuple(fc.oneof(fc.constantFrom(...KEYS), rawValue), written).map(([k, v]) => `${k}=${v}`);
const queryString = fc.array(pair, { maxLength: 6 }).map((ps) => ps.join('&'));
const segment = fc.oneof(
  fc.constantFrom('ford', 'f150', 'truck', 'suv', 'honda', 'civic', "o'brien", 'x%27y'),
  rawValue.filter((s) => !/[/?#]/.test(s)),
);
const pathname = fc
  .array(segment, { maxLength: 3 })
  .map((segs) => (segs.length ? `/cars-for-sale/all/${segs.join('/')}` : '/cars-for-sale'));
const context = fc.constantFrom(...CONTEXTS);

describe('normalisation as a browser meets it', () => {
  it('normalising twice gives what normalising once gave', () => {
    fc.assert(
      fc.property(pathname, queryString, context, (path, qs, ctx) => {
        const once = normaliseLocation(path, qs, ctx).search;
        expect(normaliseLocation(path, once, ctx).search).toBe(once);
      }),
      { numRuns: 3000 },
    );
  });

  it('the URL a browser requests after the redirect is answered, not redirected again', () => {
    fc.assert(
      fc.property(pathname, queryString, context, (path, qs, ctx) => {
        // The request as the browser sends it, then the redirect's target as the browser sends it.
        const first = asBrowserSends(path, qs);
        const target = normaliseLocation(first.path, first.search, ctx);
        const second = asBrowserSends(first.path, target.search);
        expect(second.search).toBe(target.search);
        expect(isNormalised(second.search, ctx, second.path)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it.each(["city=O'Fallon", "keywordPhrases=driver's%20seat", "keywordPhrases=driver's seat"])(
    '%s ends on a page after at most one redirect',
    (qs) => {
      for (const ctx of CONTEXTS) {
        const first = asBrowserSends('/cars-for-sale', qs);
        const target = normaliseLocation(first.path, first.search, ctx).search;
        expect(isNormalised(asBrowserSends('/cars-for-sale', target).search, ctx, '/cars-for-sale')).toBe(true);
      }
    },
  );
});
