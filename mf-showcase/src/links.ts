import type { Listing } from '@cfs/contracts';

/** Only same-origin paths and http(s) URLs from the data become links. */
export function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  return /^https?:\/\//i.test(href) ? href : undefined;
}

/**
 * The vehicle detail page is its base URL plus a click-type parameter (page-furniture §2). The
 * parameter's value is not shown in the spec; 'spotlight' names the tier the showcase comes from.
 */
export function vdpHref(listing: Listing): string | undefined {
  const base = safeHref(listing.vdpBaseUrl);
  if (!base) return undefined;
  return `${base}${base.includes('?') ? '&' : '?'}clickType=spotlight`;
}
