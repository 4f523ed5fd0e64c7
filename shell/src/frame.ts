/**
 * The shell's server container exposes the page frame (layout, hero, regions, error screen): the
 * gateway renders every page with the frame of the shell version the registry names, so the
 * frame deploys, switches and rolls back like a remote.
 */
export { renderPage, renderPageParts, renderErrorPage } from './layout';
export type { PageAssets, ServerRegion } from '@cfs/contracts';
export { REGIONS } from './regions';
export const version: string = __REMOTE_VERSION__;
