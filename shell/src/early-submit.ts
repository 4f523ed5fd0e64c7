/**
 * A form sent, or a button pressed, before the shell started. The page's start script
 * (page-start.ts) runs long before the shell's own scripts; a region's form sent in between would
 * be sent by the browser itself (a reload of the page, the region's handlers never seeing it),
 * and a region's button pressed in between would do nothing at all ('See More Results', a card's
 * save: a server-rendered button has no handler yet). The start script holds the form and marks
 * it, and marks the button (a button of type 'button' has nothing the browser would do); the
 * shell, as it registers the region, takes them and sends or presses them again once the region
 * has hydrated (hydration-triggers.ts), as it does for those of a region hydrating.
 */

/** Marks a form the start script held. */
export const HELD_SUBMIT_ATTR = 'data-cfs-held-submit';
/** Marks a button the start script saw pressed. */
export const HELD_PRESS_ATTR = 'data-cfs-held-press';
/** Set on <html> by the shell once its regions hold their own input: the start script then holds nothing. */
export const SHELL_HOLDS_ATTR = 'data-cfs-holds-input';

/**
 * How long a held form waits for the shell: a shell that never starts (its script failed) must not
 * keep the shopper's form from being sent; the browser then sends it, as it would have at once.
 */
export const HOLD_AT_MOST_MS = 10_000;

/** The button of type 'button' a click pressed (its handler is all it does), or null. */
export function pressedButton(e: Event): HTMLButtonElement | null {
  const button = (e.target as Element | null)?.closest?.('button');
  return button instanceof HTMLButtonElement && button.type === 'button' ? button : null;
}

/** Holds every form sent and button pressed inside a region until the shell says it holds them itself. */
export function holdEarlyInput(doc: Document = document, win: Pick<Window, 'setTimeout'> = window): void {
  doc.addEventListener(
    'click',
    (e) => {
      if (doc.documentElement.hasAttribute(SHELL_HOLDS_ATTR)) return;
      const button = pressedButton(e);
      if (!button?.closest('[data-boundary]')) return;
      // Pressed twice before the shell started: pressed once after (one mark).
      button.setAttribute(HELD_PRESS_ATTR, '');
    },
    true,
  );
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

/**
 * The forms of `el` the page's start script held (sent before the shell started) and the buttons
 * it saw pressed, in document order, no longer marked.
 */
export function takeHeldInput(el: HTMLElement): (HTMLFormElement | HTMLButtonElement)[] {
  const held = [...el.querySelectorAll<HTMLFormElement | HTMLButtonElement>(`form[${HELD_SUBMIT_ATTR}], button[${HELD_PRESS_ATTR}]`)];
  for (const h of held) h.removeAttribute(h instanceof HTMLFormElement ? HELD_SUBMIT_ATTR : HELD_PRESS_ATTR);
  return held;
}
