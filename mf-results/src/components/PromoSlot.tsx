import { useId } from 'react';
import { usePublish, useShared } from '@cfs/remote-kit';
import { BEST_DEALS, hasBestDeals, PROMO_SOURCE, withBestDeals } from '../rules/promo';
import './slots.css';

/**
 * The inline filter promo (page-furniture §2, §9: at cell 8 with more than 14 listings): one
 * button that narrows the search to Great and Good Deals (or widens it back), through the same
 * 'filters:changed' intent the filter panel sends, so the panel, chips and URL follow.
 */
export function PromoSlot() {
  const headingId = `res${useId()}`;
  const query = useShared((s) => s.search.query);
  const publish = usePublish();
  const active = hasBestDeals(query);
  const apply = () => publish('filters:changed', { query: withBestDeals(query, !active), source: PROMO_SOURCE });
  return (
    <section className="res-promo" aria-labelledby={headingId} data-res-focus="" tabIndex={-1}>
      <h3 className="res-promo-title" id={headingId}>
        {active ? BEST_DEALS.activeHeading : BEST_DEALS.heading}
      </h3>
      <p className="res-promo-text">{active ? BEST_DEALS.activeText : BEST_DEALS.text}</p>
      <button type="button" className="res-promo-button res-pill-button" onClick={apply}>
        {active ? BEST_DEALS.clear : BEST_DEALS.apply}
      </button>
    </section>
  );
}
