/**
 * The shell's server container exposes the page frame (layout, hero, regions, error screen) and
 * the vehicle page: the gateway renders every page with the frame of the shell version the
 * registry names, so the frame deploys, switches and rolls back like a remote.
 */
import type { ServerDocument, VehiclePageInput } from '@cfs/contracts';

export { renderPage, renderPageParts, renderErrorPage } from './layout';
export type { PageAssets, ServerRegion } from '@cfs/contracts';
export { REGIONS } from './regions';
export const version: string = __REMOTE_VERSION__;

/** The vehicle page (vehicle-page.tsx), in a chunk of its own: search pages never load it. */
export async function renderVehiclePage(input: VehiclePageInput): Promise<ServerDocument> {
  const { renderVehiclePage: render } = await import('./vehicle-page');
  return render(input);
}
