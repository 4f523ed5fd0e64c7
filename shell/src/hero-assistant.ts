/**
 * The shopping assistant with suggested actions (page-furniture §2 "shopping assistant with
 * suggested actions", §9 "Suggested-action modal delay 500 ms").
 *
 * designed: the hero's 'Shopping assistant' button opens, 500 ms after the click, a dialog of
 * suggested actions for the search; an action applies as any filter change does ('filters:changed'
 * on the bus with paging reset; the shell's search controller runs the search). The dialog's code
 * (React and the page's shared dialog) loads on the first click, during the delay, so the shell's
 * first-load script stays small. The button is server-rendered (hero-parts.ts): nothing shifts.
 */
import {
  HERO_TEXTS,
  SUGGESTED_ACTIONS,
  SUGGESTED_ACTION_DELAY_MS,
  SUGGESTED_ACTION_QUERY,
  type Bus,
  type SearchQuery,
  type SuggestedActionId,
} from '@cfs/contracts';
import { resetPaging } from '@cfs/search-query';
import { HERO_SOURCE } from './hero-location';

export interface SuggestedAction {
  id: SuggestedActionId;
  label: string;
}

const sameList = (a: readonly string[] | undefined, b: readonly string[]) =>
  !!a && a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

/** designed: an action already in force for the search is not suggested again. */
function inForce(id: SuggestedActionId, query: SearchQuery): boolean {
  const change = SUGGESTED_ACTION_QUERY[id];
  if (id === 'location') return Boolean(query.zip);
  if (!change) return false;
  return Object.entries(change).every(([k, v]) => {
    const now = query[k as keyof SearchQuery];
    return Array.isArray(v) ? sameList(now as string[] | undefined, v) : now === v;
  });
}

/** The suggested actions for a search, in the contracts' order. */
export function suggestedActions(query: SearchQuery): SuggestedAction[] {
  return SUGGESTED_ACTIONS.filter((a) => !inForce(a.id, query)).map((a) => ({ id: a.id, label: a.label }));
}

/** The search an action leads to (paging reset), or null for an action on the page ('Set your location'). */
export function suggestedActionQuery(id: SuggestedActionId, query: SearchQuery): SearchQuery | null {
  const change = SUGGESTED_ACTION_QUERY[id];
  return change ? resetPaging({ ...query, ...change }) : null;
}

/** What the dialog module offers (hero/assistant-dialog.tsx). */
export interface AssistantDialogModule {
  openAssistantDialog(opts: {
    doc: Document;
    actions: SuggestedAction[];
    onAction: (id: SuggestedActionId) => void;
    onClose: () => void;
  }): () => void;
}

export interface AssistantOptions {
  delayMs?: number;
  load?: () => Promise<AssistantDialogModule>;
}

/** Browser behaviour of the assistant's button. Returns a function that removes it. */
export function bindAssistant(bus: Bus, doc: Document = document, opts: AssistantOptions = {}): () => void {
  const button = doc.getElementById('cfs-assistant') as HTMLButtonElement | null;
  if (!button) return () => undefined;
  const delayMs = opts.delayMs ?? SUGGESTED_ACTION_DELAY_MS;
  const load = opts.load ?? (() => import(/* webpackChunkName: "hero-assistant" */ './hero/assistant-dialog'));
  const view = doc.defaultView ?? globalThis;
  let state: 'closed' | 'opening' | 'open' = 'closed';
  let close: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const busy = (on: boolean) => {
    if (on) {
      button.setAttribute('aria-busy', 'true');
      button.setAttribute('aria-description', HERO_TEXTS.assistantLoading);
    } else {
      button.removeAttribute('aria-busy');
      button.removeAttribute('aria-description');
    }
  };

  const done = () => {
    close?.();
    close = null;
    state = 'closed';
  };

  const onAction = (id: SuggestedActionId) => {
    const { query } = bus.getState().search;
    const next = suggestedActionQuery(id, query);
    done();
    if (next) bus.publish('filters:changed', { query: next, source: HERO_SOURCE });
    else doc.getElementById('cfs-zip')?.focus();
  };

  const onClick = () => {
    if (state !== 'closed') return;
    state = 'opening';
    busy(true);
    const delay = new Promise<void>((resolve) => {
      timer = view.setTimeout(resolve, delayMs);
    });
    Promise.all([load(), delay])
      .then(([mod]) => {
        busy(false);
        if (state !== 'opening') return;
        state = 'open';
        close = mod.openAssistantDialog({
          doc,
          actions: suggestedActions(bus.getState().search.query),
          onAction,
          onClose: done,
        });
      })
      .catch((err: unknown) => {
        busy(false);
        state = 'closed';
        console.error('[shell] the shopping assistant failed to load', err);
      });
  };

  button.addEventListener('click', onClick);
  return () => {
    button.removeEventListener('click', onClick);
    if (timer !== undefined) view.clearTimeout(timer);
    state = 'closed';
    close?.();
    close = null;
  };
}
