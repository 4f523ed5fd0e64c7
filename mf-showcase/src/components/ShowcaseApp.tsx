import { useState, useSyncExternalStore } from 'react';
import { usePublish, useShared } from '@cfs/remote-kit';
import { pickShowcase } from '../rules/spotlight';
import { isAlphaListing, isExactMatch, showcaseContext } from '../rules/showcase-context';
import { readHidden, storeHidden } from '../rules/hidden-state';
import { useSpotlight } from '../hooks/use-spotlight';
import { useLastHeight } from '../hooks/use-last-height';
import { ShowcaseCard } from './ShowcaseCard';
import './showcase.css';

/** Announced once after Hide, so screen-reader users know where the section went (our text). */
export const HIDDEN_NOTICE = 'Sponsored dealer hidden.';
export const LOADING_LABEL = 'Loading sponsored dealer';

const noChanges = () => () => {};

/** The sponsored dealer showcase above the results (page-furniture §2 and §4 Showcase). */
export function ShowcaseApp() {
  const query = useShared((s) => s.search.query);
  const searchStatus = useShared((s) => s.search.status);
  const flags = useShared((s) => s.brand.flags);
  const publish = usePublish();
  // Hidden earlier in this session: read in the browser only (the server cannot know, and a
  // hydration starts from what the server rendered).
  const hiddenBefore = useSyncExternalStore(noChanges, readHidden, () => false);
  const [hiddenNow, setHidden] = useState(false);
  const hidden = hiddenBefore || hiddenNow;
  const [justHidden, setJustHidden] = useState(false);
  // The showcase is the premium spotlight tier, gated by its flag; a hidden showcase fetches nothing.
  const enabled = flags.premiumSpotlight && !hidden;
  const spotlight = useSpotlight(query, enabled);
  const card = useLastHeight();

  if (hidden) {
    return justHidden ? (
      <p role="status" className="shw-visually-hidden">
        {HIDDEN_NOTICE}
      </p>
    ) : null;
  }
  if (!enabled) return null;
  if (searchStatus === 'loading' || spotlight.status === 'loading' || spotlight.status === 'idle') {
    // It holds the space of the card it replaces (its last height), else the stylesheet's.
    const height = card.last();
    return (
      <div className="shw-placeholder" role="status" aria-busy="true" style={height ? { height } : undefined}>
        <span className="shw-visually-hidden">{LOADING_LABEL}</span>
      </div>
    );
  }
  // Nothing shows when the showcase data is in error or the owner is missing.
  if (spotlight.status === 'error') return null;
  const showcase = pickShowcase(spotlight.result, query);
  if (!showcase) return null;

  const context = showcaseContext({
    exactMatchFlag: flags.exactMatch,
    alpha: isAlphaListing(showcase.listing, showcase.premium, showcase.owner.id, flags.alphaCriteria),
    exactMatch: isExactMatch(showcase.listing, query),
  });
  const hide = () => {
    publish('shell:page-event', { type: 'showcase:hide-click', ownerId: showcase.owner.id });
    storeHidden();
    setHidden(true);
    setJustHidden(true);
  };
  return <ShowcaseCard showcase={showcase} context={context} onHide={hide} cardRef={card.ref} />;
}
