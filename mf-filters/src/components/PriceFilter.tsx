import { useShared } from '@cfs/remote-kit';
import { formatPrice } from '@cfs/search-query';

/** Min and Max price (page-furniture §5). */
export function PriceFilter() {
  const query = useShared((s) => s.search.query);
  return (
    <fieldset className="flt-fieldset flt-price">
      <legend className="flt-legend">Price</legend>
      <p className="flt-price-current">
        {query.minPrice ? formatPrice(query.minPrice) : 'No Min'} – {query.maxPrice ? formatPrice(query.maxPrice) : 'No Max'}
      </p>
    </fieldset>
  );
}
