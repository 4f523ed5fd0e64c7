import type { ModelYearPriceRow } from '@cfs/contracts';
import { formatPrice } from '@cfs/search-query';
import { safeHref } from '../rules/pricing';
import { TableScroll } from './TableScroll';

const price = (n: number | undefined) => (typeof n === 'number' && Number.isFinite(n) ? formatPrice(n) : '—');

/** An accessible price table: caption, column headers, one row header (year or trim) per row, a link per row. */
export function PriceTable(props: { caption: string; firstColumn: 'Year' | 'Trim'; name: string; rows: ModelYearPriceRow[] }) {
  return (
    <TableScroll label={props.caption}>
      <table className="ref-table">
        <caption className="ref-caption">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{props.firstColumn}</th>
            <th scope="col">Starting price</th>
            <th scope="col">Average price</th>
            <th scope="col">Max price</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r) => {
            const href = safeHref(r.link);
            const label = props.firstColumn === 'Year' ? `${r.value} ${props.name}` : `${props.name} ${r.value}`;
            return (
              <tr key={String(r.value)}>
                <th scope="row">{r.value}</th>
                <td>{price(r.startingPrice)}</td>
                <td>{price(r.avgPrice)}</td>
                <td>{price(r.maxPrice)}</td>
                <td>{href ? <a href={href}>{`See ${label} pricing`}</a> : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
