/** The model reference tabs (page-furniture §2: editorial tabs, Pricing, Compare Trims, Safety, Consumer Reviews, FAQs). */
export const REFERENCE_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'trims', label: 'Compare Trims' },
  { id: 'safety', label: 'Safety' },
  { id: 'reviews', label: 'Consumer Reviews' },
  { id: 'faqs', label: 'FAQs' },
] as const;
export type ReferenceTabId = (typeof REFERENCE_TABS)[number]['id'];

/**
 * WAI-ARIA tabs keyboard model for a horizontal tab list: Left/Right move to the previous/next tab
 * (wrapping), Home/End to the first/last. Returns the new index, or null for any other key.
 */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
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

/** Tabs whose content comes in later issues (reference, safety, ratings and FAQ calls) say so. */
export function comingSoon(label: string, name: string): string {
  return `${label} for the ${name} is coming soon.`;
}
