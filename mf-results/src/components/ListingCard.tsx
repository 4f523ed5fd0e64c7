import { memo, useId, useMemo } from 'react';
import type { Listing, Owner } from '@cfs/contracts';
import { cardModel, PRIVATE_SELLER, type CardModel } from '../rules/card-model';
import { CompareButton } from './CompareButton';
import { loadsEagerly, type CompareCta } from '../rules/grid';

interface Props {
  listing: Listing;
  owner: Owner | undefined;
  /** Position in the grid (the first 3 load their image eagerly). */
  index: number;
  compare: CompareCta;
}

/**
 * One listing: an <article> named by its heading (the title, linking to the detail page).
 * Memoised: a search that starts or settles re-renders the grid, and a card whose listing,
 * owner, place and compare state are the same does not render again.
 */
export const ListingCard = memo(function ListingCard({ listing, owner, index, compare }: Props) {
  const m = useMemo(() => cardModel(listing, owner), [listing, owner]);
  const titleId = useId();
  return (
    <article className="res-card" aria-labelledby={titleId}>
      <h3 className="res-title" id={titleId}>
        {m.detailHref ? (
          <a className="res-title-link" href={m.detailHref} data-res-focus="">
            {m.title}
          </a>
        ) : (
          m.title
        )}
      </h3>
      <p className="res-price">
        {m.pricingHref ? (
          <a href={m.pricingHref} aria-describedby={titleId}>
            {m.price}
          </a>
        ) : (
          m.price
        )}
      </p>
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
      </dl>
      <Seller model={m} />
      <CardPhoto model={m} eager={loadsEagerly(index)} first={index === 0} />
      <div className="res-actions">
        <CompareButton listing={listing} cta={compare} describedBy={titleId} />
      </div>
    </article>
  );
});

function Seller({ model }: { model: CardModel }) {
  if (!model.seller && !model.distance) return null;
  return (
    <p className="res-seller">
      {model.seller?.privateSeller && <span className="res-seller-kind">{PRIVATE_SELLER}</span>}
      {model.seller && <span className="res-seller-name">{model.seller.name}</span>}
      {model.distance && <span className="res-distance">{model.distance}</span>}
    </p>
  );
}

/**
 * Comes after the text in the DOM (heading first for screen readers); CSS shows it on top. The
 * first row loads eagerly and the very first photo, the page's largest paint, at high priority.
 */
function CardPhoto({ model, eager, first }: { model: CardModel; eager: boolean; first: boolean }) {
  if (!model.image) {
    // Not shown in the spec: a listing without photos keeps the tile's shape with a short note.
    return <div className="res-photo res-photo-empty">No photo available</div>;
  }
  return (
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
  );
}
