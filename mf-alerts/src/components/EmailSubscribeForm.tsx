import { useEffect, useId, useRef, type FormEvent } from 'react';
import { LIMITS, MESSAGES } from '@cfs/contracts';
import { TEXT } from '../rules/texts';

/**
 * The inline email-subscribe form: an 'Email' field (required, at most 45 characters), a honeypot
 * field named textPot that people never see or reach (aria-hidden, out of the tab order, visually
 * hidden), 'Subscribe' / 'Subscribed!', and a close button.
 */
export function EmailSubscribeForm(props: {
  email: string;
  subscribed: boolean;
  sending: boolean;
  invalid: boolean;
  messageId: string;
  onEmailChange: (value: string) => void;
  onSubmit: (email: string, textPot: string) => void;
  onClose: () => void;
  /** Move focus into the form when it opens (it opened on the shopper's click); not when it shows by itself. */
  focusOnOpen?: boolean;
}) {
  const headingId = useId();
  const emailId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const potRef = useRef<HTMLInputElement>(null);

  // A form opened by the shopper's click takes focus; a prompt that shows by itself does not.
  const focusOnOpen = props.focusOnOpen ?? true;
  useEffect(() => {
    if (focusOnOpen) emailRef.current?.focus();
  }, [focusOnOpen]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit(props.email, potRef.current?.value ?? '');
  };

  return (
    <form className="alr-form" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h2 id={headingId} className="alr-form-heading">
        {TEXT.formHeading}
      </h2>
      <div className="alr-row">
        <label htmlFor={emailId} className="alr-label">
          {TEXT.email}
        </label>
        <input
          ref={emailRef}
          id={emailId}
          className="alr-input"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={LIMITS.emailMaxLength}
          value={props.email}
          aria-invalid={props.invalid || undefined}
          aria-describedby={props.invalid ? props.messageId : undefined}
          onChange={(e) => props.onEmailChange(e.target.value)}
        />
        <input
          ref={potRef}
          className="alr-honeypot"
          type="text"
          name="textPot"
          defaultValue=""
          tabIndex={-1}
          autoComplete="off"
          aria-hidden="true"
        />
        <button type="submit" className="alr-button alr-primary" aria-disabled={props.sending || undefined}>
          {props.subscribed ? MESSAGES.subscribed : MESSAGES.subscribe}
        </button>
        <button type="button" className="alr-button alr-close" onClick={props.onClose} aria-label={TEXT.close}>
          ×
        </button>
      </div>
    </form>
  );
}
