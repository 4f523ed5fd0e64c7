// Ambient types every workspace shares (listed in tsconfig.base.json "files").
/// <reference types="@testing-library/jest-dom" />

declare module '*.css' {
  const css: void;
  export default css;
}
