/**
 * The listing actions of the whole region, in one place: which dialog is open (one at a time, one
 * host for every card), the emailed and saved listings, the lead profile of a signed-in shopper
 * (fetched once and put on the bus's session slice) and the payments script of 'Make Offer'.
 *
 * Cards stay cheap: they read two contexts. The actions context is one stable object (functions
 * only), so a card never renders again for it; the marks context (saved, emailed, make-offer
 * state) is read only by the small toggle and note components inside a card, so a save re-renders
 * those, not the cards. Nothing here touches window or document during render; dialogs open only
 * on a shopper's click, and the calls run in effects and event handlers.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  compareReadingFor,
  createAccountUrl,
  type CompareReading,
  type LeadProfile,
  type PageListing,
  type PageOwner,
} from '@cfs/contracts';
import type { SaveListingBody } from '@cfs/contracts/bodies';
import { api, useBus, useShared } from '@cfs/remote-kit';
import { oneClickDecision } from '../rules/lead';
import {
  ACTION_TEXTS,
  LEAD_PROFILE_PATH,
  MAKE_OFFER_EVENTS,
  ONE_CLICK_PATH,
  PAYMENTS_SCRIPT_PATH,
  readSavedIds,
  SAVED_LISTINGS_PATH,
  toggleSaved,
} from '../rules/listing-actions';
import type { DialogRequest } from './dialogs/ListingDialog';

/**
 * The listing dialogs (report, share, email, dealer difference) load with the first one opened:
 * none is open on a first paint, and their code is the largest part of the region's.
 */
const ListingDialog = lazy(() => import('./dialogs/ListingDialog').then((m) => ({ default: m.ListingDialog })));

export type MakeOfferState = 'idle' | 'loading' | 'ready' | 'unavailable';

export interface ListingActionsApi {
  /** The email button: one-click, the edit-email dialog or the email dialog (rules/lead.ts). */
  contact(listing: PageListing, owner: PageOwner | undefined): void;
  report(listing: PageListing): void;
  share(listing: PageListing, href: string): void;
  /** The 360° viewer of the listing's spin. */
  spin(listing: PageListing): void;
  dealerDifference(listing: PageListing, owner: PageOwner, contentId: string, label: string): void;
  makeOffer(listing: PageListing, title: string, price: string): void;
  /** `saved`: the toggle's state when clicked (aria-pressed). */
  toggleSave(listing: PageListing, title: string, saved: boolean): void;
  compareReading: CompareReading;
}

export interface ListingMarks {
  saved: ReadonlySet<string>;
  emailed: ReadonlySet<string>;
  makeOffer: MakeOfferState;
}

export const ListingActionsContext = createContext<ListingActionsApi | null>(null);
export const ListingMarksContext = createContext<ListingMarks>({ saved: new Set(), emailed: new Set(), makeOffer: 'idle' });

export function useListingActions(): ListingActionsApi | null {
  return useContext(ListingActionsContext);
}

export function useListingMarks(): ListingMarks {
  return useContext(ListingMarksContext);
}

const isProfile = (p: unknown): p is LeadProfile =>
  !!p && typeof p === 'object' && typeof (p as LeadProfile).email === 'string' && typeof (p as LeadProfile).firstName === 'string';

