import { brandRow, type Brand, type SavedSearchSlice } from '@cfs/contracts';

/** The valuation brand counts the shopper's saved searches and shows the count (search-results §4, §6; the brand table). */
export function countsSavedSearches(brand: Brand | string): boolean {
  return brandRow(brand).countsSavedSearches;
}

/**
 * The bus savedSearch slice after a successful save: status 'saved', the title added (titles are
 * only filled for signed-in users, who are the only ones who save), and on the valuation brand
 * ('kbb') the user's saved-search count rises by one (search-results spec §4 Save search).
 */
export function afterSave(slice: SavedSearchSlice, brand: Brand, title: string): Partial<SavedSearchSlice> {
  return {
    status: 'saved',
    message: null,
    titles: slice.titles.includes(title) ? slice.titles : [...slice.titles, title],
    count: countsSavedSearches(brand) ? slice.count + 1 : slice.count,
  };
}
