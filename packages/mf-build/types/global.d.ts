// Ambient types of the code every page deployable builds (listed in tsconfig.browser.json and tsconfig.test.json "files").

declare module '*.css' {
  const css: void;
  export default css;
}

/** The remote's own build version, set by the build (packages/mf-build) and by the Jest config. */
declare const __REMOTE_VERSION__: string;
