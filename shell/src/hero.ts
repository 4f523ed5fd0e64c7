import { REFERENCE_ANCHOR_ID, type Bus } from '@cfs/contracts';
import { heroModel } from './hero-model';
import { bindHeroLocation } from './hero-location';
import { applyHeroParts, heroParts, setHidden } from './hero-parts';
import { bindAssistant } from './hero-assistant';
import { holdInView } from './hold-in-view';

/**
 * Keeps the server-rendered hero (title, count, breadcrumbs, the parts that follow the search) in
 * step with the search, and binds its location editor and shopping assistant.
 */
export function bindHero(bus: Bus, doc: Document = document) {
  // Each part is written only when its text changes: a search that changes none of them (a new
  // sort) leaves the hero as it is, with nothing to lay out or paint again.
  let crumbsShown = '';
  const render = () => {
    const { search, brand } = bus.getState();
    const { query, result } = search;
    const m = heroModel(query, result, brand.brand);
    applyHeroParts(doc, heroParts(query, brand.flags));
    const title = doc.getElementById('cfs-title');
    const count = doc.getElementById('cfs-count');
    const crumbs = doc.getElementById('cfs-crumbs');
    setText(title, m.title);
    setText(count, m.countText);
    const learnMore = doc.getElementById('cfs-learn-more');
    if (learnMore) {
      setText(learnMore, m.learnMore?.text ?? '');
      setHidden(learnMore, !m.learnMore);
    }
    if (doc.title !== m.title) doc.title = m.title;
    const crumbsNow = crumbsKey(m.breadcrumbs.map((b, i) => (i === m.breadcrumbs.length - 1 ? [b.label] : [b.label, b.href])));
    if (crumbs && crumbsNow !== (crumbsShown || crumbsOf(crumbs))) {
      crumbs.replaceChildren(
        ...m.breadcrumbs.map((b, i) => {
          const li = doc.createElement('li');
          if (i === m.breadcrumbs.length - 1) {
            const span = doc.createElement('span');
            span.setAttribute('aria-current', 'page');
            span.textContent = b.label;
            li.appendChild(span);
          } else {
            const a = doc.createElement('a');
            a.href = b.href;
            a.textContent = b.label;
            li.appendChild(a);
          }
          return li;
        }),
      );
    }
    crumbsShown = crumbsNow;
  };
  const offLocation = bindHeroLocation(bus, doc);
  const offLearnMore = bindLearnMore(doc);
  const offAssistant = bindAssistant(bus, doc);
  const offSticky = bindStickyOffset(doc);
  const off = bus.subscribe((s, prev) => {
    if (s.search.result !== prev.search.result || s.search.query !== prev.search.query) render();
    // The expired-listing notice speaks of the page the shopper landed on: a new search drops it.
    if (s.search.requestId !== prev.search.requestId) doc.getElementById('cfs-expired')?.remove();
  });
  return () => {
    off();
    offLocation();
    offLearnMore();
    offAssistant();
    offSticky();
  };
}

/**
 * 'Learn more about {make model}' jumps to the model reference section and moves focus to its
 * heading (focusable with tabindex -1), without changing the URL: a fragment in the address would
 * read as a new history entry of the search; the heading then stays in view while the page above
 * settles (hold-in-view.ts). Without scripts the plain anchor jumps.
 */
export function bindLearnMore(doc: Document = document) {
  const link = doc.getElementById('cfs-learn-more');
  if (!link) return () => {};
  const onClick = (e: MouseEvent) => {
    const target = doc.getElementById(REFERENCE_ANCHOR_ID);
    if (!target) return;
    e.preventDefault();
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
    // The grid above may still grow as it measures its rows: the heading stays where it landed.
    holdInView(target, doc);
  };
  link.addEventListener('click', onClick);
  return () => link.removeEventListener('click', onClick);
}

/**
 * With the sticky hero (flag stickyHeader, page-furniture §6) a jump within the page ('Learn more
 * about …', the skip link, a focused control scrolled into view) would land under the hero: the
 * page's scroll padding follows the hero's height while it sticks. Scroll padding moves nothing
 * on the page; it only says where scrolled-to content should stop.
 */
export function bindStickyOffset(doc: Document = document): () => void {
  const hero = doc.getElementById('cfs-hero');
  const view = doc.defaultView;
  if (!hero?.hasAttribute('data-sticky') || !view) return () => undefined;
  const root = doc.documentElement;
  const update = () => {
    const sticks = view.getComputedStyle(hero).position === 'sticky';
    // Its height rounded up, and a pixel more: a scroll position is a whole number of pixels, so
    // content at a fractional place stops up to a pixel above where the padding says (under the hero).
    root.style.scrollPaddingTop = sticks ? `${Math.ceil(hero.getBoundingClientRect().height) + 1}px` : '';
  };
  update();
  const observer = typeof view.ResizeObserver === 'function' ? new view.ResizeObserver(update) : null;
  observer?.observe(hero);
  view.addEventListener('resize', update);
  return () => {
    observer?.disconnect();
    view.removeEventListener('resize', update);
    root.style.scrollPaddingTop = '';
  };
}

function setText(el: HTMLElement | null, text: string) {
  if (el && el.textContent !== text) el.textContent = text;
}

/** Breadcrumbs as [label, href] (the last, the page itself: [label]), compared as one string. */
function crumbsKey(crumbs: string[][]): string {
  return JSON.stringify(crumbs);
}

/** The breadcrumbs a list shows (the server's HTML at first), in the same form. */
function crumbsOf(list: HTMLElement): string {
  return crumbsKey(
    Array.from(list.children, (li) => {
      const a = li.querySelector('a');
      return a ? [a.textContent ?? '', a.getAttribute('href') ?? ''] : [li.textContent ?? ''];
    }),
  );
}
