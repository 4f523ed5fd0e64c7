import { renderPage } from '../src/layout';
import { addShellScripts, SHELL_SCRIPTS_ID, start, whenToStart } from '../src/page-start';
import { CODE_HINTS_ID } from '../src/code-hints';
import { firstLoadState } from '@cfs/test-kit';

/** A window whose load, frames and timers the test drives. */
function fakeWindow(readyState: DocumentReadyState = 'loading', hidden = false) {
  const listeners = new Map<string, Set<() => void>>();
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const win = {
    document: { readyState, hidden },
    addEventListener: (type: string, fn: () => void) => void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(fn),
    removeEventListener: (type: string, fn: () => void) => void listeners.get(type)?.delete(fn),
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void) => timers.push(fn),
  };
  const run = (queue: (() => void)[]) => queue.splice(0).forEach((fn) => fn());
  return {
    win: win as unknown as Window,
    fire: (type: string) => [...(listeners.get(type) ?? [])].forEach((fn) => fn()),
    listening: (type: string) => listeners.get(type)?.size ?? 0,
    paintFrame: () => run(frames),
    runTimers: () => run(timers),
  };
}

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
};

describe('the page’s start script', () => {
  it('starts the shell once the page has loaded and the next frame is painted, not before', async () => {
    const w = fakeWindow();
    const started = whenToStart(w.win);
    expect(await settled(started)).toBe(false);
    w.fire('load');
    w.runTimers();
    expect(await settled(started)).toBe(false);
    w.paintFrame();
    expect(await settled(started)).toBe(false);
    w.runTimers();
    expect(await settled(started)).toBe(true);
    for (const type of ['load', 'pointerdown', 'keydown', 'focusin', 'touchstart']) expect(w.listening(type)).toBe(0);
  });

  it('starts at once at the shopper’s first touch, key or focus before that', async () => {
    for (const input of ['pointerdown', 'keydown', 'focusin', 'touchstart']) {
      const w = fakeWindow();
      const started = whenToStart(w.win);
      w.fire(input);
      expect(await settled(started)).toBe(true);
      expect(w.listening('load')).toBe(0);
    }
  });

  it('on a page already loaded waits for one frame; on a hidden page (nothing to paint) only for a task', async () => {
    const shown = fakeWindow('complete');
    const a = whenToStart(shown.win);
    shown.paintFrame();
    shown.runTimers();
    expect(await settled(a)).toBe(true);
    const hidden = fakeWindow('complete', true);
    const b = whenToStart(hidden.win);
    hidden.runTimers();
    expect(await settled(b)).toBe(true);
  });

  describe('in the page', () => {
    afterEach(() => {
      document.head.innerHTML = '';
      document.body.innerHTML = '';
    });

    function loadPage() {
      const html = renderPage(firstLoadState(), {
        scripts: ['/s/shell.1.js', '/s/shell.2.js'],
        start: ['/s/start.1.js'],
        preloads: [{ href: '/r/results/remoteEntry.js', as: 'script', remote: 'mf-results' }],
        integrity: { '/s/shell.1.js': 'sha384-one' },
      });
      document.head.innerHTML = /<head>([\s\S]*)<\/head>/.exec(html)![1];
      document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1];
    }

    it('adds the shell’s scripts as new, running scripts in order, with their integrity, once', () => {
      loadPage();
      // Inert until then: a template's scripts are not in the document.
      expect(document.querySelectorAll('script[src^="/s/shell"]')).toHaveLength(0);
      expect(addShellScripts(document)).toBe(2);
      const added = [...document.querySelectorAll<HTMLScriptElement>('script[src^="/s/shell"]')];
      expect(added.map((s) => s.getAttribute('src'))).toEqual(['/s/shell.1.js', '/s/shell.2.js']);
      expect(added[0].getAttribute('integrity')).toBe('sha384-one');
      expect(added[0].getAttribute('crossorigin')).toBe('anonymous');
      // Ordered like the page's own deferred scripts would be.
      expect(added.every((s) => s.async === false)).toBe(true);
      expect(document.getElementById(SHELL_SCRIPTS_ID)).toBeNull();
      expect(addShellScripts(document)).toBe(0);
      expect(document.querySelectorAll('script[src^="/s/shell"]')).toHaveLength(2);
    });

    it('asks for the regions’ code at the same moment', async () => {
      loadPage();
      const w = fakeWindow('complete');
      const done = start(Object.assign(w.win, { document }));
      w.paintFrame();
      w.runTimers();
      await done;
      expect(document.querySelectorAll('script[src^="/s/shell"]')).toHaveLength(2);
      expect(document.getElementById(CODE_HINTS_ID)).toBeNull();
      expect(document.head.querySelector('link[rel="preload"][as="script"]')?.getAttribute('href')).toBe('/r/results/remoteEntry.js');
    });
  });
});
