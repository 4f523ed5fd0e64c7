import { useId } from 'react';
import { TEXT } from '../rules/texts';

/** A signed-in shopper's saved-search titles (only signed-in users see them, search-results §6). */
export function SavedSearchTitles({ titles }: { titles: string[] }) {
  const headingId = useId();
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
