/** Great-circle distance in miles (haversine, mean Earth radius 3958.8 miles). */
export const EARTH_RADIUS_MILES = 3958.8;
const RAD = Math.PI / 180;

export function haversineMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Distance rounded to 2 decimals (search-results spec section 9). */
export function round2(miles: number): number {
  return Math.round(miles * 100) / 100;
}
