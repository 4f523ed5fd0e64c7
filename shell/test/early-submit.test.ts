import { HELD_SUBMIT_ATTR, HOLD_AT_MOST_MS, SHELL_HOLDS_ATTR, holdEarlySubmits, takeHeldSubmits } from '../src/early-submit';

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
  // One listener for the file: the start script installs it once per page. Its timers are the test's.
  const timers: (() => void)[] = [];
  beforeAll(() => holdEarlySubmits(document, { setTimeout: ((fn: () => void) => timers.push(fn)) as unknown as Window['setTimeout'] }));
  beforeEach(() => timers.splice(0));
  const sentByBrowser = () => jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);

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

  it('a shell that never takes a held form leaves it to the browser, after a while', () => {
    const submit = sentByBrowser();
    const { inRegion } = page();
    send(inRegion);
    expect(submit).not.toHaveBeenCalled();
    expect(HOLD_AT_MOST_MS).toBeGreaterThanOrEqual(5000);
    timers.forEach((fn) => fn());
    expect(submit).toHaveBeenCalledTimes(1);
    expect(inRegion.hasAttribute(HELD_SUBMIT_ATTR)).toBe(false);
    submit.mockRestore();
  });

  it('a form the shell took is not sent by the browser later', () => {
    const submit = sentByBrowser();
    const { region, inRegion } = page();
    send(inRegion);
    takeHeldSubmits(region);
    timers.forEach((fn) => fn());
    expect(submit).not.toHaveBeenCalled();
    submit.mockRestore();
  });

  it('holds nothing once the shell holds its regions’ input', () => {
    const { inRegion } = page();
    document.documentElement.setAttribute(SHELL_HOLDS_ATTR, '');
    expect(send(inRegion)).toBe(true);
    expect(inRegion.hasAttribute(HELD_SUBMIT_ATTR)).toBe(false);
  });
});
