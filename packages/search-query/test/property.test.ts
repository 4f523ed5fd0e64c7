/**
 * Property-style checks over random and garbage input: nothing throws, normalisation is
 * idempotent, and the normalised query string is a fixed point.
 */
import { LIST_KEYS, NUMBER_KEYS, STRING_KEYS } from '@cfs/contracts';
import type { SearchQuery } from '@cfs/contracts';
import {
  breadcrumbs,
  isNormalised,
  normaliseLocation,
  normaliseQuery,
  normalisedSearch,
  normalisedUrl,
  pageType,
  parseQuery,
  queryFromPath,
  serializeQuery,
  type NormaliseContext,
} from '../src';
import { CONTEXTS, rng } from './helpers';

const KEYS = [
  ...LIST_KEYS,
  ...NUMBER_KEYS,
  ...STRING_KEYS,
  'makeCode1',
  'makeCode2',
  'makeCode3',
  'modelCode1',
  'modelCode3',
  'bogus',
  '',
  ' zip',
];
const VALUES = [
  '',
  ' ',
  ',',
  ',,',
  '0',
  '1',
  '00',
  '007',
  '-1',
  '1.5',
  '1e3',
  '99',
  '100',
  '101',
  '250',
  '2019',
  '2024',
  '2031',
  '1899',
  '1234567890123456',
  '30301',
  '30301-1234',
  '3030',
  'abcde',
  'ford',
  'FORD',
  'Ford,honda',
  'bmw,kia,audi,vw,gmc,ram',
  'f150',
  'XLT',
  'F150PICKUP|XLT',
  'new',
  'USED',
  '3p_cert',
  'CERTIFIED',
  'relevance',
  'yearDESC',
  'bogus',
  'commercial',
  'best-deals',
  'p',
  'd',
  'ELE',
  'TRUCKS',
  '%',
  '%2',
  '%E0%A4%A',
  '%FF',
  '%2C',
  '%26',
  '+',
  'a+b',
  '%20x%20',
  '\u00a0',
  '\ud83d\ude97',
  '\ud800',
  '\udfff',
  'x'.repeat(120),
  'ß'.repeat(60),
  'é',
  '&',
  '=',
  '?',
  '#',
  '<script>',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
];
const ALPHABET = [...'abcdefmakeCodezipsortBy=&&,,,%%25%E0%A4+ ?#0123456789-_.|\u00e9\ud83d\ude97\ud800'];

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

/** A query string made of known keys and awkward values, in either list form. */
function structured(r: () => number): string {
  const parts: string[] = [];
  const count = Math.floor(r() * 12);
  for (let i = 0; i < count; i++) {
    const key = pick(r, KEYS);
    const values = Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(r, VALUES));
    const raw = r() < 0.5;
    const enc = (s: string) => {
      if (raw) return s;
      try {
        return encodeURIComponent(s);
      } catch {
        return s; // a lone surrogate: sent raw
      }
    };
    if (r() < 0.5) parts.push(`${key}=${values.map(enc).join(',')}`);
    else for (const v of values) parts.push(`${key}=${enc(v)}`);
  }
  return (r() < 0.2 ? '?' : '') + parts.join('&');
}

/** Rule-heavy query strings: the keys whose rules interact (make/model/trim, ranges, defaults). */
const RULE_KEYS = [
  'makeCode',
  'makeCode1',
  'makeCode3',
  'modelCode',
  'modelCode2',
  'trimCode',
  'seriesCode',
  'zip',
  'searchRadius',
  'minPrice',
  'maxPrice',
  'startYear',
  'endYear',
  'listingType',
  'sortBy',
  'firstRecord',
  'numRecords',
  'excludedListingId',
  'experience',
];
const RULE_VALUES = [
  'ford',
  'f150',
  'XLT',
  'EX',
  '30301-1234',
  '0',
  '99',
  '250',
  '9000',
  '5000',
  '2024',
  '2019',
  '2028',
  'new',
  '3p_cert',
  'relevance',
  'yearDESC',
  'bmw,kia,audi',
  'vw,gmc,ram',
  '1,2,3',
  'commercial',
  '500',
  'ß'.repeat(55),
];
function focused(r: () => number): string {
  return Array.from({ length: 1 + Math.floor(r() * 10) }, () => `${pick(r, RULE_KEYS)}=${pick(r, RULE_VALUES)}`).join('&');
}

