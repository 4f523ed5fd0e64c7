import { useId } from 'react';
import type { SearchSlice } from '@cfs/contracts';
import { suggestionCard } from '../rules/suggestions';
import { setOption, toggleOption } from '../rules/option-click';
import { useApplyChange } from '../hooks/use-apply-change';
import { useShared } from '@cfs/remote-kit';

/**
 * The truck cab size or SUV third-row suggestion card (page-furniture §2, Filters panel). The card's
 * texts are designed (the spec names the card only). designed: the card suggests filters from the
 * vehicles' reference data (cab sizes, third rows), so the flag `referenceFilters` gates it.
 */
export function SuggestionCard({ search }: { search: SearchSlice }) {
  const apply = useApplyChange();
  const headingId = useId();
  const on = useShared((s) => s.brand.flags.referenceFilters);
  const card = on ? suggestionCard(search.query, search.result) : null;
  if (!card) return null;
  return (
    <section className="flt-card flt-suggest-card" aria-labelledby={headingId}>
      {card.kind === 'truck-cab' ? (
        <>
          <h3 id={headingId} className="flt-card-subheading">
            Truck Cab Size
          </h3>
          <p className="flt-hint">How many people will ride in the cab?</p>
          <div className="flt-pill-row" role="group" aria-labelledby={headingId}>
            {card.options.map((o) => (
              <button
                key={o.value || 'any'}
                type="button"
                className="flt-pill"
                aria-pressed={card.selected === o.value}
                onClick={() => apply((q) => setOption(q, 'truckCabSize', o.value))}
              >
                {o.label}
              </button>
            ))}
          </div>
        </>
      ) : (
        <>
          <h3 id={headingId} className="flt-card-subheading">
            Need a third row?
          </h3>
          <button
            type="button"
            className="flt-pill"
            aria-pressed={card.on}
            onClick={() => apply((q) => toggleOption(q, 'featureCode', card.value, !card.on))}
          >
            {`Show SUVs with ${card.label}`}
          </button>
        </>
      )}
    </section>
  );
}
