/**
 * Category tabs and the experience entry points (page-furniture §2 "Category tabs: All Results,
 * Best Deals, Buy Online, For Sale By Owner, Certified Used"; §4 Filter panel: "Category tab
 * selection sets the active category, clears other filters and starts a new search with
 * pagination reset. 'All Results' clears filters. Selecting a filter value that belongs to a
 * category resets the category to All Results." and "Experience becomes buy-online when Buy
 * Online is selected and is cleared when deselected. The Hyundai buy-online button toggles the
 * experience."; §2 Other: "Commercial and best-deals entry points re-run the search with
 * experience set to commercial or best-deals.").
 *
 * Designed where the spec is silent: which values make each category (below); clearing keeps
 * what Clear Filters keeps (radius and sort); choosing the active tab again deselects it (its
 * values go, the rest stays); a page opened with exactly a category's values shows that category.
 */
import { PRIVATE_SELLER, type Experience, type FeatureFlag, type SearchQuery } from '@cfs/contracts';
import { clearFilters } from './query-changes';

export type CategoryId = 'all' | 'best-deals' | 'buy-online' | 'private-seller' | 'certified';

type CategoryValues = Pick<SearchQuery, 'dealType' | 'experience' | 'sellerType' | 'listingType'>;

export interface Category {
  id: CategoryId;
  label: string;
  /** What the category searches for (on top of the kept radius and sort). */
  values: CategoryValues;
  /** Shown only with this flag on. */
  flag?: FeatureFlag;
}

export const CATEGORIES: readonly Category[] = [
  { id: 'all', label: 'All Results', values: {} },
  // The price ratings the upstream counts as best deals ('Great Price' and 'Good Price').
  { id: 'best-deals', label: 'Best Deals', values: { dealType: ['greatprice', 'goodprice'] } },
  { id: 'buy-online', label: 'Buy Online', values: { experience: 'buy-online' }, flag: 'buyOnline' },
  { id: 'private-seller', label: 'For Sale By Owner', values: { sellerType: [PRIVATE_SELLER] } },
  { id: 'certified', label: 'Certified Used', values: { listingType: ['CERTIFIED'] } },
];

/** Every query key some category sets: a filter change of one of these "belongs to a category". */
export const CATEGORY_KEYS = ['dealType', 'experience', 'sellerType', 'listingType'] as const satisfies readonly (keyof CategoryValues)[];

function category(id: CategoryId): Category {
  return CATEGORIES.find((c) => c.id === id) ?? CATEGORIES[0];
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return [...a].sort().join('\u0000') === [...b].sort().join('\u0000');
  }
  return a === b;
}

/** Whether the query holds all of the category's values ('All Results' always does). */
export function queryHasCategory(q: SearchQuery, id: CategoryId): boolean {
  const values = category(id).values;
  return Object.entries(values).every(([k, v]) => sameValue(q[k as keyof SearchQuery], v));
}

/** The category a page opened with: the first whose values the query holds, else 'All Results'. */
export function categoryOf(q: SearchQuery): CategoryId {
  return CATEGORIES.find((c) => c.id !== 'all' && queryHasCategory(q, c.id))?.id ?? 'all';
}

/** The category shown: the chosen one while the query still holds its values, else 'All Results'. */
export function activeCategory(chosen: CategoryId, q: SearchQuery): CategoryId {
  return queryHasCategory(q, chosen) ? chosen : 'all';
}

/** A tab chosen: other filters cleared (radius and sort kept), the category's values set. */
export function withCategory(q: SearchQuery, id: CategoryId): SearchQuery {
  return { ...clearFilters(q), ...category(id).values };
}

/** The active tab chosen again: its values go (Buy Online: the experience is cleared), the rest stays. */
export function withoutCategory(q: SearchQuery, id: CategoryId): SearchQuery {
  const next = { ...q };
  for (const k of Object.keys(category(id).values)) delete next[k as keyof SearchQuery];
  return next;
}

/** What a tab click does: the next query and the category then active. */
export function chooseCategory(q: SearchQuery, active: CategoryId, id: CategoryId): { next: SearchQuery; active: CategoryId } {
  if (id === 'all') return { next: clearFilters(q), active: 'all' };
  if (id === active) return { next: withoutCategory(q, id), active: 'all' };
  return { next: withCategory(q, id), active: id };
}

/** Whether a change (from any other control) sets or removes a value that belongs to a category. */
export function touchesCategory(before: SearchQuery, after: SearchQuery): boolean {
  return CATEGORY_KEYS.some((k) => !sameValue(before[k], after[k]));
}

/** The experience entry points and the Hyundai buy-online button: each toggles one experience. */
export interface ExperienceToggle {
  experience: Experience;
  label: string;
  flag: FeatureFlag;
  /** Shown only while this make is selected. */
  make?: string;
}

export const EXPERIENCE_TOGGLES: readonly ExperienceToggle[] = [
  { experience: 'commercial', label: 'Shop Commercial Vehicles', flag: 'commercialEntryPoint' },
  { experience: 'best-deals', label: 'Shop Best Deals', flag: 'bestDealsEntryPoint' },
  { experience: 'hyundai-buy-online', label: 'Hyundai Buy Online', flag: 'buyOnline', make: 'HYUNDAI' },
];

/** The search re-run with the experience set, or cleared when it is already set (the other filters stay). */
export function toggleExperience(q: SearchQuery, experience: Experience): SearchQuery {
  const next = { ...q };
  if (q.experience === experience) delete next.experience;
  else next.experience = experience;
  return next;
}
