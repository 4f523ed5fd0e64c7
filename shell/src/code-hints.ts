/**
 * The regions' code is fetched once the page has loaded, not during its first paint: the page
 * carries its preload hints inert, in a <template> of the head, and the shell puts them in the
 * head when it starts (page-start.ts; index.ts for a page without a start script). The first
 * bytes of the page's connections go to the document and the lead image; the remote entries and
 * manifests are then fetched in parallel with the shell's own chunks instead of one after another.
 */
import { takeInert } from './inert';

export const CODE_HINTS_ID = 'cfs-code-hints';

/** Moves the page's inert preload hints into the head, once; returns how many it moved. */
export function fetchRegionCode(doc: Document = document): number {
  const links = takeInert(doc, CODE_HINTS_ID, 'link');
  for (const link of links) doc.head.appendChild(doc.importNode(link, true));
  return links.length;
}
