/**
 * The page's one script: about a kilobyte (half that compressed), built apart from the shell (no
 * Module Federation runtime in it). The page paints from its server HTML before any of the
 * shell's work, so the shell's own scripts wait in the page, inert in a <template>, and this adds
 * them once the page has loaded and painted, or at the shopper's first touch, key or focus if
 * that comes sooner. The regions' code is asked for at that moment too (code-hints.ts). The entry
 * is start.ts.
 *
 * Had the page named the shell's script itself, the browser would run it (the runtime's set-up)
 * as soon as the document was parsed, often before the lead image was painted.
 */
import { fetchRegionCode } from './code-hints';
import { holdEarlyInput } from './early-submit';
import { takeInert } from './inert';
// The kit's one module, by its own path: this script is built apart and bundles what it imports.
import { afterNextPaint } from '@cfs/remote-kit/dom/paint';

export const SHELL_SCRIPTS_ID = 'cfs-shell-scripts';

const EARLY_INPUT = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Resolves once the page has loaded and the frame after it is painted (an animation frame, then
 * a task; a hidden page paints nothing, so there only the task), or at once on the first input.
 */
export function whenToStart(win: Window = window): Promise<void> {
  return new Promise((resolve) => {
    const start = () => {
      win.removeEventListener('load', afterPaint);
      for (const type of EARLY_INPUT) win.removeEventListener(type, start, true);
      resolve();
    };
    const afterPaint = () => afterNextPaint(start, win);
    for (const type of EARLY_INPUT) win.addEventListener(type, start, { once: true, capture: true, passive: true });
    if (win.document.readyState === 'complete') afterPaint();
    else win.addEventListener('load', afterPaint, { once: true });
  });
}

/** Adds the page's inert shell scripts to the document, in order, once; returns how many. */
export function addShellScripts(doc: Document = document): number {
  const scripts = takeInert(doc, SHELL_SCRIPTS_ID, 'script');
  for (const inert of scripts) {
    // A script made by the parser inside a template never runs, even moved: a new element does.
    const script = doc.createElement('script');
    for (const { name, value } of inert.attributes) script.setAttribute(name, value);
    script.async = false;
    doc.body.appendChild(script);
  }
  return scripts.length;
}

export function start(win: Window = window): Promise<void> {
  holdEarlyInput(win.document, win);
  return whenToStart(win).then(() => {
    addShellScripts(win.document);
    fetchRegionCode(win.document);
  });
}
