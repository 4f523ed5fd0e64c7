import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { SearchQuery } from '@cfs/contracts';
import {
  closeEmailSubscribe,
  EmailSubscribeForm,
  emailSubscribeValue,
  onEmailSubscribeChange,
  useBus,
  useEmailSubscribe,
  useShared,
  useSubscribe,
  WantedNow,
  type EmailSubscribeClasses,
  buttonClass,
} from '@cfs/remote-kit';
import { saveSearchAction } from '../rules/save-search-rule';
import { createAccountUrl, navigate, pagingResetUrl } from '../rules/sign-in';
import { saveKey, useSaveFlow } from '../hooks/use-save-flow';
import { AlertMessages } from './AlertMessages';
import { emailPromptShows } from '../rules/email-prompt';
import { rememberPendingSave, takePendingSave } from '../rules/pending-save';
import { savedSearchTitles } from '../rules/saved-searches';
import { countsSavedSearches } from '../rules/saved-search-state';
import { SavedSearchTitles } from './SavedSearchTitles';
import { StillInterested } from './StillInterested';
import { NotificationPrompt } from './NotificationPrompt';
import { TEXT } from '../rules/texts';
import type { Message } from '../rules/messages';
import './alerts.css';

/** The email-alert form (remote-kit's, shared with the capture after the results) in this region's CSS. */
const FORM_CLASSES: EmailSubscribeClasses = {
  form: 'alr-form',
  heading: 'alr-form-heading',
  row: 'alr-row',
  label: 'alr-label',
  input: 'alr-input',
  pot: 'alr-honeypot',
  submit: buttonClass('primary'),
  close: buttonClass('secondary', 'alr-close'),
};

/**
 * Saving a search and its outcomes (search-results spec §4 Save search, page-furniture §4
 * Email-alert prompt): the 'alerts:save-search' intent (the 'Save Search' button of the filter
 * panel's 'Your Search' card, or any remote) runs the flow: the inline email form, sign-in first,
 * or the save; this region shows the form, the messages and the signed-in shopper's saved
 * searches, and keeps the bus savedSearch slice (the button follows its status).
 */
