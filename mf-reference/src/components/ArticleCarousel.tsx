import { useId, useState } from 'react';
import { usePublish, Button } from '@cfs/remote-kit';
import { CAROUSEL_PAGE, carouselStep, type Article } from '../rules/editorial';

/**
 * The article carousel (page-furniture §2): three articles at a time, Previous and Next, the window
 * announced. Following an article and moving the carousel are page events (§7).
 */
export function ArticleCarousel({ name, articles }: { name: string; articles: Article[] }) {
  const [start, setStart] = useState(0);
  const publish = usePublish();
  const move = (to: number | null, action: 'previous' | 'next') => {
    if (to === null) return;
    publish('shell:page-event', { type: 'reference:carousel', action });
    setStart(to);
  };
  const headingId = useId();
  const { prev, next } = carouselStep(start, articles.length);
  const end = Math.min(articles.length, start + CAROUSEL_PAGE);
  return (
    <section className="ref-block" aria-labelledby={headingId} aria-roledescription="carousel">
      <h3 id={headingId} className="ref-subheading">{`${name} articles`}</h3>
      <ul className="ref-carousel">
        {articles.slice(start, end).map((a) => (
          <li key={a.link} className="ref-card">
            {a.image && <img src={a.image} alt="" width={200} height={113} loading="lazy" />}
            <span className="ref-category">{a.category}</span>
            <a href={a.link} onClick={() => publish('shell:page-event', { type: 'reference:article-click', link: a.link })}>
              {a.title}
            </a>
          </li>
        ))}
      </ul>
      {articles.length > CAROUSEL_PAGE && (
        <div className="ref-controls">
          <Button disabled={prev === null} onClick={() => move(prev, 'previous')}>
            Previous articles
          </Button>
          <p className="ref-status" aria-live="polite">{`Articles ${start + 1} to ${end} of ${articles.length}`}</p>
          <Button disabled={next === null} onClick={() => move(next, 'next')}>
            Next articles
          </Button>
        </div>
      )}
    </section>
  );
}
