/**
 * Keyword search (page-furniture §2: "Keyword search trigger"; modals: "keyword search"; flag
 * `keywordSearch`). The phrase travels as the query's `keywordPhrases`; the upstream matches it.
 *
 * Designed where the spec is silent: the phrase is trimmed and its inner spaces collapsed; an
 * empty phrase removes the keyword; at most 80 characters.
 */
import type { SearchQuery } from '@cfs/contracts';

export const KEYWORD_MAX_LENGTH = 80;

export function cleanKeyword(text: string): string {
  return text.trim().replace(/\s+/g, ' ').slice(0, KEYWORD_MAX_LENGTH);
}

/** The search with the keyword phrase set, or removed when the phrase is empty. */
export function withKeyword(q: SearchQuery, text: string): SearchQuery {
  const phrase = cleanKeyword(text);
  const next = { ...q };
  if (phrase) next.keywordPhrases = phrase;
  else delete next.keywordPhrases;
  return next;
}
