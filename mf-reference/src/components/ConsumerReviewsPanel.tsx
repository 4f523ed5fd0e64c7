import { formatNumber } from '@cfs/search-query';
import type { ConsumerRatings } from '../rules/ratings';
import { TableScroll } from './TableScroll';

/** The Consumer Reviews tab: the ratings ('Overall Rating' first) and the number of reviews. */
export function ConsumerReviewsPanel({ title, ratings }: { title: string; ratings: ConsumerRatings }) {
  const n = ratings.numberOfReviews;
  return (
    <>
      <p className="ref-summary">{`Based on ${formatNumber(n)} consumer ${n === 1 ? 'review' : 'reviews'} of the ${title}.`}</p>
      <TableScroll label={`Consumer ratings of the ${title}`}>
        <table className="ref-table">
          <caption className="ref-caption">{`Consumer ratings of the ${title}`}</caption>
          <thead>
            <tr>
              <th scope="col">Rating</th>
              <th scope="col">Score</th>
            </tr>
          </thead>
          <tbody>
            {ratings.ratings.map((r) => (
              <tr key={r.name}>
                <th scope="row">{r.name}</th>
                <td>{`${formatNumber(r.value, 1)} out of 5`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
