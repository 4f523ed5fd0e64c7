import { useId, useState, useSyncExternalStore } from 'react';
import { MESSAGES, type SearchSlice } from '@cfs/contracts';
import { WantedNow } from '@cfs/remote-kit';
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
 * The model-name clarification in the panel: "Did you mean the {make model}?" with Yes, No and
 * "Don't show me this again". Shown inline as a labelled group rather than a modal (it appears by
 * itself; a modal would take focus unasked). Its question text is designed.
 */
export function ModelClarification({ search }: { search: SearchSlice }) {
  const apply = useApplyChange();
  const headingId = useId();
  const cookie = useSyncExternalStore(subscribe, readCookie, () => SERVER);
  // Dismissed with 'No', for this search's suggestion.
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (cookie === SERVER) return modelClarification(search.query, search.result, []) ? <WantedNow /> : null;
  const suggestion = modelClarification(search.query, search.result, turnedOffModels(cookie));
  if (!suggestion) return null;
  const key = `${suggestion.makeCode}|${suggestion.modelCodes.join(',')}|${search.query.keywordPhrases ?? ''}`;
  if (dismissed === key) return null;
  const name = `${suggestion.makeName} ${suggestion.modelName}`;

  const turnOff = () => {
    document.cookie = turnOffCookie(document.cookie, suggestion.modelCodes);
    for (const l of [...listeners]) l();
  };

  return (
    <section className="flt-card flt-clarify" aria-labelledby={headingId}>
      <h3 id={headingId} className="flt-card-subheading">
        {`Did you mean the ${name}?`}
      </h3>
      <div className="flt-pill-row">
        <button type="button" className="flt-pill" onClick={() => apply((q) => withSuggestedModel(q, suggestion))}>
          {MESSAGES.clarificationYes}
        </button>
        <button type="button" className="flt-pill" onClick={() => setDismissed(key)}>
          {MESSAGES.clarificationNo}
        </button>
        <button type="button" className="flt-pill" onClick={turnOff}>
          {MESSAGES.clarificationNeverAgain}
        </button>
      </div>
    </section>
  );
}
