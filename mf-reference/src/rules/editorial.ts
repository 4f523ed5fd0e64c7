import { API_PATHS } from '@cfs/contracts';
/**
 * Editorial articles (page-furniture §3: link, title, category, image, make, model): the editorial
 * tabs and the article carousel, from GET /content/articles?makeCode=X&modelCode=Y.
 */
import { safeHref } from './pricing';

export const ARTICLES_PATH = API_PATHS.articles;

export interface Article {
  link: string;
  title: string;
  category: string;
  image?: string;
  make?: string;
  model?: string;
}

export function articlesUrl(makeCode: string, modelCode: string): string {
  return `${ARTICLES_PATH}?makeCode=${encodeURIComponent(makeCode)}&modelCode=${encodeURIComponent(modelCode)}`;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The articles with a title, a category and a safe link; anything else is left out. */
export function readArticles(body: unknown): Article[] {
  if (!Array.isArray(body)) return [];
  const out: Article[] = [];
  for (const raw of body as Record<string, unknown>[]) {
    if (!raw || typeof raw !== 'object') continue;
    const link = safeHref(text(raw.link));
    const title = text(raw.title);
    const category = text(raw.category);
    if (!link || !title || !category) continue;
    const image = safeHref(text(raw.image));
    out.push({ link, title, category, ...(image ? { image } : {}), make: text(raw.make), model: text(raw.model) });
  }
  return out;
}

/** designed: at most two editorial tabs, so the tab list stays one row beside the five fixed tabs. */
export const EDITORIAL_TAB_MAX = 2;

export interface EditorialTab {
  id: string;
  category: string;
  articles: Article[];
}

/** One editorial tab per article category, in the order the answer names them, at most EDITORIAL_TAB_MAX. */
export function editorialTabs(articles: readonly Article[]): EditorialTab[] {
  const tabs: EditorialTab[] = [];
  for (const a of articles) {
    let tab = tabs.find((t) => t.category === a.category);
    if (!tab) {
      if (tabs.length >= EDITORIAL_TAB_MAX) continue;
      tab = { id: `editorial-${tabs.length}`, category: a.category, articles: [] };
      tabs.push(tab);
    }
    tab.articles.push(a);
  }
  return tabs;
}

/** designed: the carousel shows three articles at a time. */
export const CAROUSEL_PAGE = 3;

/** The first index of the carousel's previous and next windows (null at either end). */
export function carouselStep(start: number, count: number, page = CAROUSEL_PAGE): { prev: number | null; next: number | null } {
  return {
    prev: start > 0 ? Math.max(0, start - page) : null,
    next: start + page < count ? start + page : null,
  };
}
