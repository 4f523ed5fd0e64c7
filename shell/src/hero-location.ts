/**
 * The hero's location editor (page-furniture §2 "Hero: … location editor", §5 "ZIP: exactly 5
 * characters and must pass a server check, else 'Enter a valid ZIP Code'. In the location editor
 * it applies only once 5 characters are entered and the lookup reports success; submit is blocked
 * while a ZIP error exists.").
 *
 * The server renders the form as HTML (heroLocationHtml, no browser API); in the browser
 * bindHeroLocation adds the behaviour. A ZIP applies as any filter change does: 'filters:changed'
 * on the bus with paging reset, and the shell's search controller runs the search.
 */
import { BUTTON_CLASSES, MESSAGES, type Bus, type SearchQuery } from '@cfs/contracts';
import { checkZip } from '@cfs/remote-kit/dom';
import { validZip } from '@cfs/search-query';
import { escapeHtml as esc } from './escape';

export const HERO_SOURCE = 'shell:hero';

/**
 * The editor's HTML. Before the shell's script runs it is a plain GET form carrying the other
 * search values (the gateway validates the ZIP like any URL value); afterwards the script takes
 * over its submit.
 */
export function heroLocationHtml(query: SearchQuery): string {
  const hidden = Object.entries(query)
    .filter(([k, v]) => k !== 'zip' && k !== 'firstRecord' && v !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(Array.isArray(v) ? v.join(',') : String(v))}">`)
    .join('');
  return `<form class="cfs-location" id="cfs-location" method="get" aria-label="Search location" novalidate>
<label class="cfs-location-label" for="cfs-zip">ZIP Code</label>
<input class="cfs-location-input" id="cfs-zip" name="zip" type="text" inputmode="numeric" autocomplete="postal-code" maxlength="5" value="${esc(query.zip ?? '')}">${hidden}
<button class="${BUTTON_CLASSES.base} ${BUTTON_CLASSES.primary} cfs-location-submit" type="submit">Update Location</button>
<p class="cfs-location-error" id="cfs-zip-error" role="alert"></p>
</form>`;
}

export interface LocationOptions {
  /** The server check; true when the ZIP is known. */
  check?: (zip: string, signal: AbortSignal) => Promise<boolean>;
}

/** Browser behaviour of the editor. Returns a function that removes it. */
export function bindHeroLocation(bus: Bus, doc: Document = document, opts: LocationOptions = {}): () => void {
  const form = doc.getElementById('cfs-location') as HTMLFormElement | null;
  const input = doc.getElementById('cfs-zip') as HTMLInputElement | null;
  const message = doc.getElementById('cfs-zip-error');
  if (!form || !input || !message) return () => undefined;
  const check = opts.check ?? checkZip;
  let pending: AbortController | null = null;
  /** The ZIP whose lookup succeeded, for the current text; null while unknown. */
  let known: string | null = null;
  let error = false;

  const showError = (on: boolean) => {
    error = on;
    message.textContent = on ? MESSAGES.invalidZip : '';
    if (on) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', message.id);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  };

  const apply = (zip: string) => {
    const { query } = bus.getState().search;
    // Designed: the searched ZIP again is not a change.
    if (query.zip === zip) return;
    bus.publish('filters:changed', { query: { ...query, zip }, source: HERO_SOURCE });
  };

  /** Looks the ZIP up; applies it when it is known, shows the error when not. */
  const lookUp = async (zip: string) => {
    pending?.abort();
    const ctrl = new AbortController();
    pending = ctrl;
    const ok = validZip(zip) && (await check(zip, ctrl.signal));
    if (ctrl.signal.aborted) return;
    pending = null;
    if (!ok) {
      showError(true);
      return;
    }
    known = zip;
    showError(false);
    apply(zip);
  };

  const onInput = () => {
    const zip = input.value.trim();
    known = null;
    pending?.abort();
    pending = null;
    // Designed: editing removes the error; it stands again if the new text is refused.
    if (error) showError(false);
    if (zip.length === 5) void lookUp(zip);
  };

  const onSubmit = (e: Event) => {
    e.preventDefault();
    // Submit is blocked while a ZIP error stands (the shopper edits the ZIP first).
    if (error) {
      input.focus();
      return;
    }
    const zip = input.value.trim();
    if (known === zip) return apply(zip);
    if (pending) return; // its lookup applies or refuses it
    if (zip.length !== 5) {
      showError(true);
      input.focus();
      return;
    }
    void lookUp(zip);
  };

  // The searched ZIP changed elsewhere (the panel, a chip, Back): show it, unless the shopper is typing.
  const offBus = bus.subscribe((s, prev) => {
    if (s.search.query.zip === prev.search.query.zip) return;
    if (doc.activeElement === input && input.value.trim() !== (s.search.query.zip ?? '')) return;
    input.value = s.search.query.zip ?? '';
    known = s.search.query.zip ?? null;
    if (error) showError(false);
  });

  input.addEventListener('input', onInput);
  form.addEventListener('submit', onSubmit);
  return () => {
    pending?.abort();
    offBus();
    input.removeEventListener('input', onInput);
    form.removeEventListener('submit', onSubmit);
  };
}
