import { HELD_SUBMIT_ATTR, SHELL_HOLDS_ATTR, holdEarlySubmits, takeHeldSubmits } from '../src/early-submit';

/** A region with a form, and a form of the page outside any region. */
function page() {
  document.documentElement.removeAttribute(SHELL_HOLDS_ATTR);
  document.body.innerHTML = `
    <div id="region-alerts"><div data-boundary="mf-alerts"><form aria-label="Alerts"><input name="email"><button>Subscribe</button></form></div></div>
    <form aria-label="Page"><button>Try again</button></form>`;
  const [inRegion, ofPage] = [...document.querySelectorAll('form')];
  return { region: document.getElementById('region-alerts')!, inRegion, ofPage };
}

/** Sends a form as the browser does, and says whether the browser would go on to send it itself. */
function send(form: HTMLFormElement): boolean {
  return form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}

describe('forms sent before the shell started', () => {
  // One listener for the file: the start script installs it once per page.
  beforeAll(() => holdEarlySubmits(document));

  it("holds a region's form (the browser does not send it) and marks it; the shell takes it once", () => {
    const { region, inRegion } = page();
    expect(send(inRegion)).toBe(false);
    expect(inRegion.hasAttribute(HELD_SUBMIT_ATTR)).toBe(true);
    expect(takeHeldSubmits(region)).toEqual([inRegion]);
    expect(inRegion.hasAttribute(HELD_SUBMIT_ATTR)).toBe(false);
    expect(takeHeldSubmits(region)).toEqual([]);
  });

  it("leaves the page's own forms (outside any region) to the browser", () => {
    const { ofPage } = page();
    expect(send(ofPage)).toBe(true);
    expect(ofPage.hasAttribute(HELD_SUBMIT_ATTR)).toBe(false);
  });

  it('holds nothing once the shell holds its regions’ input', () => {
    const { inRegion } = page();
    document.documentElement.setAttribute(SHELL_HOLDS_ATTR, '');
    expect(send(inRegion)).toBe(true);
    expect(inRegion.hasAttribute(HELD_SUBMIT_ATTR)).toBe(false);
  });
});
