/** Request-context rules: excluded ids, experience, paging (search-results spec §2, §5, §9). */
import { EXPERIENCES, LIMITS, type Experience } from '@cfs/contracts';
import { listItems } from './values';

/** Most records one request may ask for (the supplemental fetch size). */
export const MAX_RECORDS = LIMITS.supplementalPageSize;

/**
 * Excluded listing ids are sent only if the list holds 1 to 25 ids (after empty and duplicate
 * ids are removed); otherwise the parameter is left out entirely.
 */
export function excludedIdsParam(ids: readonly string[] | undefined): string[] | undefined {
  const clean = listItems(ids ?? []);
  return clean.length >= 1 && clean.length <= LIMITS.excludedIdsMax ? clean : undefined;
}

export function isExperience(v: unknown): v is Experience {
  return typeof v === 'string' && (EXPERIENCES as readonly string[]).includes(v);
}

/** firstRecord is any whole number >= 0 (0 is the default). */
export function normaliseFirstRecord(n: number | undefined): number | undefined {
  return n !== undefined && n >= 0 ? n : undefined;
}

/** numRecords is 1..100: 0 is dropped, more than 100 becomes 100. */
export function normaliseNumRecords(n: number | undefined): number | undefined {
  if (n === undefined || n < 1) return undefined;
  return Math.min(n, MAX_RECORDS);
}
