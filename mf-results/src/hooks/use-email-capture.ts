import { useRef, useState, useSyncExternalStore } from 'react';
import { api, ApiError, useBus } from '@cfs/remote-kit';
import {
  captureSearch,
  EMAIL_SUBSCRIBE_CLOSED,
  EMAIL_SUBSCRIBE_KEY,
  EMAIL_SUBSCRIPTIONS_PATH,
  emailProblem,
  subscribeOutcome,
  type CaptureOutcome,
} from '../rules/end-of-results';

const noChanges = () => () => {};

function readClosed(): boolean {
  try {
    return window.sessionStorage.getItem(EMAIL_SUBSCRIBE_KEY) === EMAIL_SUBSCRIBE_CLOSED;
  } catch {
    // Storage refused: the capture shows.
    return false;
  }
}

/**
 * Whether an email capture was closed in this session. Read in the browser only: the server
 * cannot know, and a hydration starts from what the server rendered (the server snapshot).
 */
export function useCaptureClosed(): [boolean, () => void] {
  const closedBefore = useSyncExternalStore(noChanges, readClosed, () => false);
  const [closedNow, setClosed] = useState(false);
  const close = () => {
    try {
      window.sessionStorage.setItem(EMAIL_SUBSCRIBE_KEY, EMAIL_SUBSCRIBE_CLOSED);
    } catch {
      // Storage refused: the capture still closes.
    }
    setClosed(true);
  };
  return [closedBefore || closedNow, close];
}

/**
 * The capture's flow: the address, its outcome, and 'Subscribe' turning into 'Subscribed!' once
 * the call succeeds; typing in the field resets it (search-results §4). The address is checked
 * before anything is sent; an answer that arrives after the address changed marks nothing.
 */
export function useEmailCapture() {
  const bus = useBus();
  const [email, setEmailValue] = useState('');
  const [subscribed, setSubscribed] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<CaptureOutcome | null>(null);
  const edits = useRef(0);

  function setEmail(value: string) {
    edits.current += 1;
    setEmailValue(value);
    setSubscribed(false);
    setOutcome(null);
  }

  async function submit(textPot: string) {
    if (sending) return;
    const problem = emailProblem(email);
    if (problem) {
      setOutcome({ tone: 'danger', text: problem, field: 'email' });
      return;
    }
    const edit = edits.current;
    const { brand, search } = bus.getState();
    setSending(true);
    setOutcome(null);
    let status: number | null;
    try {
      await api(EMAIL_SUBSCRIPTIONS_PATH, {
        method: 'POST',
        json: { email: email.trim(), brand: brand.brand, search: captureSearch(search.query, search.defaultSort), textPot },
      });
      status = 200;
    } catch (err) {
      status = err instanceof ApiError ? err.status : null;
    }
    const next = subscribeOutcome(status);
    setSending(false);
    if (edits.current !== edit) return;
    setOutcome(next);
    if (next.tone === 'success') setSubscribed(true);
  }

  return { email, setEmail, subscribed, sending, outcome, submit };
}
