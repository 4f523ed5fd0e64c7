/** Year rules. */

/** Earliest model year a query may carry. Year 0 is the 'Any' option, so it is dropped too. */
export const MIN_MODEL_YEAR = 1900;
/** How far past the current year a model year may be (next year's models are on sale). */
export const MAX_YEARS_AHEAD = 2;

/**
 * Year range of a query: a year outside MIN_MODEL_YEAR..currentYear+MAX_YEARS_AHEAD is dropped
 * (0 is 'Any'), and a reversed range is swapped.
 */
export function normaliseYearRange(
  start: number | undefined,
  end: number | undefined,
  currentYear: number,
): { startYear?: number; endYear?: number } {
  const max = Number.isFinite(currentYear) ? currentYear + MAX_YEARS_AHEAD : Infinity;
  const ok = (y: number | undefined) => (y !== undefined && y >= MIN_MODEL_YEAR && y <= max ? y : undefined);
  let s = ok(start);
  let e = ok(end);
  if (s !== undefined && e !== undefined && s > e) [s, e] = [e, s];
  return { ...(s !== undefined && { startYear: s }), ...(e !== undefined && { endYear: e }) };
}

/**
 * Years offered for NEW listings: limited to 4 years, starting two years before the current
 * year, oldest first, after an 'Any' option with value 0 that is always included.
 */
export function newCarYears(currentYear: number): { label: string; value: number }[] {
  const any = { label: 'Any', value: 0 };
  if (!Number.isSafeInteger(currentYear)) return [any];
  const first = currentYear - 2;
  return [any, ...[0, 1, 2, 3].map((i) => ({ label: String(first + i), value: first + i }))];
}
