/**
 * @cfs/test-kit: what the remotes' tests share (fixtures and the lifecycle helper), so no remote
 * keeps its own copy. For tests only: no remote's source imports it.
 */
export { listing, owner, result, answer, firstLoadState } from './fixtures';
export { mountRemote, type MountedRemote, type RemoteLifecycles } from './lifecycles';
export { FakeIntersectionObserver } from './intersection';
export { mockFetch } from './fetch-mock';
