import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES, type SearchQuery } from '@cfs/contracts';
import { checkZip, Button } from '@cfs/remote-kit';
import { searchRadiusCookie } from '@cfs/search-query';
import { currentRadius, radiusChoices, radiusLabel } from '../rules/radius-options';
import { withRadius, withZip } from '../rules/query-changes';
import { useApplyChange } from '../hooks/use-apply-change';

/**
 * ZIP Code and Distance. The ZIP applies on Enter or the visible 'Update' button (designed: a
 * ZIP is only meaningful once complete, and it needs a server check before any search); it is
 * validated first (5 digits, then GET /geo/zip/{zip}) and an invalid ZIP shows 'Enter a valid
 * ZIP Code' and searches nothing. The Distance select applies at once.
 */
export function LocationFilter({ query }: { query: SearchQuery }) {
  const apply = useApplyChange();
  const zipId = useId();
  const errorId = useId();
  const radiusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const pending = useRef<AbortController | null>(null);
  const [draft, setDraft] = useState(query.zip ?? '');
  const [error, setError] = useState<string | null>(null);
  const [shownZip, setShownZip] = useState(query.zip);

  // The searched ZIP changed elsewhere (chip, Clear Filters, back button): show it.
  if (shownZip !== query.zip) {
    setShownZip(query.zip);
    setDraft(query.zip ?? '');
    setError(null);
  }

  useEffect(() => () => pending.current?.abort(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const zip = draft.trim();
    pending.current?.abort();
    // Designed: the searched ZIP again is not a change, so nothing is searched.
    if (zip && zip === query.zip) {
      setError(null);
      return;
    }
    const ctrl = new AbortController();
    pending.current = ctrl;
    const valid = await checkZip(zip, ctrl.signal);
    if (ctrl.signal.aborted) return;
    pending.current = null;
    if (!valid) {
      setError(MESSAGES.invalidZip);
      input.current?.focus();
      return;
    }
    setError(null);
    apply((q) => withZip(q, zip));
  }

  const radius = currentRadius(query);
  return (
    <form className="flt-group" noValidate onSubmit={submit}>
      <fieldset className="flt-fieldset">
        <legend className="flt-legend">Location</legend>
        <div className="flt-field">
          <label htmlFor={zipId} className="flt-label">
            ZIP Code
          </label>
          <div className="flt-zip-row">
            <input
              ref={input}
              id={zipId}
              className="flt-input"
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              value={draft}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setDraft(e.target.value);
                if (error) setError(null);
              }}
            />
            <Button type="submit" className="flt-update">
              Update
            </Button>
          </div>
          {error && (
            <p id={errorId} className="flt-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="flt-field">
          <label htmlFor={radiusId} className="flt-label">
            Distance
          </label>
          <select
            id={radiusId}
            className="flt-select"
            value={String(radius)}
            onChange={(e) => {
              const miles = Number(e.target.value);
              // Remembered for the shopper's next visit (search-query's radius cookie).
              const cookie = searchRadiusCookie(miles, window.location.protocol === 'https:');
              if (cookie) document.cookie = cookie;
              apply((q) => withRadius(q, miles));
            }}
          >
            {radiusChoices(radius).map((miles) => (
              <option key={miles} value={String(miles)}>
                {radiusLabel(miles)}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
    </form>
  );
}
