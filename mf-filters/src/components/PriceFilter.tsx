import { useId, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { PriceMessage } from '@cfs/search-query';
import { useShared } from '@cfs/remote-kit';
import { PRICE_MAX_LENGTH, blurPrice, priceText, samePriceRange, type PriceField } from '../rules/price-field';
import { useApplyChange } from '../hooks/use-apply-change';

const LABELS: Record<PriceField, string> = { min: 'Min Price', max: 'Max Price' };

/**
 * Price (min and max), page-furniture §5: each field is validated when it is left, and only if
 * its text changed; Enter leaves the field. A field in error is cleared and its message is
 * announced (role=alert), tied to the field (aria-invalid, aria-describedby) until it is edited.
 * A valid change searches at once (paging reset) through the panel's one change path.
 */
export function PriceFilter() {
  const query = useShared((s) => s.search.query);
  const apply = useApplyChange();
  const ids = { min: useId(), max: useId() };
  const errorId = useId();
  const [shown, setShown] = useState({ min: query.minPrice, max: query.maxPrice });
  // What each field shows, and what it showed when last settled (the "changed" of the spec).
  const [text, setText] = useState({ min: priceText(query.minPrice), max: priceText(query.maxPrice) });
  const [settled, setSettled] = useState(text);
  const [error, setError] = useState<{ field: PriceField; message: PriceMessage | null } | null>(null);

  // The searched range changed elsewhere (chip, Clear Filters, back button): show it.
  if (shown.min !== query.minPrice || shown.max !== query.maxPrice) {
    const next = { min: priceText(query.minPrice), max: priceText(query.maxPrice) };
    setShown({ min: query.minPrice, max: query.maxPrice });
    setText(next);
    setSettled(next);
  }

  function leave(field: PriceField, e: FocusEvent<HTMLInputElement>) {
    const outcome = blurPrice(field, settled[field], e.currentTarget.value, query);
    if (outcome.kind === 'unchanged') return;
    const shownText = outcome.kind === 'valid' ? outcome.text : '';
    setText((t) => ({ ...t, [field]: shownText }));
    setError(outcome.kind === 'error' ? { field, message: outcome.message } : null);
    // A change ignored while another search is in flight stays unsettled: leaving again retries it.
    const searched = samePriceRange(outcome.next, query) || apply(() => outcome.next);
    if (searched || outcome.kind === 'error') setSettled((s) => ({ ...s, [field]: shownText }));
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') {
      e.preventDefault();
      e.currentTarget.blur();
    }
  }

  const field = (f: PriceField) => {
    const inError = error?.field === f;
    return (
      <div className="flt-price-field">
        <label htmlFor={ids[f]} className="flt-label">
          {LABELS[f]}
        </label>
        <input
          id={ids[f]}
          className="flt-input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={PRICE_MAX_LENGTH}
          placeholder={f === 'min' ? 'No Min' : 'No Max'}
          value={text[f]}
          aria-invalid={inError ? true : undefined}
          aria-describedby={inError && error?.message ? errorId : undefined}
          onChange={(e) => {
            const value = e.target.value;
            setText((t) => ({ ...t, [f]: value }));
            if (inError) setError(null);
          }}
          onBlur={(e) => leave(f, e)}
          onKeyDown={onKeyDown}
        />
      </div>
    );
  };

  return (
    <fieldset className="flt-fieldset flt-price">
      <legend className="flt-legend">Price</legend>
      <div className="flt-price-row">
        {field('min')}
        {field('max')}
      </div>
      <p id={errorId} className="flt-error" role="alert">
        {error?.message ?? ''}
      </p>
    </fieldset>
  );
}
