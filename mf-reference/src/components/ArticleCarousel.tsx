import { useId, useState } from 'react';
import { CAROUSEL_PAGE, carouselStep, type Article } from '../rules/editorial';

/** The article carousel (page-furniture §2): three articles at a time, Previous and Next, the window announced. */
export function ArticleCarousel({ name, articles }: { name: string; articles: Article[] }) {
  const [start, setStart] = useState(0);
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
            <a href={a.link}>{a.title}</a>
          </li>
        ))}
      </ul>
      {articles.length > CAROUSEL_PAGE && (
        <div className="ref-controls">
          <button type="button" className="ref-button" disabled={prev === null} onClick={() => prev !== null && setStart(prev)}>
            Previous articles
          </button>
          <p className="ref-status" aria-live="polite">{`Articles ${start + 1} to ${end} of ${articles.length}`}</p>
          <button type="button" className="ref-button" disabled={next === null} onClick={() => next !== null && setStart(next)}>
            Next articles
          </button>
        </div>
      )}
    </section>
  );
}
