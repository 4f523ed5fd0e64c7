import { useRef, useState } from 'react';
import type { SearchQuery } from '@cfs/contracts';
import { useBus } from '@cfs/remote-kit';
import { checkEmail, subscribe } from '../rules/email';
import { searchString } from '../rules/sign-in';
import { markSubscribed } from '../rules/email-form-closed';
import type { Message } from '../rules/messages';

/**
 * The inline email-subscribe form's state: the address, and whether its button reads 'Subscribe'
 * or 'Subscribed!'. It reads 'Subscribed!' once the subscribe call succeeds; typing in the email
 * field resets it to 'Subscribe' (search-results spec §4 Save search).
 */
export function useSubscribeFlow(onMessage: (m: Message | null) => void) {
  const bus = useBus();
  const [email, setEmailValue] = useState('');
  const [subscribed, setSubscribed] = useState(false);
  const [sending, setSending] = useState(false);
  // Counts edits, so an answer that arrives after the address changed does not mark the new one subscribed.
  const edits = useRef(0);

  function setEmail(value: string) {
    edits.current += 1;
    setEmailValue(value);
    setSubscribed(false);
    onMessage(null);
  }

  async function submit(address: string, textPot: string, query: SearchQuery) {
    if (sending) return;
    const problem = checkEmail(address);
    if (problem) {
      onMessage(problem);
      return;
    }
    const edit = edits.current;
    setSending(true);
    onMessage(null);
    const { brand } = bus.getState().brand;
    const outcome = await subscribe({ email: address, brand, search: searchString(query, bus.getState().search.defaultSort), textPot });
    setSending(false);
    onMessage(outcome);
    if (outcome.tone === 'success' && edits.current === edit) {
      setSubscribed(true);
      bus.update('savedSearch', { subscribedEmail: address.trim() });
      markSubscribed();
    }
  }

  return { email, setEmail, setEmailValue, subscribed, setSubscribed, sending, submit };
}