/** Plain garbage. */
function garbage(r: () => number): string {
  return Array.from({ length: Math.floor(r() * 80) }, () => pick(r, ALPHABET)).join('');
}

/** An object with values of any type, for the object-side API. */
function junkObject(r: () => number): SearchQuery {
  const junk: unknown[] = [
    undefined,
    null,
    0,
    -1,
    1.5,
    NaN,
    Infinity,
    30301,
    '',
    'FORD',
    ['ford', 'FORD', ''],
    [1, null, 'x'],
    {},
    true,
    '\ud800',
    ['a,b'],
    'USED',
  ];
  const o: Record<string, unknown> = {};
  for (let i = 0; i < Math.floor(r() * 10); i++) o[pick(r, KEYS)] = pick(r, junk);
  return o as SearchQuery;
}

const PATHS = [
  '/cars-for-sale',
  '/cars-for-sale/all/ford/f150',
  '/cars-for-sale/all/truck/ford',
  '/cars-for-sale/all/suv-crossover/ford',
  '/cars-for-sale/all/sedan',
  '/cars-for-sale/all/%E0%A4%A/x',
  '/elsewhere',
];

const trimBelongs = (make: string, model: string, trim: string) => (make.length + model.length + trim.length) % 2 === 0;
const contexts: NormaliseContext[] = [...CONTEXTS, { ...CONTEXTS[0], trimBelongs }];

function checkString(s: string, ctx: NormaliseContext, path: string) {
  const q = parseQuery(s);
  const once = normaliseQuery(q, ctx);
  expect(normaliseQuery(once, ctx)).toEqual(once);

  const canonical = serializeQuery(once);
  expect(serializeQuery(normaliseQuery(parseQuery(canonical), ctx))).toBe(canonical);
  expect(normaliseQuery(parseQuery(canonical), ctx)).toEqual(
    normaliseQuery(parseQuery(serializeQuery(normaliseQuery(parseQuery(canonical), ctx))), ctx),
  );
  expect(normalisedSearch(s, ctx)).toBe(canonical);
  expect(isNormalised(canonical, ctx)).toBe(true);

  const loc = normaliseLocation(path, s, ctx);
  expect(isNormalised(loc.search, ctx, path)).toBe(true);
  expect(normaliseLocation(path, loc.search, ctx).query).toEqual(loc.query);
  expect(normalisedUrl(path, s, ctx)).toBe(loc.url);

  expect(() => pageType(once)).not.toThrow();
  expect(() => breadcrumbs(once)).not.toThrow();
  for (const c of breadcrumbs(once)) expect(typeof c.href).toBe('string');
}

describe('property: any string input', () => {
  it('structured random query strings', () => {
    const r = rng(20261122);
    for (let i = 0; i < 1500; i++) checkString(structured(r), pick(r, contexts), pick(r, PATHS));
  });

  it('rule-heavy query strings', () => {
    const r = rng(1);
    for (let i = 0; i < 1500; i++) checkString(focused(r), pick(r, contexts), pick(r, PATHS));
  });

  it('garbage strings', () => {
    const r = rng(7);
    for (let i = 0; i < 1500; i++) checkString(garbage(r), pick(r, contexts), pick(r, PATHS));
  });

  it('random paths never throw', () => {
    const r = rng(99);
    for (let i = 0; i < 1000; i++) {
      const p = `/cars-for-sale/all/${garbage(r)}`.slice(0, 60);
      expect(() => queryFromPath(p)).not.toThrow();
      expect(() => normaliseLocation(p, garbage(r), contexts[0])).not.toThrow();
    }
  });

  it('objects with values of any type', () => {
    const r = rng(42);
    for (let i = 0; i < 1500; i++) {
      const raw = junkObject(r);
      const ctx = pick(r, contexts);
      const once = normaliseQuery(raw, ctx);
      expect(normaliseQuery(once, ctx)).toEqual(once);
      const s = serializeQuery(once);
      expect(serializeQuery(normaliseQuery(parseQuery(s), ctx))).toBe(s);
      expect(() => serializeQuery(raw)).not.toThrow();
      expect(() => parseQuery(raw as never)).not.toThrow();
      expect(() => pageType(raw)).not.toThrow();
      expect(() => breadcrumbs(raw)).not.toThrow();
    }
  });
});
