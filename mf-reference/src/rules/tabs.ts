/**
 * Which reference tabs show (page-furniture §2 and §5: editorial tabs, Pricing, Compare Trims,
 * Safety, Consumer Reviews, FAQs; "reference tabs show by conditions on the URL type"), and the
 * tabs' keyboard model.
 */
import type { PageType } from '@cfs/search-query';

export const FIXED_TABS = {
  pricing: 'Pricing',
  'compare-trims': 'Compare Trims',
  safety: 'Safety',
  'consumer-reviews': 'Consumer Reviews',
  faqs: 'FAQs',
} as const;
export type FixedTabId = keyof typeof FIXED_TABS;

/**
 * The fixed tabs a page type may show, in order. designed: a trim page (a single trim chosen) has
 * no Compare Trims and no Consumer Reviews (the ratings are fetched only without a trim, §5);
 * page types not about one make and model show no section at all.
 */
export function tabsForPageType(type: PageType): FixedTabId[] {
  switch (type) {
    case 'make-model':
    case 'year-make-model':
      return ['pricing', 'compare-trims', 'safety', 'consumer-reviews', 'faqs'];
    case 'make-model-trim':
    case 'year-make-model-trim':
      return ['pricing', 'safety', 'faqs'];
    default:
      return [];
  }
}

/** Editorial tabs (from the articles call) show on the same page types as the section. */
export function showsEditorialTabs(type: PageType): boolean {
  return tabsForPageType(type).length > 0;
}

/**
 * WAI-ARIA tabs keyboard model for a horizontal tab list: Left/Right move to the previous/next tab
 * (wrapping), Home/End to the first/last. Returns the new index, or null for any other key.
 */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
