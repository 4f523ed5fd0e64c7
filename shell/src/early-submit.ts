/**
 * A form sent before the shell started. The page's start script (page-start.ts) runs long before
 * the shell's own scripts; a region's form sent in between would be sent by the browser itself (a
 * reload of the page, the region's handlers never seeing it). The start script holds it and marks
 * it; the shell, as it registers the region, takes it and sends it again once the region has
 * hydrated (hydration-triggers.ts), as it does for a form sent while the region hydrates.
 */

/** Marks a form the start script held. */
export const HELD_SUBMIT_ATTR = 'data-cfs-held-submit';
/** Set on <html> by the shell once its regions hold their own input: the start script then holds nothing. */
export const SHELL_HOLDS_ATTR = 'data-cfs-holds-input';

/**
 * How long a held form waits for the shell: a shell that never starts (its script failed) must not
 * keep the shopper's form from being sent; the browser then sends it, as it would have at once.
 */
export const HOLD_AT_MOST_MS = 10_000;

/** Holds every form sent inside a region until the shell says it holds them itself. */
export function holdEarlySubmits(doc: Document = document, win: Pick<Window, 'setTimeout'> = window): void {
  doc.addEventListener(
    'submit',
    (e) => {
      const form = e.target;
      if (doc.documentElement.hasAttribute(SHELL_HOLDS_ATTR) || !(form instanceof HTMLFormElement)) return;
      if (!form.closest('[data-boundary]')) return;
      e.preventDefault();
      form.setAttribute(HELD_SUBMIT_ATTR, '');
      win.setTimeout(() => {
        // Still held, and no shell took it: sent as the browser would have (no submit event, so not held again).
        if (!form.hasAttribute(HELD_SUBMIT_ATTR) || doc.documentElement.hasAttribute(SHELL_HOLDS_ATTR)) return;
        form.removeAttribute(HELD_SUBMIT_ATTR);
        form.submit();
      }, HOLD_AT_MOST_MS);
    },
    true,
  );
}

/** The forms of `el` the page's start script held (sent before the shell started), no longer marked. */
export function takeHeldSubmits(el: HTMLElement): HTMLFormElement[] {
  const forms = [...el.querySelectorAll<HTMLFormElement>(`form[${HELD_SUBMIT_ATTR}]`)];
  for (const f of forms) f.removeAttribute(HELD_SUBMIT_ATTR);
  return forms;
}
