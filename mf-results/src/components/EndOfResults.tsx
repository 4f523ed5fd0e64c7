/**
 * What follows the last page of a search (search-results §4, page-furniture §4): the supplemental
 * and similar listings, each in its own labelled section, and the email capture after them.
 * Rendered by the grid once every listing of the search is on the page.
 */
export function EndOfResults() {
  return null;
}
