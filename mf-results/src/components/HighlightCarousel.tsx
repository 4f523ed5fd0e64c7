import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FeatureFlags } from '@cfs/contracts';
import { vdpHref } from '@cfs/search-query';
import { cardModel } from '../rules/card-model';
import { CAROUSEL_TEXT, type CarouselSlot, type ListingSlot } from '../rules/slots';
import './carousel.css';

interface Props {
  slot: CarouselSlot;
  flags?: FeatureFlags;
}

/** Where the list is scrolled: at its start, at its end (both on a list that fits). */
interface Edges {
  start: boolean;
  end: boolean;
}

/**
 * The carousel row of the grid (page-furniture §9, slots.ts): the vehicle highlights as a labelled
 * region holding a horizontally scrolling list, each vehicle a link to its detail page. Tab reaches
 * every link (the list scrolls to the focused one); 'Previous' and 'Next' scroll by the visible
 * width. Server-safe: the first render assumes the list at its start; the edges are read after.
 */
export function HighlightCarousel({ slot, flags }: Props) {
  const headingId = useId();
  const listId = `${headingId}l`;
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState<Edges>({ start: true, end: false });

  const readEdges = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const start = list.scrollLeft <= 1;
    const end = list.scrollLeft + list.clientWidth >= list.scrollWidth - 1;
    setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
  }, []);

  // The observer reads the edges in its first report, once the list is laid out, and again at
  // every resize: hydration forces no layout. Without an observer they are read at once.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (typeof ResizeObserver === 'undefined') return readEdges();
    const observer = new ResizeObserver(readEdges);
    observer.observe(list);
    return () => observer.disconnect();
  }, [readEdges, slot]);

  const scroll = (direction: -1 | 1) => {
    const list = listRef.current;
    if (!list || typeof list.scrollBy !== 'function') return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({ left: direction * list.clientWidth, behavior: still ? 'auto' : 'smooth' });
  };

  return (
    <section className="res-carousel" aria-labelledby={headingId}>
      <div className="res-carousel-head">
        <h3 id={headingId} className="res-carousel-heading">
          {CAROUSEL_TEXT.heading}
        </h3>
        <div className="res-carousel-controls">
          <button type="button" className="res-carousel-button" aria-controls={listId} disabled={edges.start} onClick={() => scroll(-1)}>
            {CAROUSEL_TEXT.previous}
          </button>
          <button type="button" className="res-carousel-button" aria-controls={listId} disabled={edges.end} onClick={() => scroll(1)}>
            {CAROUSEL_TEXT.next}
          </button>
        </div>
      </div>
      <ul id={listId} ref={listRef} className="res-carousel-list" aria-labelledby={headingId} onScroll={readEdges}>
        {slot.items.map((item) => (
          <li key={item.key} className="res-carousel-item">
            <CarouselVehicle item={item} flags={flags} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One vehicle of the carousel: its photo, title, price and urgency highlight, all one link. */
function CarouselVehicle({ item, flags }: { item: ListingSlot; flags?: FeatureFlags }) {
  const m = cardModel(item.listing, item.owner, { tier: item.tier, flags });
  const href = vdpHref(item.listing.vdpBaseUrl, 'spotlight');
  const body = (
    <>
      {m.image ? (
        // The title names the vehicle; the photo adds nothing a screen reader needs.
        <img className="res-carousel-photo" src={m.image.src} alt="" width={240} height={180} loading="lazy" decoding="async" />
      ) : (
        <span className="res-carousel-photo res-photo-empty" aria-hidden="true" />
      )}
      <span className="res-carousel-title">{m.title}</span>
      <span className="res-carousel-price">{m.price}</span>
      {m.urgency && (
        <span className="res-carousel-urgency">
          {m.urgency.header} {m.urgency.text}
        </span>
      )}
    </>
  );
  return href ? (
    <a className="res-carousel-link" href={href}>
      {body}
    </a>
  ) : (
    <div className="res-carousel-link">{body}</div>
  );
}
