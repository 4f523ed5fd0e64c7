import { useId, useRef, type FormEvent } from 'react';
import { LIMITS, MESSAGES } from '@cfs/contracts';
import { useShared } from '@cfs/remote-kit';
import { emailCaptureShown, END_TEXT } from '../rules/end-of-results';
import { useCaptureClosed, useEmailCapture } from '../hooks/use-email-capture';

/**
 * The email capture after the last page (page-furniture §2, §4 Email-alert prompt): a form named
 * by its heading that subscribes the address to email alerts for this search through the
 * gateway's emailSubscribe route. An 'Email' field (required, at most 45 characters), a honeypot
 * field textPot that people never see or reach, 'Subscribe' / 'Subscribed!' and a close button.
 * Errors of the field describe it; outcomes are announced (danger as an alert).
 */
export function EmailCapture({ onClosed }: { onClosed?: () => void }) {
  const signedIn = useShared((s) => s.session.signedIn);
  const titles = useShared((s) => s.savedSearch.titles);
  const subscribedEmail = useShared((s) => s.savedSearch.subscribedEmail);
  const subscribeAlerts = useShared((s) => s.brand.flags?.subscribeAlerts === true);
  const query = useShared((s) => s.search.query);
  const [closed, close] = useCaptureClosed();
  const shown = emailCaptureShown({ signedIn, savedSearchTitles: titles, query, subscribedEmail, subscribeAlerts, closed });
  if (!shown) return null;
  return (
    <CaptureForm
      onClose={() => {
        close();
        onClosed?.();
      }}
    />
  );
}

function CaptureForm({ onClose }: { onClose: () => void }) {
  const flow = useEmailCapture();
  const headingId = useId();
  const emailId = useId();
  const messageId = useId();
  const potRef = useRef<HTMLInputElement>(null);
  const invalid = flow.outcome?.field === 'email';
  const danger = flow.outcome?.tone === 'danger';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void flow.submit(potRef.current?.value ?? '');
  };

  return (
    <form className="res-capture" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h2 id={headingId} className="res-end-heading">
        {END_TEXT.captureHeading}
      </h2>
      <div className="res-capture-row">
        <label htmlFor={emailId} className="res-capture-label">
          {END_TEXT.email}
        </label>
        <input
          id={emailId}
          className="res-capture-input"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={LIMITS.emailMaxLength}
          value={flow.email}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? messageId : undefined}
          onChange={(e) => flow.setEmail(e.target.value)}
        />
        <div className="res-capture-pot" aria-hidden="true">
          <input ref={potRef} type="text" name="textPot" defaultValue="" tabIndex={-1} autoComplete="off" />
        </div>
        <button type="submit" className="res-capture-button" aria-disabled={flow.sending || undefined}>
          {flow.subscribed ? MESSAGES.subscribed : MESSAGES.subscribe}
        </button>
        <button type="button" className="res-capture-close" onClick={onClose} aria-label={END_TEXT.close}>
          ×
        </button>
      </div>
      <p id={danger ? messageId : undefined} className="res-capture-danger" role="alert">
        {danger ? flow.outcome?.text : ''}
      </p>
      <p className={`res-capture-note res-capture-${flow.outcome?.tone ?? 'none'}`} role="status">
        {flow.outcome && !danger ? flow.outcome.text : ''}
      </p>
    </form>
  );
}
