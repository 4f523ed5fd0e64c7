/**
 * A readable title for a saved search, e.g. "Used 2019-2022 Ford F-150 near 30301". The spec names
 * the title field but not how it is made; this is our design.
 */
import type { SearchQuery, PageSearchResult } from '@cfs/contracts';

const TYPE_LABELS: Record<string, string> = {
  NEW: 'New',
  USED: 'Used',
  CERTIFIED: 'Certified',
  '3P_CERT': 'Third-Party Certified',
};

function names(codes: string[] | undefined, lookup: (code: string) => string | undefined): string {
  return (codes ?? []).map((c) => lookup(c) ?? c).join(', ');
}

function years(start?: number, end?: number): string {
  if (start && end) return start === end ? `${start}` : `${start}-${end}`;
  if (start) return `${start} and newer`;
  if (end) return `${end} and older`;
  return '';
}

export function searchTitle(query: SearchQuery, result: PageSearchResult | null): string {
  const listings = result?.listings ?? [];
  const eq = (a: string | undefined, b: string) => !!a && a.toUpperCase() === b.toUpperCase();
  const makes = names(query.makeCode, (c) => listings.find((l) => eq(l.make?.code, c))?.make.name);
  const models = names(query.modelCode, (c) => listings.find((l) => eq(l.model?.code, c))?.model.name);
  const types = (query.listingType ?? []).map((t) => TYPE_LABELS[t.toUpperCase()] ?? t).join(' and ');
  const parts = [types, years(query.startYear, query.endYear), makes, models || 'Cars'].filter(Boolean);
  const title = parts.join(' ');
  if (query.zip) return `${title} near ${query.zip}`;
  return parts.length === 1 ? 'Cars for Sale' : title;
}