export function AlertsApp() {
  const bus = useBus();
  const query = useShared((s) => s.search.query);
  const defaultSort = useShared((s) => s.search.defaultSort);
  const flags = useShared((s) => s.brand.flags);
  const signedIn = useShared((s) => s.session.signedIn);
  const titles = useShared((s) => s.savedSearch.titles);
  const subscribedEmail = useShared((s) => s.savedSearch.subscribedEmail);
  // Opened by the shopper (a Save Search click, an intent with an address, or typing into the prompt).
  const [formShowing, setFormShowing] = useState(false);
  // The session value 'emailSubscribe': the first-load state's (its session cookie) on the server
  // and while hydrating, so both renders match; session storage, else that, in the browser.
  const firstValue = useShared((s) => s.session.emailSubscribe ?? null);
  const sessionValue = useSyncExternalStore(
    onEmailSubscribeChange,
    () => emailSubscribeValue() ?? firstValue,
    () => firstValue,
  );
  const [message, setMessage] = useState<Message | null>(null);
  // The signed-in list could not be read: it says so (never shown as none).
  const [titlesUnavailable, setTitlesUnavailable] = useState(false);
  const [listTexts, setListTexts] = useState<{ disclaimer: string | null; instructions: string | null } | null>(null);
  const count = useShared((s) => s.savedSearch.count);
  const brandName = useShared((s) => s.brand.brand);
  const saveFlow = useSaveFlow(setMessage);
  const subscribeFlow = useEmailSubscribe(setMessage);
  // What had focus when the form was asked for (the button that asked): focus goes back to it.
  const opener = useRef<HTMLElement | null>(null);
  const dangerId = useId();
  const key = saveKey(query, defaultSort);

  // The email-alert prompt shows by itself under the spec's conditions; a prompt that shows by
  // itself does not take focus.
  const prompted = emailPromptShows({
    signedIn,
    savedSearchTitles: titles.length,
    requestValues: key,
    recentlySubscribed: subscribedEmail !== null,
    subscribeAlerts: flags.subscribeAlerts,
    emailAlertPrompt: flags.emailAlertPrompt,
    sessionValue,
  });
  // A prompt once shown stays on this page (it then says 'Subscribed!' for an address subscribed
  // here or in the capture after the results, rather than disappearing).
  const [wasPrompted, setWasPrompted] = useState(false);
  if (prompted && !wasPrompted) setWasPrompted(true);
  const showing = formShowing || prompted || wasPrompted;

  function request(q: SearchQuery, email?: string) {
    const { session, savedSearch, brand } = bus.getState();
    if (!brand.flags.saveSearch) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // An intent that brings an address subscribes it straight away (logged-out users only).
    if (email && !session.signedIn && brand.flags.subscribeAlerts) {
      setFormShowing(true);
      subscribeFlow.setEmailValue(email);
      void subscribeFlow.submit('', q, email);
      return;
    }
    const action = saveSearchAction({
      signedIn: session.signedIn,
      subscribed: savedSearch.subscribedEmail !== null,
      formShowing: showing,
      subscribeAlerts: brand.flags.subscribeAlerts,
    });
    if (action === 'show-form') setFormShowing(true);
    else if (action === 'sign-in') {
      // Saving triggers login first: the click goes to the sign-in path (sign-up screen first),
      // and back from it, this search is saved (the return URL's paging is reset; pending-save.ts).
      const returnUrl = pagingResetUrl(window.location.pathname, q, bus.getState().search.defaultSort);
      const href = createAccountUrl(returnUrl, bus.getState().session.signInPath);
      const remember = () => rememberPendingSave(saveKey(q, bus.getState().search.defaultSort));
      remember();
      // Said while the sign-in page loads, and a link should leaving the page be refused.
      setMessage({ tone: 'info', text: TEXT.signInToSave, link: { href, label: TEXT.signIn, onFollow: remember } });
      navigate(href);
    } else void saveFlow.run(q);
  }

  useSubscribe('alerts:save-search', ({ query: q, email }) => request(q, email));

  // A new search starts fresh: no old outcome message, and the bus savedSearch status back to
  // idle (the form's button reads 'Subscribe' again by itself: it says 'Subscribed!' for the
  // search subscribed). bus never changes identity, so this runs when the search key changes.
  const firstKey = useRef(key);
  useEffect(() => {
    if (key === firstKey.current) return;
    firstKey.current = key;
    setMessage(null);
    const { status } = bus.getState().savedSearch;
    if (status !== 'idle' && status !== 'saving') bus.update('savedSearch', { status: 'idle', message: null });
  }, [key, bus]);

  // Signed in: the saved-search titles, then a save the shopper asked for before signing in.
  const saveRun = saveFlow.run;
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void savedSearchTitles().then((list) => {
      if (!live) return;
      setTitlesUnavailable(!list);
      if (list) {
        setListTexts({ disclaimer: list.disclaimer, instructions: list.instructions });
        bus.update('savedSearch', { titles: list.titles, count: list.count });
      }
    });
    const { search } = bus.getState();
    if (takePendingSave(true, saveKey(search.query, search.defaultSort))) void saveRun(search.query);
    return () => {
      live = false;
    };
    // Once per sign-in state: saveRun's identity changes with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, bus]);

  if (!flags.saveSearch && !showing && !signedIn) return null;
  const closeForm = () => {
    closeEmailSubscribe();
    setFormShowing(false);
    setWasPrompted(false);
    if (opener.current?.isConnected) opener.current.focus();
  };

  return (
    <div className="alr-root">
      {showing && (
        <EmailSubscribeForm
          flow={subscribeFlow}
          heading={TEXT.formHeading}
          closeLabel={TEXT.close}
          classes={FORM_CLASSES}
          messageId={dangerId}
          onSubmit={(textPot) => {
            // Sent from the prompt: the form stays (with 'Subscribed!') once the address is subscribed.
            setFormShowing(true);
            void subscribeFlow.submit(textPot, query);
          }}
          onClose={closeForm}
          focusOnOpen={!(prompted || wasPrompted) || formShowing}
        />
      )}
      <AlertMessages message={message} dangerId={dangerId} />
      {signedIn && (
        <SavedSearchTitles
          titles={titles}
          unavailable={titlesUnavailable && titles.length === 0}
          texts={listTexts}
          // The valuation brand shows the count a save raises (saved-search-state.ts).
          count={countsSavedSearches(brandName) ? count : null}
        />
      )}
      {/* Signed in: the saved-search titles and a save asked for before signing in need the code at once. */}
      {signedIn && <WantedNow />}
      <StillInterested />
      <NotificationPrompt />
    </div>
  );
}
