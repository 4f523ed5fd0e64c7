import { useId } from 'react';
import { TEXT } from '../rules/texts';

/**
 * A signed-in shopper's saved-search titles (only signed-in users see them, search-results §6);
 * a list that could not be read says so rather than showing none.
 */
export function SavedSearchTitles({
  titles,
  unavailable = false,
  texts = null,
  count = null,
}: {
  titles: string[];
  unavailable?: boolean;
  /** The texts the saved searches carry (search-results §3: textModalDisclaimer, instructions). */
  texts?: { disclaimer: string | null; instructions: string | null } | null;
  /** The saved-search count, on the brand that shows it (the valuation brand, search-results §6). */
  count?: number | null;
}) {
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
      {count !== null && <p className="alr-saved-count">{TEXT.savedSearchCount(count)}</p>}
      <ul className="alr-saved-list">
        {titles.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      {texts?.instructions && <p className="alr-saved-note">{texts.instructions}</p>}
      {texts?.disclaimer && <p className="alr-saved-note">{texts.disclaimer}</p>}
    </section>
  );
}
