/**
 * Model-name clarification (page-furniture §2 Modals, §4 Filter panel): 'Yes' adds the suggested
 * make and model, 'No' dismisses, "Don't show me this again" stores the suggested model codes in a
 * cookie and the clarification never returns for them.
 *
 * What is suggested, in this order:
 * 1. the search answer's suggested model items (page-furniture §3 'Suggested model item': a model
 *    chosen and another the shopper may have meant, which the listing search answers), the first
 *    one not turned off whose model is not chosen already;
 * 2. designed, where the spec is silent: when the search has a keyword and no model, and the
 *    keyword names a model of a listing in the results (compared on letters and digits only:
 *    'f150', 'F-150' and 'F150' are the same), that listing's make and model.
 * The cookie holds the model codes comma-separated, for a year, on the search area's path.
 */
import { SEARCH_PATH, type PageListing, type SearchQuery, type PageSearchResult } from '@cfs/contracts';

export const CLARIFICATION_COOKIE = 'modelClarificationOff';
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface ModelSuggestion {
  makeCode: string;
  makeName: string;
  /** The suggested model codes (the model's code; one per suggestion). */
  modelCodes: string[];
  modelName: string;
}

const squash = (s: unknown): string => (typeof s === 'string' ? s.toLowerCase().replace(/[^a-z0-9]/g, '') : '');

function keywordNames(keyword: string, l: PageListing): boolean {
  const words = keyword.split(/\s+/).map(squash).filter(Boolean);
  const whole = squash(keyword);
  const names = [squash(l.model?.name), squash(l.model?.code)].filter((n) => n.length >= 2);
  return names.some((n) => n === whole || words.includes(n));
}

/** The make and model to suggest for this search, or null (none, a model already chosen, or turned off). */
export function modelClarification(
  query: SearchQuery,
  result: PageSearchResult | null,
  turnedOff: readonly string[],
): ModelSuggestion | null {
  const off = new Set(turnedOff.map((c) => c.toUpperCase()));
  const chosen = new Set((query.modelCode ?? []).map((c) => c.toUpperCase()));
  for (const item of Array.isArray(result?.suggestedModels) ? result.suggestedModels : []) {
    const code = typeof item?.suggestedModelCode === 'string' ? item.suggestedModelCode : '';
    if (!code || !item.suggestedMakeCode || off.has(code.toUpperCase()) || chosen.has(code.toUpperCase())) continue;
    return {
      makeCode: item.suggestedMakeCode,
      makeName: item.suggestedMakeDescription || item.suggestedMakeCode,
      modelCodes: [code],
      modelName: item.suggestedModelDescription || code,
    };
  }
  const keyword = typeof query.keywordPhrases === 'string' ? query.keywordPhrases : '';
  if (!keyword.trim() || chosen.size > 0) return null;
  for (const l of result?.listings ?? []) {
    if (!l.make?.code || !l.model?.code || !keywordNames(keyword, l)) continue;
    if (off.has(l.model.code.toUpperCase())) return null;
    return {
      makeCode: l.make.code,
      makeName: l.make.name ?? l.make.code,
      modelCodes: [l.model.code],
      modelName: l.model.name ?? l.model.code,
    };
  }
  return null;
}

/** The model codes turned off, from a cookie header string. */
export function turnedOffModels(cookie: string): string[] {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CLARIFICATION_COOKIE) continue;
    let value = rest.join('=');
    try {
      value = decodeURIComponent(value);
    } catch {
      return [];
    }
    return value
      .split(',')
      .map((c) => c.trim())
      .filter((c) => /^[A-Za-z0-9_-]{1,40}$/.test(c));
  }
  return [];
}

/** The cookie assignment that adds `codes` to those already turned off (document.cookie = ...). */
export function turnOffCookie(cookie: string, codes: readonly string[]): string {
  const all = [...new Set([...turnedOffModels(cookie), ...codes.filter((c) => /^[A-Za-z0-9_-]{1,40}$/.test(c))])].slice(-50);
  return `${CLARIFICATION_COOKIE}=${encodeURIComponent(all.join(','))}; Max-Age=${COOKIE_MAX_AGE_S}; Path=${SEARCH_PATH}; SameSite=Lax`;
}

/** The search with the suggested make and model added. */
export function withSuggestedModel(query: SearchQuery, s: ModelSuggestion): SearchQuery {
  const makes = query.makeCode ?? [];
  const models = query.modelCode ?? [];
  return {
    ...query,
    makeCode: makes.includes(s.makeCode) ? makes : [...makes, s.makeCode],
    modelCode: [...models, ...s.modelCodes.filter((m) => !models.includes(m))],
  };
}
