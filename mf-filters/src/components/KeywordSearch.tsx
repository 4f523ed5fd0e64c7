import { useId, useRef, useState, type FormEvent } from 'react';
import { ModalDialog, useShared, Button } from '@cfs/remote-kit';
import { KEYWORD_MAX_LENGTH, cleanKeyword, withKeyword } from '../rules/keyword';
import { useApplyChange } from '../hooks/use-apply-change';
import { CloseIcon } from './CloseIcon';

const TITLE = 'Keyword Search';

/**
 * Keyword search (flag `keywordSearch`): a trigger, and a modal <dialog> labelled 'Keyword
 * Search'. Focus moves into its field when it opens and back to the trigger when it closes;
 * Escape and 'Close Keyword Search' close it. 'Search' applies the phrase (an empty one removes
 * the keyword) with paging reset and closes the dialog.
 */
export function KeywordSearch() {
  const enabled = useShared((s) => s.brand.flags.keywordSearch);
  const keyword = useShared((s) => s.search.query.keywordPhrases);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  if (!enabled) return null;
  return (
    <div className="flt-keyword">
      <Button ref={trigger} className="flt-keyword-trigger" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {TITLE}
      </Button>
      {keyword && <p className="flt-keyword-current">Keyword: {keyword}</p>}
      {open && (
        <KeywordDialog
          keyword={keyword ?? ''}
          onClose={() => {
            setOpen(false);
            trigger.current?.focus();
          }}
        />
      )}
    </div>
  );
}

function KeywordDialog({ keyword, onClose }: { keyword: string; onClose: () => void }) {
  const apply = useApplyChange();
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  const [text, setText] = useState(keyword);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (cleanKeyword(text) !== keyword && !apply((q) => withKeyword(q, text))) return;
    onClose();
  }

  return (
    <ModalDialog className="flt-keyword-dialog" labelledBy={titleId} onClose={onClose} initialFocus={input}>
      <div className="flt-sheet-head">
        <h2 id={titleId} className="flt-sheet-heading">
          {TITLE}
        </h2>
        <Button className="flt-close" aria-label={`Close ${TITLE}`} onClick={onClose}>
          <CloseIcon />
        </Button>
      </div>
      <form className="flt-keyword-form" onSubmit={submit}>
        <label htmlFor={inputId} className="flt-label">
          Keyword
        </label>
        <input
          ref={input}
          id={inputId}
          className="flt-input"
          type="search"
          maxLength={KEYWORD_MAX_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" variant="primary" className="flt-wide">
          Search
        </Button>
      </form>
    </ModalDialog>
  );
}
