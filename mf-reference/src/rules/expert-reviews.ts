/**
 * Expert reviews (page-furniture §3: id, link, title.rendered; §7: path of year, make, model, trim
 * plus embed, 3 s; §9: at most 2).
 */
import { LIMITS, apiPath } from '@cfs/contracts';
import { safeHref } from './pricing';
import { htmlToText, slug } from './text';

export interface ExpertReview {
  id: number;
  link: string;
  title: string;
  excerpt: string;
  date?: string;
  author?: string;
  image?: { src: string; alt: string };
}

/** The model year's reviews for all trims, with author and image embedded. */
export function expertReviewsUrl(year: number, makeCode: string, modelCode: string): string | null {
  const make = slug(makeCode);
  const model = slug(modelCode);
  if (!Number.isInteger(year) || !make || !model) return null;
  return `${apiPath('expertReviews', { year, make, model, trim: 'all' })}?embed=true`;
}

interface RawReview {
  id?: unknown;
  link?: unknown;
  date?: unknown;
  title?: { rendered?: unknown };
  excerpt?: { rendered?: unknown };
  _embedded?: { author?: { name?: unknown }[]; 'wp:featuredmedia'?: { source_url?: unknown; alt_text?: unknown }[] };
}

/** At most LIMITS.expertReviewsCap reviews with a title and a safe link; titles and excerpts as plain text. */
export function readExpertReviews(body: unknown): ExpertReview[] {
  if (!Array.isArray(body)) return [];
  const out: ExpertReview[] = [];
  for (const raw of body as RawReview[]) {
    if (out.length >= LIMITS.expertReviewsCap) break;
    if (!raw || typeof raw !== 'object') continue;
    const link = safeHref(typeof raw.link === 'string' ? raw.link : undefined);
    const title = htmlToText(raw.title?.rendered);
    if (!link || !title || typeof raw.id !== 'number') continue;
    const author = raw._embedded?.author?.[0]?.name;
    const media = raw._embedded?.['wp:featuredmedia']?.[0];
    const src = safeHref(typeof media?.source_url === 'string' ? media.source_url : undefined);
    out.push({
      id: raw.id,
      link,
      title,
      excerpt: htmlToText(raw.excerpt?.rendered),
      ...(typeof raw.date === 'string' && /^\d{4}-\d{2}-\d{2}/.test(raw.date) ? { date: raw.date.slice(0, 10) } : {}),
      ...(typeof author === 'string' && author.trim() ? { author: author.trim() } : {}),
      ...(src ? { image: { src, alt: typeof media?.alt_text === 'string' ? media.alt_text : '' } } : {}),
    });
  }
  return out;
}
