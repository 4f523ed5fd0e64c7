/**
 * The model reference tabs that have content. page-furniture §2 also names Compare Trims, Safety,
 * Consumer Reviews and FAQs: each joins this list with its content, never before (a shopper
 * reads no placeholder tab).
 */
export const REFERENCE_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'pricing', label: 'Pricing' },
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
