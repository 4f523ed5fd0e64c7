import { useId, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { LIMITS } from '@cfs/contracts';
import { useBus, useShared, WantedNow, Button } from '@cfs/remote-kit';
import { displayTitle, primaryImage } from '@cfs/search-query';
import {
  stillInterestedReason,
  stillInterestedShows,
  stillInterestedVehicles,
  stillInterestedYearLinks,
  truncateTitle,
} from '../rules/still-interested';
import {
  closeStillInterested,
  dismissVehicles,
  onStillInterestedChange,
  readSnapshot,
  sendStillInterested,
  stillInterestedSnapshot,
} from '../rules/still-interested-send';
import { TEXT } from '../rules/texts';

const NO_LISTINGS: never[] = [];
/** What the server render reads: not known, so the alert waits for the browser. */
const SERVER = 'server';

/**
 * The still-interested alert fixed at the bottom of the screen (a labelled region at the end of the body): the vehicles of the signed-in
 * shopper's browsing history that are in the current results, each with its reason, up to 4
 * images, the first one's other model years as links; 'Keep me posted' sends the alert (a beacon,
 * or a POST), Close hides it for the session.
 */
export function StillInterested() {
  const bus = useBus();
  const history = useShared((s) => s.session.browsingHistory);
  const listings = useShared((s) => s.search.result?.listings ?? NO_LISTINGS);
  const brand = useShared((s) => s.brand.brand);
  const snapshot = useSyncExternalStore(onStillInterestedChange, stillInterestedSnapshot, () => SERVER);
  const [sent, setSent] = useState<'idle' | 'sending' | 'failed'>('idle');
  const headingId = useId();

  if (!history) return null;
  // What was closed or dismissed is in the browser's storage: it decides, with the code at once.
  if (snapshot === SERVER) return <WantedNow />;
  const { closed, dismissed } = readSnapshot(snapshot);
  const vehicles = stillInterestedVehicles(history.vins, listings, dismissed);
  if (!stillInterestedShows({ activeResults: listings.length, vehicles: vehicles.length, closed })) return null;
  const first = vehicles[0];
  const years = stillInterestedYearLinks(first, new Date().getFullYear());

  async function send() {
    if (sent === 'sending') return;
    setSent('sending');
    const vins = vehicles.map((v) => v.vin);
    const email = bus.getState().session.leadProfile?.email;
    // page-furniture §7: the alert carries the consumer id (from the signed-in shopper's history) and email.
    const consumerId = history?.consumerId;
    const ok = await sendStillInterested({ brand, vins, ...(consumerId ? { consumer_id: consumerId } : {}), ...(email ? { email } : {}) });
    if (ok) dismissVehicles(vins);
    else setSent('failed');
  }

  // Placed at the end of the page body: a region's layout containment would hold a fixed element
  // inside the region. The wrapper keeps this remote's CSS scope. Only rendered in the browser
  // (the server snapshot renders nothing), so document is there.
  return createPortal(
    <div data-boundary="mf-alerts">
      <section className="alr-still" aria-labelledby={headingId}>
        <h2 id={headingId} className="alr-still-heading">
          {TEXT.stillInterestedHeading}
        </h2>
        <ul className="alr-still-list">
          {vehicles.map((v, i) => {
            const title = displayTitle(v.title);
            const image = i < LIMITS.stillInterestedImages ? primaryImage(v, title) : null;
            return (
              <li key={v.vin} className="alr-still-item">
                {image && <img className="alr-still-image" src={image.src} alt="" width={64} height={48} />}
                <span className="alr-still-title" title={title}>
                  <span className="alr-still-narrow">{truncateTitle(title, LIMITS.stillInterestedTitleNarrow)}</span>
                  <span className="alr-still-wide">{truncateTitle(title, LIMITS.stillInterestedTitleWide)}</span>
                </span>
                <span className="alr-still-reason">{TEXT.stillInterestedReasons[stillInterestedReason(v)]}</span>
              </li>
            );
          })}
        </ul>
        {years.length > 0 && (
          <nav
            className="alr-still-years"
            aria-label={TEXT.stillInterestedYears(`${first.make.name ?? first.make.code} ${first.model.name ?? first.model.code}`)}
          >
            {years.map((y) => (
              <a key={y.year} href={y.href}>
                {y.year}
              </a>
            ))}
          </nav>
        )}
        <div className="alr-still-actions">
          <Button variant="primary" aria-disabled={sent === 'sending' || undefined} onClick={() => void send()}>
            {TEXT.stillInterestedSend}
          </Button>
          <Button className="alr-close" aria-label={TEXT.stillInterestedClose} onClick={closeStillInterested}>
            ×
          </Button>
        </div>
        {sent === 'failed' && (
          <p role="alert" className="alr-message alr-danger">
            {TEXT.stillInterestedFailed}
          </p>
        )}
      </section>
    </div>,
    document.body,
  );
}
