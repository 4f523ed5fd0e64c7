import { useId, useState } from 'react';
import { buttonClass, EmailSubscribeForm, useEmailSubscribe, useShared, type EmailSubscribeClasses } from '@cfs/remote-kit';
import { emailCaptureShown, END_TEXT } from '../rules/end-of-results';
import { useCaptureClosed } from '../hooks/use-email-capture';

/** The email-alert form (remote-kit's, shared with the alerts region's prompt) in this region's CSS. */
const FORM_CLASSES: EmailSubscribeClasses = {
  form: 'res-capture',
  heading: 'res-end-heading',
  row: 'res-capture-row',
  label: 'res-capture-label',
  input: 'res-capture-input',
  pot: 'res-capture-pot',
  submit: buttonClass('primary', 'res-capture-button'),
  close: 'res-capture-close',
};

/**
 * The email capture after the last page (page-furniture §2, §4 Email-alert prompt): the page's one
 * email-alert form (remote-kit), subscribing the address to alerts for this search. Errors of the
 * field describe it; outcomes are announced (danger as an alert). Once offered it stays on the
 * page: an address subscribed here or in the alerts region's prompt shows as subscribed in both.
 */
export function EmailCapture({ onClosed }: { onClosed?: () => void }) {
  const signedIn = useShared((s) => s.session.signedIn);
  const titles = useShared((s) => s.savedSearch.titles);
  const subscribedEmail = useShared((s) => s.savedSearch.subscribedEmail);
  const subscribeAlerts = useShared((s) => s.brand.flags?.subscribeAlerts === true);
  const query = useShared((s) => s.search.query);
  const [closed, close] = useCaptureClosed();
  const offered = emailCaptureShown({ signedIn, savedSearchTitles: titles, query, subscribedEmail, subscribeAlerts, closed: false });
  // Offered once on this page: it stays (until closed), whatever a subscription changes.
  const [kept, setKept] = useState(false);
  if (offered && !kept) setKept(true);
  if (closed || !(offered || kept)) return null;
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
  const flow = useEmailSubscribe();
  const messageId = useId();
  const danger = flow.outcome?.tone === 'danger';
  return (
    <EmailSubscribeForm
      flow={flow}
      heading={END_TEXT.captureHeading}
      closeLabel={END_TEXT.close}
      classes={FORM_CLASSES}
      messageId={messageId}
      focusOnOpen={false}
      onSubmit={(textPot) => void flow.submit(textPot)}
      onClose={onClose}
    >
      <p id={danger ? messageId : undefined} className="res-capture-danger" role="alert">
        {danger ? flow.outcome?.text : ''}
      </p>
      <p className={`res-capture-note res-capture-${flow.outcome?.tone ?? 'none'}`} role="status">
        {flow.outcome && !danger ? flow.outcome.text : ''}
      </p>
    </EmailSubscribeForm>
  );
}
