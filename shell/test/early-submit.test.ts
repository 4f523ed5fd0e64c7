import { HELD_PRESS_ATTR, HELD_SUBMIT_ATTR, HOLD_AT_MOST_MS, SHELL_HOLDS_ATTR, holdEarlyInput, takeHeldInput } from '../src/early-submit';

/** A region with a form, and a form of the page outside any region. */
function page() {
  document.documentElement.removeAttribute(SHELL_HOLDS_ATTR);
  document.body.innerHTML = `
    <div id="region-alerts"><div data-boundary="mf-alerts"><form aria-label="Alerts"><input name="email"><button>Subscribe</button></form>
      <button type="button">See More Results</button><button type="button">Save</button></div></div>
    <form aria-label="Page"><button>Try again</button></form><button type="button">Menu</button>`;
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
  beforeAll(() => holdEarlyInput(document, { setTimeout: ((fn: () => void) => timers.push(fn)) as unknown as Window['setTimeout'] }));
  beforeEach(() => timers.splice(0));
  const sentByBrowser = () => jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);

  it("holds a region's form (the browser does not send it) and marks it; the shell takes it once", () => {
    const { region, inRegion } = page();
    expect(send(inRegion)).toBe(false);
    expect(inRegion.hasAttribute(HELD_SUBMIT_ATTR)).toBe(true);
    expect(takeHeldInput(region)).toEqual([inRegion]);
    expect(inRegion.hasAttribute(HELD_SUBMIT_ATTR)).toBe(false);
    expect(takeHeldInput(region)).toEqual([]);
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
    takeHeldInput(region);
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

describe('buttons pressed before the shell started', () => {
  beforeAll(() => holdEarlyInput(document, { setTimeout: (() => 0) as unknown as Window['setTimeout'] }));
  const buttons = () => {
    const [more, save, menu] = [...document.querySelectorAll<HTMLButtonElement>('button[type=button]')];
    return { more, save, menu };
  };

  it("marks a region's button pressed (once, however often), and the shell takes it once, with the forms, in page order", () => {
    const { region, inRegion } = page();
    const { more, save } = buttons();
    more.click();
    more.click();
    inRegion.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(more.hasAttribute(HELD_PRESS_ATTR)).toBe(true);
    expect(save.hasAttribute(HELD_PRESS_ATTR)).toBe(false);
    expect(takeHeldInput(region)).toEqual([inRegion, more]);
    expect(more.hasAttribute(HELD_PRESS_ATTR)).toBe(false);
    expect(takeHeldInput(region)).toEqual([]);
  });

  it("leaves the page's own buttons, and marks nothing once the shell holds its regions' input", () => {
    page();
    const { more, menu } = buttons();
    menu.click();
    expect(menu.hasAttribute(HELD_PRESS_ATTR)).toBe(false);
    document.documentElement.setAttribute(SHELL_HOLDS_ATTR, '');
    more.click();
    expect(more.hasAttribute(HELD_PRESS_ATTR)).toBe(false);
  });
});
