import { useEffect, useId, useRef, useState } from 'react';
import type { SearchQuery } from '@cfs/contracts';
import { useBus, useShared, useSubscribe } from '@cfs/remote-kit';
import { saveSearchAction } from '../rules/save-search-rule';
import { pagingResetUrl, signInUrl } from '../rules/sign-in';
import { saveKey, useSaveFlow } from '../hooks/useSaveFlow';
import { useSubscribeFlow } from '../hooks/useSubscribeFlow';
import { EmailSubscribeForm } from './EmailSubscribeForm';
import { AlertMessages } from './AlertMessages';
import { closeEmailForm } from '../rules/email-form-closed';
import { TEXT } from '../rules/texts';
import type { Message } from '../rules/messages';
import './alerts.css';

/**
 * The save-search button and its outcomes (search-results spec §4 Save search, page-furniture §4
 * Email-alert prompt). A click here and an 'alerts:save-search' intent from another remote run the
 * same flow.
 */
export function AlertsApp() {
  const bus = useBus();
  const query = useShared((s) => s.search.query);
  const defaultSort = useShared((s) => s.search.defaultSort);
  const flags = useShared((s) => s.brand.flags);
  const [formShowing, setFormShowing] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const saveFlow = useSaveFlow(setMessage);
  const subscribeFlow = useSubscribeFlow(setMessage);
  const { setSubscribed } = subscribeFlow;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dangerId = useId();

  function request(q: SearchQuery, email?: string) {
    const { session, savedSearch, brand } = bus.getState();
    if (!brand.flags.saveSearch) return;
    // An intent that brings an address subscribes it straight away (logged-out users only).
    if (email && !session.signedIn && brand.flags.subscribeAlerts) {
      setFormShowing(true);
      subscribeFlow.setEmailValue(email);
      void subscribeFlow.submit(email, '', q);
      return;
    }
    const action = saveSearchAction({
      signedIn: session.signedIn,
      subscribed: savedSearch.subscribedEmail !== null,
      formShowing,
      subscribeAlerts: brand.flags.subscribeAlerts,
    });
    if (action === 'show-form') setFormShowing(true);
    else if (action === 'sign-in') {
      setMessage({
        tone: 'info',
        text: TEXT.signInToSave,
        link: {
          href: signInUrl(
            pagingResetUrl(window.location.pathname, q, bus.getState().search.defaultSort),
            bus.getState().session.signInPath,
          ),
          label: TEXT.signIn,
        },
      });
    } else void saveFlow.run(q);
  }

  useSubscribe('alerts:save-search', ({ query: q, email }) => request(q, email));

  // A new search starts fresh: no old outcome message, the form's button back to 'Subscribe',
  // and the bus savedSearch status back to idle. bus and setSubscribed never change identity, so
  // this runs when the search key changes.
  const key = saveKey(query, defaultSort);
  const firstKey = useRef(key);
  useEffect(() => {
    if (key === firstKey.current) return;
    firstKey.current = key;
    setMessage(null);
    setSubscribed(false);
    const { status } = bus.getState().savedSearch;
    if (status !== 'idle' && status !== 'saving') bus.update('savedSearch', { status: 'idle', message: null });
  }, [key, bus, setSubscribed]);

  if (!flags.saveSearch) return null;
  const status = saveFlow.statusFor(query);
  const saved = status === 'saved';
  const closeForm = () => {
    closeEmailForm();
    setFormShowing(false);
    buttonRef.current?.focus();
  };

  return (
    <div className="alr-root">
      <button
        ref={buttonRef}
        type="button"
        className="alr-button alr-save"
        aria-disabled={saved || status === 'saving' || undefined}
        onClick={() => !saved && status !== 'saving' && request(query)}
      >
        {saved ? TEXT.searchSaved : TEXT.saveSearch}
      </button>
      {formShowing && (
        <EmailSubscribeForm
          email={subscribeFlow.email}
          subscribed={subscribeFlow.subscribed}
          sending={subscribeFlow.sending}
          invalid={message?.field === 'email'}
          messageId={dangerId}
          onEmailChange={subscribeFlow.setEmail}
          onSubmit={(email, textPot) => void subscribeFlow.submit(email, textPot, query)}
          onClose={closeForm}
        />
      )}
      <AlertMessages message={message} dangerId={dangerId} />
    </div>
  );
}
