// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module cannot be imported; other programs (gateway, e2e) compile this file too
/// <reference path="../types/zipcodes.d.ts" />
/**
 * Distances from a searched ZIP code: each owner's distance, the owners nearest first, and each
 * owner's distance band (the Distance facet's radii), kept for the last 64 ZIP codes searched.
 */
import zipcodes from 'zipcodes';
import { haversineMiles } from '../util/geo';
import { BadRequest } from '../util/errors';
import type { Catalogue } from '../catalogue/generate';
import { RADIUS_OPTIONS } from './facets';

/** Per searched ZIP: each owner's distance, the owners nearest first, each owner's distance band. */
export interface Geo {
  dist: Float64Array;
  byOwner: Int32Array;
  band: Int32Array;
}

export const RADII = RADIUS_OPTIONS.map((o) => Number(o.code)).filter((r) => r > 0);

export function bandOf(d: number): number {
  for (let k = 0; k < RADII.length; k++) if (d <= RADII[k]) return k;
  return RADII.length;
}

/** The owners' distances from a ZIP code (null without one); an unknown ZIP code is a bad request. */
export function ownerGeo(c: Catalogue): (zip: string | undefined) => Geo | null {
  const geoCache = new Map<string, Geo>();
  return function ownerDistances(zip: string | undefined): Geo | null {
    if (!zip) return null;
    const hit = geoCache.get(zip);
    if (hit) return hit;
    const z = zipcodes.lookup(zip);
    if (!z) throw new BadRequest(`zip ${zip} is not a known US ZIP code`);
    const dist = new Float64Array(c.owners.length);
    for (let o = 0; o < dist.length; o++) dist[o] = haversineMiles(z.latitude, z.longitude, c.ownerLat[o], c.ownerLon[o]);
    const byOwner = Int32Array.from(c.owners.map((_, o) => o).sort((a, b) => dist[a] - dist[b]));
    const band = Int32Array.from(dist, bandOf);
    const geo = { dist, byOwner, band };
    geoCache.set(zip, geo);
    if (geoCache.size > 64) geoCache.delete(geoCache.keys().next().value!);
    return geo;
  };
}
