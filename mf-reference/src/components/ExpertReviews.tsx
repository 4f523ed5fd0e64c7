import { useId } from 'react';
import { usePublish } from '@cfs/remote-kit';
import type { ExpertReview } from '../rules/expert-reviews';

/**
 * Expert reviews of the model year (at most 2): title linking to the review, author, date, excerpt
 * as text. Following a review is an article click (page-furniture §7).
 */
export function ExpertReviews({ title, reviews }: { title: string; reviews: ExpertReview[] }) {
  const headingId = useId();
  const publish = usePublish();
  return (
    <section className="ref-block" aria-labelledby={headingId}>
      <h3 id={headingId} className="ref-subheading">{`${title} expert reviews`}</h3>
      <ul className="ref-reviews">
        {reviews.map((r) => (
          <li key={r.id} className="ref-card">
            {r.image && <img src={r.image.src} alt="" width={200} height={113} loading="lazy" />}
            <a href={r.link} onClick={() => publish('shell:page-event', { type: 'reference:article-click', link: r.link })}>
              {r.title}
            </a>
            {(r.author || r.date) && <p className="ref-byline">{[r.author && `By ${r.author}`, r.date].filter(Boolean).join(' · ')}</p>}
            {r.excerpt && <p>{r.excerpt}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
