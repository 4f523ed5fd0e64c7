import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { MESSAGES, type SearchSlice } from '@cfs/contracts';
import { ModalDialog, useShared, WantedNow } from '@cfs/remote-kit';
import { modelClarification, turnedOffModels, turnOffCookie, withSuggestedModel } from '../rules/model-clarification';
import { useApplyChange } from '../hooks/use-apply-change';

const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
const readCookie = () => document.cookie;
/**
 * The server render does not know the cookie: the clarification waits for the browser, which then
 * loads the panel's code at once when there may be one to ask (WantedNow).
 */
const SERVER = '\u0000server';

/**
 * The model-name clarification (page-furniture §2 Modals): a modal dialog "Did you mean the {make
 * model}?" with Yes, No and "Don't show me this again", opened by itself when the search has a
 * model to suggest (rules/model-clarification.ts) and no other modal of the page is open. Focus
 * starts on 'Yes'; Escape or 'No' dismisses it for this search. It is placed at the end of the
 * body (in this remote's CSS scope): the panel may sit in a closed filter sheet on a small screen.
 * Its question text is designed.
 */
export function ModelClarification({ search }: { search: SearchSlice }) {
  const apply = useApplyChange();
  const headingId = useId();
  const yesRef = useRef<HTMLButtonElement>(null);
  const otherModal = useShared((s) => s.modal.open);
  const cookie = useSyncExternalStore(subscribe, readCookie, () => SERVER);
  // Answered ('No', Escape or 'Yes'), for this search's suggestion.
  const [answered, setAnswered] = useState<string | null>(null);
  if (cookie === SERVER) return modelClarification(search.query, search.result, []) ? <WantedNow /> : null;
  const suggestion = modelClarification(search.query, search.result, turnedOffModels(cookie));
  if (!suggestion) return null;
  const key = `${suggestion.makeCode}|${suggestion.modelCodes.join(',')}|${search.query.keywordPhrases ?? ''}|${(search.query.modelCode ?? []).join(',')}`;
  if (answered === key || otherModal) return null;
  const name = `${suggestion.makeName} ${suggestion.modelName}`;

  const turnOff = () => {
    document.cookie = turnOffCookie(document.cookie, suggestion.modelCodes);
    for (const l of [...listeners]) l();
  };
  const yes = () => {
    setAnswered(key);
    apply((q) => withSuggestedModel(q, suggestion));
  };

  return createPortal(
    <div data-boundary="mf-filters">
      <ModalDialog className="flt-clarify-dialog" labelledBy={headingId} onClose={() => setAnswered(key)} initialFocus={yesRef}>
        <h2 id={headingId} className="flt-sheet-heading">
          {`Did you mean the ${name}?`}
        </h2>
        <div className="flt-pill-row">
          <button type="button" ref={yesRef} className="flt-pill" onClick={yes}>
            {MESSAGES.clarificationYes}
          </button>
          <button type="button" className="flt-pill" onClick={() => setAnswered(key)}>
            {MESSAGES.clarificationNo}
          </button>
          <button type="button" className="flt-pill" onClick={turnOff}>
            {MESSAGES.clarificationNeverAgain}
          </button>
        </div>
      </ModalDialog>
    </div>,
    document.body,
  );
}
