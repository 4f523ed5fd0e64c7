// Ambient types every workspace shares (listed in tsconfig.base.json "files").
/// <reference types="@testing-library/jest-dom" />

declare module '*.css' {
  const css: void;
  export default css;
}

/** The remote's own build version, set by the build (packages/mf-build) and by the Jest config. */
declare const __REMOTE_VERSION__: string;
