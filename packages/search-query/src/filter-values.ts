/** Filter values whose form the spec fixes beyond their type (search-results §3, page-furniture §3). */

/** The 'Money Back Guarantee' toggle: 'true' (also 'TRUE', '1', 'yes') is set; anything else is not. */
export function normaliseToggle(v: string | undefined): 'true' | undefined {
  if (typeof v !== 'string') return undefined;
  return /^(true|1|yes)$/i.test(v.trim()) ? 'true' : undefined;
}

/** Fuel economy (mpgRange): 'lo-hi' or open-ended 'lo-' in MPG, lo at most hi; anything else is dropped. */
export function normaliseMpgRange(v: string | undefined): string | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^(\d{1,3})-(\d{0,3})$/.exec(v.trim());
  if (!m) return undefined;
  const lo = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < lo) return undefined;
  return `${lo}-${m[2] === '' ? '' : Number(m[2])}`;
}
