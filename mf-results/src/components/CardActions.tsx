/**
 * A card's listing actions: contact the seller (email, one-click, or 'Make Offer' for private
 * sellers; none when the owner hides the email form), the seller's phone as a call link, the
 * dealer's website, dealer difference, report, share (flag shareListingLink) and save (flag
 * personalization). Every button opens or does its thing through the region's one actions object
 * (ListingActions.tsx); only the save toggle, the emailed note and 'Make Offer' read the marks.
 * Without the actions (a card rendered on its own, or a brand whose variant hides quick actions:
 * page-furniture §1, the Ford certified-used variant) only the links show.
 */
import { brandVariant, type FeatureFlags, type PageListing, type PageOwner } from '@cfs/contracts';
import { useShared } from '@cfs/remote-kit';
import { contactKind, phoneLink } from '../rules/lead';
import { ACTION_TEXTS, dealerDiffOf, websiteOf } from '../rules/listing-actions';
import { useListingActions, useListingMarks, type ListingActionsApi } from './ListingActions';

interface Props {
  listing: PageListing;
  owner: PageOwner | undefined;
  title: string;
  price: string;
  detailHref: string | undefined;
  flags: Partial<FeatureFlags> | undefined;
  /** The card's heading id: every action is described by the vehicle's title. */
  describedBy: string;
}

export function CardActions({ listing, owner, title, price, detailHref, flags, describedBy }: Props) {
  const quickActions = useShared((s) => brandVariant(s.brand.brand).quickActions);
  const listingActions = useListingActions();
  const actions = quickActions ? listingActions : null;
  const phone = phoneLink(listing, owner);
  const website = websiteOf(listing, owner);
  const contact = contactKind(owner);
  const dd = dealerDiffOf(owner);
  return (
    <>
      {actions && contact === 'email' && (
        <>
          <button
            type="button"
            className="res-action res-email"
            aria-describedby={describedBy}
            onClick={() => actions.contact(listing, owner)}
          >
            {ACTION_TEXTS.email}
          </button>
          <EmailedNote id={listing.id} />
        </>
      )}
      {actions && contact === 'make-offer' && (
        <MakeOfferButton listing={listing} title={title} price={price} describedBy={describedBy} actions={actions} />
      )}
      {phone && (
        <a className="res-action res-phone" href={phone.href} aria-describedby={describedBy}>
          {ACTION_TEXTS.call(phone.text)}
        </a>
      )}
      {website && (
        <a className="res-action res-website" href={website} target="_blank" rel="noopener noreferrer" aria-describedby={describedBy}>
          {ACTION_TEXTS.website}
        </a>
      )}
      {actions && dd && owner && (
        <button
          type="button"
          className="res-action res-dealer-diff-open"
          aria-describedby={describedBy}
          onClick={() => actions.dealerDifference(listing, owner, dd.contentId, dd.label)}
        >
          {dd.label}
        </button>
      )}
      {actions && (
        <button type="button" className="res-action res-report" aria-describedby={describedBy} onClick={() => actions.report(listing)}>
          {ACTION_TEXTS.report}
        </button>
      )}
      {actions && flags?.shareListingLink && detailHref && (
        <button
          type="button"
          className="res-action res-share"
          aria-describedby={describedBy}
          onClick={() => actions.share(listing, detailHref)}
        >
          {ACTION_TEXTS.share}
        </button>
      )}
      {actions && flags?.personalization && <SaveToggle listing={listing} title={title} describedBy={describedBy} actions={actions} />}
    </>
  );
}

/** On SUCCESS of an email the card says so (search-results §4 One-click email). */
function EmailedNote({ id }: { id: string }) {
  const { emailed } = useListingMarks();
  return emailed.has(id) ? <p className="res-emailed">{ACTION_TEXTS.emailed}</p> : null;
}

/** Saved listings (flag personalization): a toggle button, pressed when the car is saved. */
function SaveToggle({
  listing,
  title,
  describedBy,
  actions,
}: {
  listing: PageListing;
  title: string;
  describedBy: string;
  actions: ListingActionsApi;
}) {
  const saved = useListingMarks().saved.has(listing.id);
  return (
    <button
      type="button"
      className="res-action res-save"
      aria-pressed={saved}
      aria-describedby={describedBy}
      onClick={() => actions.toggleSave(listing, title, saved)}
    >
      {ACTION_TEXTS.save}
    </button>
  );
}

/**
 * Private sellers get 'Make Offer' (page-furniture §6). A payments script that fails to load is
 * logged only (search-results §8: nothing is shown about the failure), and the button then says
 * 'Make Offer is unavailable' and is disabled: without its script the offer cannot open, and a
 * button that still looked ready would do nothing when pressed, which a keyboard or screen-reader
 * user cannot tell from a page that is still working.
 */
function MakeOfferButton({
  listing,
  title,
  price,
  describedBy,
  actions,
}: {
  listing: PageListing;
  title: string;
  price: string;
  describedBy: string;
  actions: ListingActionsApi;
}) {
  const state = useListingMarks().makeOffer;
  const unavailable = state === 'unavailable';
  return (
    <button
      type="button"
      className="res-action res-make-offer"
      aria-describedby={describedBy}
      aria-disabled={unavailable || state === 'loading' ? true : undefined}
      onClick={() => actions.makeOffer(listing, title, price)}
    >
      {unavailable ? ACTION_TEXTS.makeOfferUnavailable : state === 'loading' ? ACTION_TEXTS.makeOfferLoading : ACTION_TEXTS.makeOffer}
    </button>
  );
}
