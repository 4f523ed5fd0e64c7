import type { SearchQuery, PageSearchResult } from '@cfs/contracts';
import { REFERENCE_ANCHOR_ID } from '@cfs/contracts';
import { breadcrumbs, isModelPage, resultCountText, type Breadcrumb, type LabelKind } from '@cfs/search-query';

export interface HeroModel {
  title: string;
  countText: string;
  /**
   * On a page about one model: 'Learn more about {make model}', the results count heading's jump
   * link to the model reference section (page-furniture §2). Null on other pages.
   */
  learnMore: { text: string; href: string } | null;
  /** The spec-ordered breadcrumbs of @cfs/search-query (search-results §2 "Breadcrumb order"). */
  breadcrumbs: Breadcrumb[];
}

function cap(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
}

/** Make and model names come with the search result's listings; codes are shown otherwise. */
function labelsFrom(result: PageSearchResult | null) {
  const listings = result?.listings ?? [];
  return (kind: LabelKind, code: string): string | undefined => {
    if (kind === 'make') return listings.find((l) => l.make?.code === code)?.make?.name;
    if (kind === 'model') return listings.find((l) => l.model?.code === code)?.model?.name;
    return undefined;
  };
}

/**
 * Hero text for a search: title, results count (in the brand's words) and breadcrumbs. Rendered on the server (the
 * shell's frame, layout.ts) and kept in step in the browser (hero.ts) from this one function.
 */
export function heroModel(query: SearchQuery, result: PageSearchResult | null, brand?: string): HeroModel {
  const first = result?.listings[0];
  const make = query.makeCode?.length === 1 ? (first?.make?.name ?? cap(query.makeCode[0])) : null;
  const model = make && query.modelCode?.length === 1 ? (first?.model?.name ?? query.modelCode[0]) : null;
  const condition = query.listingType?.length === 1 ? query.listingType[0] : null;
  const condText = condition === 'NEW' ? 'New' : condition === 'CERTIFIED' ? 'Certified' : condition ? 'Used' : '';
  const what = [condText, make, model ?? (make ? null : 'Cars')].filter(Boolean).join(' ');
  const where = query.zip ? ` near ${query.zip}` : '';
  const title = `${what} for Sale${where}`;
  // The brand names what it counts where true (page-furniture §1: the Ford variant's summary text).
  const countText = resultCountText(result?.totalResultCount ?? 0, brand, query.listingType);
  const learnMore =
    make && model && isModelPage(query) ? { text: `Learn more about ${make} ${model}`, href: `#${REFERENCE_ANCHOR_ID}` } : null;
  return { title, countText, learnMore, breadcrumbs: breadcrumbs(query, labelsFrom(result)) };
}
