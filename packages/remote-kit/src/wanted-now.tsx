import { WANTED_NOW_ATTR } from '@cfs/remote-kit/dom';

/**
 * A region whose code waits until the shopper reaches into it ('reached' hydration in the shell)
 * may have server HTML that is not the whole story: a part only its code can finish (a question
 * that depends on a browser cookie, counts fetched after the render). Such a part renders
 * <WantedNow /> beside its placeholder; the shell then loads the region's code as the page loads
 * instead of waiting. The condition must be one the server render and the hydration agree on
 * (first-load state), like everything else a server render shows.
 */

export function WantedNow() {
  return <span hidden {...{ [WANTED_NOW_ATTR]: '' }} />;
}
