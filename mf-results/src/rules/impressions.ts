/** designed: a listing is seen once half of its cell has been on screen. */
export const IMPRESSION_THRESHOLD = 0.5;
/** The attribute that carries a listing cell's listing id (ResultsList sets it). */
export const LISTING_ATTR = 'data-listing';
