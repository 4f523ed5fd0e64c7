/**
 * Names in the region's markup that its React-free code reads in the server HTML (lifecycles.ts),
 * set by the components that render them. React-free, like its readers.
 */

/** The class of what follows the last page (EndOfResults' root). */
export const END_OF_RESULTS_CLASS = 'res-end';

/** On an end-of-results list whose first paint holds only its first cards (end-of-results.ts END_FIRST_PAINT_CARDS). */
export const END_MORE_ATTR = 'data-end-more';