export function ListingActionsProvider({ children }: { children: ReactNode }) {
  const bus = useBus();
  const signedIn = useShared((s) => s.session.signedIn);
  const personalization = useShared((s) => s.brand.flags?.personalization === true);
  const savedListings = useShared((s) => s.brand.flags?.savedListings === true);
  const brand = useShared((s) => s.brand.brand);
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const [saved, setSaved] = useState<ReadonlySet<string>>(() => new Set());
  // The saved listings could not be read: the cards cannot say which are saved, and the page says so.
  const [savedUnavailable, setSavedUnavailable] = useState(false);
  const [emailed, setEmailed] = useState<ReadonlySet<string>>(() => new Set());
  const [makeOffer, setMakeOffer] = useState<MakeOfferState>('idle');
  const [announcement, setAnnouncement] = useState('');
  const offerState = useRef<MakeOfferState>('idle');
  /** Listings whose one-click send is under way (a second click sends nothing more). */
  const sending = useRef(new Set<string>());
  /** Saves and unsaves sent on this page: a read of the saved listings begun before one is out of date. */
  const saveToggles = useRef(0);

  // The lead profile of a signed-in shopper reaches the bus's session slice once per page
  // (search-results §3 Lead profile, §6 'login state comes from a signed-in cookie read on the
  // server'); a failed fetch is logged only (search-results §8 'Lead candidates fetch fails').
  useEffect(() => {
    if (!signedIn || bus.getState().session.leadProfile) return;
    let live = true;
    api<unknown>(LEAD_PROFILE_PATH)
      .then((p) => {
        if (live && isProfile(p)) bus.update('session', { leadProfile: p });
      })
      .catch((err) => console.error('[mf-results] lead profile fetch failed', err));
    return () => {
      live = false;
    };
  }, [bus, signedIn]);

  // Saved listings of a signed-in shopper come back on the next visit. designed: the flag
  // personalization gates saving a listing, savedListings bringing the saved ones back.
  useEffect(() => {
    if (!signedIn || !personalization || !savedListings) return;
    let live = true;
    const toggles = saveToggles.current;
    api<unknown>(SAVED_LISTINGS_PATH)
      .then((body) => {
        // A save pressed meanwhile (one held until the grid mounted) has its own answer, the
        // whole list after it: this one may have been read before it was stored.
        if (!live || saveToggles.current !== toggles) return;
        setSaved(new Set(readSavedIds(body)));
        setSavedUnavailable(false);
      })
      .catch((err) => {
        console.error('[mf-results] saved listings fetch failed', err);
        if (live) setSavedUnavailable(true);
      });
    return () => {
      live = false;
    };
  }, [signedIn, personalization, savedListings]);

  const markEmailed = useCallback((id: string) => setEmailed((e) => toggleSaved(e, id, true)), []);

  const actions = useMemo<ListingActionsApi>(() => {
    const session = () => bus.getState().session;
    const emitOpen = (listing: PageListing, title: string, price: string) =>
      window.dispatchEvent(new CustomEvent(MAKE_OFFER_EVENTS.open, { detail: { listingId: listing.id, vin: listing.vin, title, price } }));
    const setOffer = (s: MakeOfferState) => {
      offerState.current = s;
      setMakeOffer(s);
    };
    return {
      compareReading: compareReadingFor(brand),
      contact(listing, owner) {
        const decision = oneClickDecision(session().signedIn, session().leadProfile);
        if (decision.kind === 'send') {
          if (sending.current.has(listing.id)) return;
          sending.current.add(listing.id);
          setAnnouncement(ACTION_TEXTS.sending);
          api<{ status?: string }>(ONE_CLICK_PATH, { method: 'POST', json: { listingId: listing.id, comment: decision.comment } })
            .then((answer) => {
              if (answer?.status !== 'SUCCESS') throw new Error(`one-click answered ${String(answer?.status)}`);
              // On SUCCESS the listing joins the emailed list (search-results §4).
              markEmailed(listing.id);
              setAnnouncement(ACTION_TEXTS.emailed);
            })
            .catch((err) => {
              // designed: a send that fails opens the normal email dialog, so nothing is lost.
              console.error('[mf-results] one-click email failed', err);
              setAnnouncement('');
              setDialog({ kind: 'email', listing, owner });
            })
            .finally(() => sending.current.delete(listing.id));
          return;
        }
        setDialog({ kind: decision.kind, listing, owner });
      },
      report(listing) {
        setDialog({ kind: 'report', listing });
      },
      share(listing, href) {
        // Read in the click: the absolute link and whether the device offers a share sheet.
        const url = new URL(href, window.location.href).toString();
        const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
        setDialog({ kind: 'share', listing, url, canShare });
      },
      spin(listing) {
        setDialog({ kind: 'spin', listing });
      },
      dealerDifference(listing, owner, contentId, label) {
        setDialog({ kind: 'dealer-diff', listing, owner, contentId, label });
      },
      makeOffer(listing, title, price) {
        const state = offerState.current;
        if (state === 'unavailable' || state === 'loading') return;
        if (state === 'ready') {
          emitOpen(listing, title, price);
          return;
        }
        // Loaded only when asked (search-results §7); one that fails to load is logged only (§8).
        setOffer('loading');
        const script = document.createElement('script');
        script.src = PAYMENTS_SCRIPT_PATH;
        script.async = true;
        script.onload = () => {
          setOffer('ready');
          window.dispatchEvent(new CustomEvent(MAKE_OFFER_EVENTS.loaded));
          emitOpen(listing, title, price);
        };
        script.onerror = () => {
          console.error(`[mf-results] payments script failed to load: ${PAYMENTS_SCRIPT_PATH}`);
          script.remove();
          setOffer('unavailable');
        };
        document.head.appendChild(script);
      },
      toggleSave(listing, title, wasSaved) {
        if (!session().signedIn) {
          const returnUrl = `${window.location.pathname}${window.location.search}`;
          setDialog({ kind: 'sign-in', listing, href: createAccountUrl(returnUrl, session().signInPath), title });
          return;
        }
        const on = !wasSaved;
        saveToggles.current += 1;
        setSaved((s) => toggleSaved(s, listing.id, on));
        api<unknown>(SAVED_LISTINGS_PATH, { method: 'POST', json: { listingId: listing.id, saved: on } satisfies SaveListingBody })
          .then((body) => setSaved(new Set(readSavedIds(body))))
          .catch((err) => {
            console.error('[mf-results] saving a listing failed', err);
            setSaved((s) => toggleSaved(s, listing.id, !on));
            setAnnouncement(ACTION_TEXTS.saveFailed);
          });
      },
    };
  }, [bus, brand, markEmailed]);

  const marks = useMemo<ListingMarks>(() => ({ saved, emailed, makeOffer }), [saved, emailed, makeOffer]);
  const close = useCallback(() => setDialog(null), []);

  return (
    <ListingActionsContext.Provider value={actions}>
      <ListingMarksContext.Provider value={marks}>
        {savedUnavailable && (
          <p className="res-notice" role="status">
            {ACTION_TEXTS.savedUnavailable}
          </p>
        )}
        {children}
        <div className="res-sr-only" role="status" aria-live="polite">
          {announcement}
        </div>
        {dialog && (
          <Suspense fallback={null}>
            <ListingDialog request={dialog} onClose={close} onEmailed={markEmailed} />
          </Suspense>
        )}
      </ListingMarksContext.Provider>
    </ListingActionsContext.Provider>
  );
}
