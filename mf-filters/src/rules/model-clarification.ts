/**
 * Model-name clarification (page-furniture §2 Modals, §4 Filter panel): 'Yes' adds the suggested
 * make and model, 'No' dismisses, "Don't show me this again" stores the suggested model codes in a
 * cookie and the clarification never returns for them.
 *
 * Designed where the spec is silent: the suggestion comes from the search result. When the search
 * has a keyword and no model, and the keyword names a model of a listing in the results (compared
 * on letters and digits only: 'f150', 'F-150' and 'F150' are the same), that listing's make and
 * model are suggested. The cookie holds the model codes comma-separated, for a year, on the
 * search area's path.
 */
import type { Listing, SearchQuery, SearchResult } from '@cfs/contracts';

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

function keywordNames(keyword: string, l: Listing): boolean {
  const words = keyword.split(/\s+/).map(squash).filter(Boolean);
  const whole = squash(keyword);
  const names = [squash(l.model?.name), squash(l.model?.code)].filter((n) => n.length >= 2);
  return names.some((n) => n === whole || words.includes(n));
}

/** The make and model to suggest for this search, or null (none, a model already chosen, or turned off). */
export function modelClarification(query: SearchQuery, result: SearchResult | null, turnedOff: readonly string[]): ModelSuggestion | null {
  const keyword = typeof query.keywordPhrases === 'string' ? query.keywordPhrases : '';
  if (!keyword.trim() || (query.modelCode?.length ?? 0) > 0) return null;
  const off = new Set(turnedOff.map((c) => c.toUpperCase()));
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
  return `${CLARIFICATION_COOKIE}=${encodeURIComponent(all.join(','))}; Max-Age=${COOKIE_MAX_AGE_S}; Path=/cars-for-sale; SameSite=Lax`;
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
