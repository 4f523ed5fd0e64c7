/**
 * The regions' code is fetched once the page has loaded, not during its first paint: the page
 * carries its preload hints inert, in a <template> of the head, and the shell puts them in the
 * head when it starts (index.ts). The first bytes of the page's connections go to the document
 * and the lead image; the remote entries and manifests are then fetched in parallel with the
 * shell's own chunks instead of one after another.
 */
export const CODE_HINTS_ID = 'cfs-code-hints';

/** Moves the page's inert preload hints into the head, once; returns how many it moved. */
export function fetchRegionCode(doc: Document = document): number {
  const template = doc.getElementById(CODE_HINTS_ID);
  if (!(template instanceof HTMLTemplateElement)) return 0;
  const links = [...template.content.querySelectorAll('link')];
  template.remove();
  for (const link of links) doc.head.appendChild(doc.importNode(link, true));
  return links.length;
}
