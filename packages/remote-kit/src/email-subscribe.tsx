/**
 * The one email-alert form of the page (page-furniture §4 Email-alert prompt, §7 Email subscribe;
 * search-results §4, §5), used by the alerts region's prompt and by the capture after the last
 * page of results: the session value it keeps, the subscribe call and its outcomes, the flow's
 * state, and the form itself. Both places share their state through the bus: an address
 * subscribed in one shows as subscribed in the other (savedSearch.subscribedEmail).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { API_PATHS, LIMITS, MESSAGES, SEARCH_PATH, SUBSCRIBE_TEXTS, type Brand, type SearchQuery } from '@cfs/contracts';
import type { EmailSubscribeBody } from '@cfs/contracts/bodies';
import { emailProblem, savedSearchString } from '@cfs/search-query';
import { api, ApiError } from '@cfs/remote-kit/dom';
import { useBus, useShared } from './hooks';

// ---- the session value 'emailSubscribe' ----------------------------------------------------------

/**
 * The session value 'emailSubscribe' (page-furniture §4): 'closed' once a form is closed,
 * 'subscribed' once an address is subscribed. Kept in session storage, and in a session cookie of
 * the same name that the gateway reads into the first-load state, so the server render already
 * leaves a closed prompt out.
 */
export const EMAIL_SUBSCRIBE_KEY = 'emailSubscribe';
export type EmailSubscribeValue = 'closed' | 'subscribed';

const listeners = new Set<() => void>();

function store(value: EmailSubscribeValue): void {
  try {
    window.sessionStorage.setItem(EMAIL_SUBSCRIBE_KEY, value);
  } catch {
    // Storage refused: the cookie and the bus still know.
  }
  // A session cookie (no Max-Age): gone when the browser session ends.
  document.cookie = `${EMAIL_SUBSCRIBE_KEY}=${value}; Path=${SEARCH_PATH}; SameSite=Lax`;
  for (const l of [...listeners]) l();
}

/** The session value, or null when unset or storage is refused. */
export function emailSubscribeValue(): string | null {
  try {
    return window.sessionStorage.getItem(EMAIL_SUBSCRIBE_KEY);
  } catch {
    return null;
  }
}

/** An email form closed: the prompt stays away for the session. */
export function closeEmailSubscribe(): void {
  store('closed');
}

/** An address subscribed: the prompt does not show again in this session (unless it was closed). */
export function markSubscribed(): void {
  if (emailSubscribeValue() !== 'closed') store('subscribed');
  else for (const l of [...listeners]) l();
}

/** Listens for changes of the session value (for useSyncExternalStore). */
export function onEmailSubscribeChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// ---- the subscribe call --------------------------------------------------------------------------

export type SubscribeOutcome = { tone: 'success' | 'warning' | 'danger'; text: string; field?: 'email' };

/**
 * The subscribe call's outcome by its answer (page-furniture §8: danger, success, warning): a
 * success (2xx), a warning when the address already has this alert (409), the field's error when
 * the address is refused (400), danger for anything else (the breaker's error, a timeout, no answer).
 */
export function subscribeOutcome(status: number | null): SubscribeOutcome {
  if (status !== null && status >= 200 && status < 300) return { tone: 'success', text: SUBSCRIBE_TEXTS.success };
  if (status === 409) return { tone: 'warning', text: SUBSCRIBE_TEXTS.warning };
  if (status === 400) return { tone: 'danger', text: SUBSCRIBE_TEXTS.emailInvalid, field: 'email' };
  return { tone: 'danger', text: SUBSCRIBE_TEXTS.danger };
}

/** The field's problem as the form says it (search-query's emailProblem), or null. */
export function emailFieldProblem(email: string): SubscribeOutcome | null {
  const problem = emailProblem(email);
  if (!problem) return null;
  return { tone: 'danger', text: problem === 'required' ? SUBSCRIBE_TEXTS.emailRequired : SUBSCRIBE_TEXTS.emailInvalid, field: 'email' };
}

export interface SubscribeRequest {
  email: string;
  brand: Brand;
  /** The search the alert is for (search-query savedSearchString). */
  search: string;
  /** The honeypot: empty for people; the server drops requests where it is filled. */
  textPot: string;
}

/**
 * POST emailSubscribe: the address, the brand, the search, the honeypot, and the consumer
 * metadata update (page-furniture §7: emailSubscribe 'subscribed' and the last subscribed search).
 */
export async function subscribeToAlerts(body: SubscribeRequest): Promise<SubscribeOutcome> {
  try {
    await api(API_PATHS.emailSubscribe, {
      method: 'POST',
      json: {
        ...body,
        email: body.email.trim(),
        consumerMetadata: { emailSubscribe: 'subscribed', lastSubscribedSearch: body.search },
      } satisfies EmailSubscribeBody,
    });
    return subscribeOutcome(200);
  } catch (err) {
    return subscribeOutcome(err instanceof ApiError ? err.status : null);
  }
}

// ---- the flow ------------------------------------------------------------------------------------

export interface EmailSubscribeFlow {
  email: string;
  /** The shopper typed: the button reads 'Subscribe' again and the outcome goes. */
  setEmail(value: string): void;
  /** Puts an address in the field without counting as the shopper's edit (an intent's address). */
  setEmailValue(value: string): void;
  /** This address is subscribed to alerts for this search: here, or in the other form. */
  subscribed: boolean;
  sending: boolean;
  outcome: SubscribeOutcome | null;
  /** Checks the address, then subscribes it to `query` (the current search when absent). */
  submit(textPot: string, query?: SearchQuery, email?: string): Promise<void>;
}

