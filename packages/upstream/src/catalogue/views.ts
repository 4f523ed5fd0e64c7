/**
 * What shoppers do with listings, derived on demand (nothing stored): the 7-day view count of a
 * VIN on the two brands, and the 360-degree spin (fyuseId) of the listings that have one. The
 * listing's viewCount field and the per-VIN view-count route both read viewCounts, so they agree.
 */
import { hash32, strHash, unit } from '../util/random';

const DAY_MS = 86_400_000;

/**
 * Views of a listing over the 7 days up to `now` on the main brand (atc) and the valuation
 * brand (kbb): the same per VIN and UTC day, moving from day to day as the window rolls. About
 * one listing in eight has not been viewed at all; the rest are spread like real traffic, most
 * in the tens and a few in the hundreds.
 */
export function viewCounts(vin: string, now: Date): { atc: number; kbb: number } {
  const v = strHash(vin.toUpperCase());
  if (hash32(v, 0x564945) % 100 < 12) return { atc: 0, kbb: 0 };
  // Log-normal popularity of the vehicle (Box-Muller from two uniform hashes): median about 25.
  const u1 = Math.max(1e-9, unit(v, 0x504f31));
  const u2 = unit(v, 0x504f32);
  const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  const popularity = Math.exp(3.2 + 0.9 * Math.max(-3, Math.min(3, z)));
  const day = Math.floor(now.getTime() / DAY_MS);
  const atc = Math.max(1, Math.round(popularity * (0.8 + 0.4 * unit(v, day))));
  const kbb = Math.round(atc * (0.2 + 0.3 * unit(v, day, 0x4b4242)));
  return { atc, kbb };
}

/** Share of dealers that shoot 360-degree spins of their cars. */
const SPIN_DEALERS = 30;

/**
 * The listing's 360-degree spin id, or undefined: only dealers that shoot spins have them (never
 * private sellers), for most of their new cars and about half of their used ones.
 */
export function spinId(seed: number, listing: number, owner: number, privateSeller: boolean, isNew: boolean): string | undefined {
  if (privateSeller || hash32(seed, owner, 0x333630) % 100 >= SPIN_DEALERS) return undefined;
  if (unit(seed, listing, 0x535049) >= (isNew ? 0.7 : 0.45)) return undefined;
  const a = hash32(seed, listing, 0x465955);
  const b = hash32(a, listing, 0x534e);
  return (a.toString(36).padStart(7, '0') + b.toString(36).padStart(7, '0')).slice(0, 12);
}
