import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { type PageListing } from '@cfs/contracts';
import type { ReportListingBody } from '@cfs/contracts/bodies';
import { api, Button } from '@cfs/remote-kit';
import { REPORT_REASONS, REPORT_TEXTS, reportReason } from '../../rules/lead';
import { ACTION_TEXTS, REPORT_PATH } from '../../rules/listing-actions';
import { Frame, FormButtons, SendStatus, type SendState } from './Frame';

/** Report listing (search-results §1, §7 report call): a reason, and details ('Other' needs them). */
export function ReportDialog({ listing, onClose }: { listing: PageListing; onClose: () => void }) {
  const base = `res-rep${useId()}`;
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<{ field: 'reason' | 'details'; text: string } | null>(null);
  const [state, setState] = useState<SendState>('form');
  const doneRef = useRef<HTMLButtonElement>(null);
  const firstRadio = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state === 'sent') doneRef.current?.focus();
  }, [state]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (state === 'sending') return;
    const out = reportReason(reason, details);
    if ('error' in out) {
      setError({ field: out.field, text: out.error });
      (out.field === 'reason' ? firstRadio.current : (document.getElementById(`${base}-details`) as HTMLElement | null))?.focus();
      return;
    }
    setError(null);
    setState('sending');
    try {
      await api(REPORT_PATH, { method: 'POST', json: { listingId: listing.id, reason: out.reason } satisfies ReportListingBody });
      setState('sent');
    } catch (err) {
      console.error('[mf-results] report failed', err);
      setState('failed');
    }
  };

  return (
    <Frame heading={ACTION_TEXTS.reportHeading} listing={listing} onClose={onClose} initialFocus={firstRadio}>
      <SendStatus state={state} sent={REPORT_TEXTS.sent} failed={REPORT_TEXTS.failed} />
      {state === 'sent' ? (
        <Button ref={doneRef} onClick={onClose}>
          {ACTION_TEXTS.close}
        </Button>
      ) : (
        <form noValidate onSubmit={submit} className="res-form">
          <fieldset
            aria-invalid={error?.field === 'reason' ? true : undefined}
            aria-describedby={error?.field === 'reason' ? `${base}-reason-error` : undefined}
          >
            <legend>Why are you reporting this listing?</legend>
            {REPORT_REASONS.map((r, i) => (
              <label key={r} className="res-radio">
                <input
                  type="radio"
                  name={`${base}-reason`}
                  value={r}
                  ref={i === 0 ? firstRadio : undefined}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                />{' '}
                {r}
              </label>
            ))}
            {error?.field === 'reason' && (
              <span id={`${base}-reason-error`} className="res-field-error">
                {error.text}
              </span>
            )}
          </fieldset>
          <p className="res-field">
            <label htmlFor={`${base}-details`}>Details{reason === 'Other' ? '' : ' (optional)'}</label>
            <textarea
              id={`${base}-details`}
              rows={3}
              maxLength={400}
              value={details}
              aria-invalid={error?.field === 'details' ? true : undefined}
              aria-describedby={error?.field === 'details' ? `${base}-details-error` : undefined}
              onChange={(e) => setDetails(e.target.value)}
            />
            {error?.field === 'details' && (
              <span id={`${base}-details-error`} className="res-field-error">
                {error.text}
              </span>
            )}
          </p>
          <FormButtons send={ACTION_TEXTS.sendReport} sending={state === 'sending'} onClose={onClose} />
        </form>
      )}
    </Frame>
  );
}
