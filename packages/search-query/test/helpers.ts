import type { NormaliseContext } from '../src';

export const YEAR = 2026;
export const atc: NormaliseContext = { brand: 'atc', currentYear: YEAR };
export const magazine: NormaliseContext = { brand: 'magazine', currentYear: YEAR };
export const kbb: NormaliseContext = { brand: 'kbb', currentYear: YEAR };
export const ford: NormaliseContext = { brand: 'ford', currentYear: YEAR };
export const CONTEXTS = [atc, magazine, kbb, ford];

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