/**
 * The form's state. 'Subscribe' turns into 'Subscribed!' once the call succeeds, and typing resets
 * it (search-results §4); an answer that arrives after the address changed marks nothing. A
 * success goes to the bus (savedSearch.subscribedEmail) and the session value: the other form then
 * shows the address as subscribed too (its field filled with it, if empty).
 */
export function useEmailSubscribe(onOutcome?: (outcome: SubscribeOutcome | null) => void): EmailSubscribeFlow {
  const bus = useBus();
  const subscribedEmail = useShared((s) => s.savedSearch.subscribedEmail);
  const subscribedSearch = useShared((s) => s.savedSearch.subscribedSearch);
  const searchNow = useShared((s) => savedSearchString(s.search.query, s.search.defaultSort));
  const [typed, setEmailState] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcomeState] = useState<SubscribeOutcome | null>(null);
  const edits = useRef(0);
  const setOutcome = (next: SubscribeOutcome | null) => {
    setOutcomeState(next);
    onOutcome?.(next);
  };

  // Subscribed in the other form: a field the shopper has not touched shows that address.
  const email = typed || touched ? typed : (subscribedEmail ?? '');

  // Subscribed: this address, to this search (a new search asks again).
  const trimmed = email.trim().toLowerCase();
  const subscribed = trimmed !== '' && subscribedEmail?.trim().toLowerCase() === trimmed && subscribedSearch === searchNow;

  return {
    email,
    setEmail(value) {
      edits.current += 1;
      setTouched(true);
      setEmailState(value);
      setOutcome(null);
    },
    setEmailValue: setEmailState,
    subscribed,
    sending,
    outcome,
    async submit(textPot, query, address = email) {
      if (sending) return;
      const problem = emailFieldProblem(address);
      if (problem) {
        setOutcome(problem);
        return;
      }
      const edit = edits.current;
      const { brand, search } = bus.getState();
      const alertSearch = savedSearchString(query ?? search.query, search.defaultSort);
      setSending(true);
      setOutcome(null);
      const result = await subscribeToAlerts({ email: address, brand: brand.brand, search: alertSearch, textPot });
      setSending(false);
      if (edits.current !== edit) return;
      setOutcome(result);
      if (result.tone === 'success') {
        bus.update('savedSearch', { subscribedEmail: address.trim(), subscribedSearch: alertSearch });
        markSubscribed();
      }
    },
  };
}

// ---- the form ------------------------------------------------------------------------------------

/** The class names of the form's parts, from the remote that shows it (its CSS scope). */
export interface EmailSubscribeClasses {
  form: string;
  heading: string;
  row: string;
  label: string;
  input: string;
  /** The honeypot's wrapper: out of sight and out of reach. */
  pot: string;
  submit: string;
  close: string;
}

export const EMAIL_FORM_TEXTS = { email: 'Email' } as const;

/**
 * The email-alert form: a form named by its heading, an 'Email' field (required, at most
 * LIMITS.emailMaxLength characters; its error describes it), a honeypot field textPot that people
 * never see or reach, 'Subscribe' / 'Subscribed!' and a close button. `children` follow the row
 * (a region's outcome messages). A form opened by the shopper takes focus; one that shows by
 * itself does not.
 */
export function EmailSubscribeForm(props: {
  flow: EmailSubscribeFlow;
  heading: string;
  closeLabel: string;
  classes: EmailSubscribeClasses;
  onSubmit: (textPot: string) => void;
  onClose: () => void;
  /** The id of the element that says what is wrong with the address. */
  messageId: string;
  focusOnOpen?: boolean;
  children?: ReactNode;
}) {
  const { flow, classes } = props;
  const headingId = useId();
  const emailId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const potRef = useRef<HTMLInputElement>(null);
  const invalid = flow.outcome?.field === 'email';
  const focusOnOpen = props.focusOnOpen ?? true;
  useEffect(() => {
    if (focusOnOpen) emailRef.current?.focus();
  }, [focusOnOpen]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit(potRef.current?.value ?? '');
  };

  return (
    <form className={classes.form} aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h2 id={headingId} className={classes.heading}>
        {props.heading}
      </h2>
      <div className={classes.row}>
        <label htmlFor={emailId} className={classes.label}>
          {EMAIL_FORM_TEXTS.email}
        </label>
        <input
          ref={emailRef}
          id={emailId}
          className={classes.input}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={LIMITS.emailMaxLength}
          value={flow.email}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? props.messageId : undefined}
          onChange={(e) => flow.setEmail(e.target.value)}
        />
        <div className={classes.pot} aria-hidden="true">
          <input ref={potRef} type="text" name="textPot" defaultValue="" tabIndex={-1} autoComplete="off" />
        </div>
        <button type="submit" className={classes.submit} aria-disabled={flow.sending || undefined}>
          {flow.subscribed ? MESSAGES.subscribed : MESSAGES.subscribe}
        </button>
        <button type="button" className={classes.close} onClick={props.onClose} aria-label={props.closeLabel}>
          ×
        </button>
      </div>
      {props.children}
    </form>
  );
}
