import { memo, useId, useMemo } from 'react';
import type { FeatureFlags, PageListing, PageOwner } from '@cfs/contracts';
import { BUY_ONLINE_ELIGIBLE, cardModel, PRIVATE_SELLER, REDUCED_PRICE, type CardModel } from '../rules/card-model';
import { CompareButton } from './CompareButton';
import { CardActions } from './CardActions';
import { loadsEagerly, type CompareCta } from '../rules/grid';
import type { Tier } from '../rules/slots';
import { useListingActions } from './ListingActions';
import { ACTION_TEXTS } from '../rules/listing-actions';

interface Props {
  listing: PageListing;
  owner: PageOwner | undefined;
  /** Position in the grid (the first 3 load their image eagerly, unless `eager` says otherwise). */
  index: number;
  /** Whether the photo loads eagerly (the grid's eagerImageCells). */
  eager?: boolean;
  compare: CompareCta;
  /** The tier the cell was placed as (its mark on the card); null for the base search. */
  tier?: Tier | null;
  /** The brand's flags (one object for the whole grid, so memoisation holds). */
  flags?: Partial<FeatureFlags>;
  /**
   * The eligibility call found it sellable online (true). null: the card uses the service but is
   * not known to be sellable (not answered yet, or answered no, a failure or an open breaker): the
   * badge's room is kept, unseen, so the card is the same size whatever the answer and whenever it
   * comes (the region's code asks for most cards' answers once it has hydrated, which may be when
   * the shopper reaches in, under the pointer). false: the card does not use the service.
   */
  eligible?: boolean | null;
}

/**
 * One listing: an <article> named by its heading (the title, linking to the detail page) and
 * described by its tier mark, listing type, deal rating and monthly payment. Memoised: a search
 * that starts or settles re-renders the grid, and a card whose listing, owner, place, tier, flags
 * and compare state are the same does not render again. No effects or subscriptions per card: its
 * actions (CardActions) open the region's one dialog host (ListingActions.tsx).
 */
