/**
 * Input a shopper gave a server-rendered region before its code hydrated it: text typed into a
 * field, an option chosen, a box ticked. The browser kept it in the page, but React's state still
 * holds the server's values, so it would be lost (or overwritten at the next render). The controls
 * whose state differs from the server's are read as the hydration starts; once it has committed,
 * each is set back to the region's state through React's own value tracking, then given the
 * shopper's value as the browser would, with the event React listens for (and, for a text field
 * the shopper has left, the leaving): the region's handlers see the input as if it came now.
 */

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const CLICKED = new Set(['checkbox', 'radio']);
/** Inputs that hold no value the shopper types. */
const NOT_TYPED = new Set(['hidden', 'submit', 'button', 'reset', 'file', 'image']);

/** Sets the value through the element's prototype, past the value tracker React installs on the element. */
function setNativeValue(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  let proto: object | null = Object.getPrototypeOf(el);
  while (proto) {
    const desc = Object.getOwnPropertyDescriptor(proto, 'value');
    if (desc?.set) return desc.set.call(el, value);
    proto = Object.getPrototypeOf(proto);
  }
}

export type EarlyInput =
  | { el: HTMLSelectElement; kind: 'chosen'; value: string[] }
  | { el: HTMLInputElement; kind: 'ticked'; checked: boolean }
  | { el: HTMLInputElement | HTMLTextAreaElement; kind: 'typed'; value: string };

/**
 * The controls of `root` whose state the shopper changed from the server's, read just before the
 * hydration starts (input during it reaches React as events; the region's first renders may set
 * the controls back to its state before it commits).
 */
export function earlyInput(root: HTMLElement): EarlyInput[] {
  const found: EarlyInput[] = [];
  for (const el of root.querySelectorAll<Control>('input, textarea, select')) {
    if (el.disabled) continue;
    if (el instanceof HTMLSelectElement) {
      if ([...el.options].some((o) => o.selected !== o.defaultSelected)) {
        found.push({ el, kind: 'chosen', value: [...el.selectedOptions].map((o) => o.value) });
      }
    } else if (el instanceof HTMLInputElement && CLICKED.has(el.type)) {
      // A radio group is replayed through the radio chosen, not the one the choice unticked.
      if (el.checked !== el.defaultChecked && (el.type !== 'radio' || el.checked)) found.push({ el, kind: 'ticked', checked: el.checked });
    } else if (!(el instanceof HTMLInputElement && NOT_TYPED.has(el.type)) && el.value !== el.defaultValue) {
      found.push({ el, kind: 'typed', value: el.value });
    }
  }
  return found;
}

/** Hands the region's handlers, once it has hydrated, what was typed, chosen or ticked before. */
export function replayEarlyInput(found: readonly EarlyInput[]): void {
  for (const e of found) {
    if (!e.el.isConnected) continue;
    if (e.kind === 'chosen') {
      for (const o of e.el.options) o.selected = e.value.includes(o.value);
      e.el.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (e.kind === 'ticked') {
      // Unticked as React knows it, then the shopper's click again.
      e.el.checked = !e.checked;
      e.el.click();
    } else {
      e.el.value = e.el.defaultValue;
      setNativeValue(e.el, e.value);
      e.el.dispatchEvent(new Event('input', { bubbles: true }));
      // The shopper already left the field: the region's leave handler (React's onBlur) sees it too.
      if (e.el.ownerDocument.activeElement !== e.el) e.el.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    }
  }
}
