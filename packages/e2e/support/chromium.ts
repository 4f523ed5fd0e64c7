/** Debian's Chromium and the flags it needs on a machine with no network but loopback. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.*',
];

/** Counts React renderers: React calls inject() on the devtools hook once per renderer copy. */
export const RENDERER_COUNTER = `
  window.__REACT_RENDERERS__ = [];
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { window.__REACT_RENDERERS__.push(renderer.version || 'unknown'); return window.__REACT_RENDERERS__.length; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
  };
`;
