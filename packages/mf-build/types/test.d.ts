// Ambient types of the tests (listed in tsconfig.test.json "files"): jest-dom's matchers.
/// <reference types="@testing-library/jest-dom" />
