/** VINs that pass the ISO 3779 / North American check digit (position 9). */
const CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VALUE: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

function charValue(c: string): number {
  return c >= '0' && c <= '9' ? Number(c) : VALUE[c];
}

export function checkDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += charValue(vin[i]) * WEIGHTS[i];
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

export function isValidVin(vin: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(vin) && checkDigit(vin) === vin[8];
}

/** A VIN for a listing: a maker prefix, the model year code at position 10, serial from the id. */
export function makeVin(seed: number, year: number, wmi: string): string {
  let x = seed >>> 0;
  const next = () => {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return CHARS[x % CHARS.length];
  };
  const yearCode = YEAR_CODES[(year - 2010 + 30) % 30];
  const chars = [...wmi.padEnd(3, 'X').slice(0, 3)];
  for (let i = 3; i < 8; i++) chars.push(next());
  chars.push('0');
  chars.push(yearCode);
  chars.push(next());
  const serial = String(seed % 1000000).padStart(6, '0');
  chars.push(...serial);
  const vin = chars.join('');
  return vin.slice(0, 8) + checkDigit(vin) + vin.slice(9);
}
