import { useId } from 'react';
import { TEXT } from '../rules/texts';

/**
 * A signed-in shopper's saved-search titles (only signed-in users see them, search-results §6);
 * a list that could not be read says so rather than showing none.
 */
export function SavedSearchTitles({ titles, unavailable = false }: { titles: string[]; unavailable?: boolean }) {
  const headingId = useId();
  if (unavailable)
    return (
      <section className="alr-saved" aria-labelledby={headingId}>
        <h2 id={headingId} className="alr-saved-heading">
          {TEXT.savedSearchesHeading}
        </h2>
        <p role="status">{TEXT.savedSearchesUnavailable}</p>
      </section>
    );
  if (titles.length === 0) return null;
  return (
    <section className="alr-saved" aria-labelledby={headingId}>
      <h2 id={headingId} className="alr-saved-heading">
        {TEXT.savedSearchesHeading}
      </h2>
      <ul className="alr-saved-list">
        {titles.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
    </section>
  );
}