export const ListingCard = memo(function ListingCard({
  listing,
  owner,
  index,
  eager,
  compare,
  tier = null,
  flags,
  eligible = false,
}: Props) {
  const m = useMemo(() => cardModel(listing, owner, { tier, flags, eligible: eligible === true }), [listing, owner, tier, flags, eligible]);
  const id = `res${useId()}`;
  const titleId = `${id}t`;
  const described = [m.tierLabel && `${id}r`, `${id}b`, m.payment && `${id}p`].filter(Boolean).join(' ');
  return (
    <article className="res-card" aria-labelledby={titleId} aria-describedby={described} data-tier={tier ?? undefined}>
      {m.tierLabel && (
        <p className="res-tier" id={`${id}r`}>
          {m.tierLabel}
        </p>
      )}
      {m.urgency && (
        <p className="res-urgency">
          <strong>{m.urgency.header}</strong> {m.urgency.text}
        </p>
      )}
      <h3 className="res-title" id={titleId}>
        {m.detailHref ? (
          <a className="res-title-link" href={m.detailHref} data-res-focus="">
            {m.title}
          </a>
        ) : (
          m.title
        )}
      </h3>
      <p className="res-badges" id={`${id}b`}>
        <span className="res-badge">{m.listingType}</span>
        {m.deal && <span className="res-badge res-deal">{m.deal}</span>}
        {m.reduced && <span className="res-badge res-reduced">{REDUCED_PRICE}</span>}
        {m.buyOnline ? (
          <span className="res-badge res-buy-online">{BUY_ONLINE_ELIGIBLE}</span>
        ) : eligible === null ? (
          <span className="res-badge res-buy-online res-badge-room" aria-hidden="true">
            {BUY_ONLINE_ELIGIBLE}
          </span>
        ) : null}
        {m.marks.map((mark) => (
          <span key={mark} className="res-badge res-mark">
            {mark}
          </span>
        ))}
      </p>
      <p className="res-price">
        {m.pricingHref ? (
          <a href={m.pricingHref} aria-describedby={titleId}>
            {m.price}
          </a>
        ) : (
          m.price
        )}
        {m.msrp && <span className="res-msrp">{m.msrp}</span>}
      </p>
      {m.payment && (
        <p className={m.paymentRibbon ? 'res-payment res-ribbon' : 'res-payment'} id={`${id}p`}>
          <span className="res-sr-only">Estimated payment </span>
          {m.payment}
        </p>
      )}
      {m.incentive && <p className="res-incentive">{m.incentive}</p>}
      <dl className="res-facts">
        <div>
          <dt className="res-sr-only">Year</dt>
          <dd>{m.year}</dd>
        </div>
        {m.mileage && (
          <div>
            <dt className="res-sr-only">Mileage</dt>
            <dd>{m.mileage}</dd>
          </div>
        )}
        {m.specs.map((spec) => (
          <div key={spec.name}>
            <dt className="res-sr-only">{spec.name}</dt>
            <dd>{spec.value}</dd>
          </div>
        ))}
      </dl>
      {m.views && <p className="res-views">{m.views}</p>}
      {m.nearbyMarket && <p className="res-views res-nearby-market">{m.nearbyMarket}</p>}
      <Seller model={m} />
      {m.certifiedTiles.length > 0 && (
        <ul className="res-tiles" aria-label="Certified programs">
          {m.certifiedTiles.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
      <CardPhoto model={m} listing={listing} eager={eager ?? loadsEagerly(index)} first={index === 0} />
      <div className="res-actions">
        <CompareButton listing={listing} cta={compare} describedBy={titleId} />
        <CardActions
          listing={listing}
          owner={owner}
          title={m.title}
          price={m.price}
          detailHref={m.detailHref}
          flags={flags}
          describedBy={titleId}
        />
      </div>
    </article>
  );
});

function Seller({ model }: { model: CardModel }) {
  const services = model.homeServices.length > 0 || model.shippingLabel;
  if (!model.seller && !model.distance) return null;
  return (
    <div className="res-seller">
      <p>
        {model.seller?.privateSeller && <span className="res-seller-kind">{PRIVATE_SELLER}</span>}
        {model.seller &&
          (model.dealerHref ? (
            <a className="res-seller-name" href={model.dealerHref} rel="noopener noreferrer">
              {model.seller.name}
            </a>
          ) : (
            <span className="res-seller-name">{model.seller.name}</span>
          ))}
        {model.distance && <span className="res-distance">{model.distance}</span>}
      </p>
      {model.dealerRating && <p className="res-rating">{model.dealerRating}</p>}
      {services && (
        <p className="res-services">
          {model.homeServices.join(' · ')}
          {model.shippingLabel && <span className="res-shipping">{model.shippingLabel}</span>}
        </p>
      )}
    </div>
  );
}

/**
 * Comes after the text in the DOM (heading first for screen readers); CSS shows it on top. The
 * first row loads eagerly and the very first photo, the page's largest paint, at high priority. A
 * vehicle highlight adds up to 3 more photos as lazy thumbnails.
 */
function CardPhoto({ model, listing, eager, first }: { model: CardModel; listing: PageListing; eager: boolean; first: boolean }) {
  const actions = useListingActions();
  if (!model.image) {
    // Not shown in the spec: a listing without photos keeps the tile's shape with a short note.
    return <div className="res-photo res-photo-empty">No photo available</div>;
  }
  return (
    <>
      <img
        className="res-photo"
        src={model.image.src}
        alt={model.image.alt}
        width={400}
        height={300}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : undefined}
        decoding={first ? undefined : 'async'}
      />
      {model.has360 &&
        (actions ? (
          // The 360° viewer of the listing's spin (dialogs/SpinDialog.tsx), named with the car.
          <button
            type="button"
            className="res-360"
            aria-label={`${ACTION_TEXTS.spinOpen} of ${model.title}`}
            onClick={() => actions.spin(listing)}
          >
            {ACTION_TEXTS.spinOpen}
          </button>
        ) : (
          <span className="res-360">{ACTION_TEXTS.spinOpen}</span>
        ))}
      {model.moreImages.length > 0 && (
        <div className="res-thumbs">
          {model.moreImages.map((img) => (
            <img key={img.src} src={img.src} alt={img.alt} width={96} height={72} loading="lazy" decoding="async" />
          ))}
        </div>
      )}
    </>
  );
}
