import type { EditorialTab } from '../rules/editorial';

/** An editorial tab: the articles of one category, each a link to the article. */
export function EditorialPanel({ tab }: { tab: EditorialTab }) {
  return (
    <ul className="ref-articles">
      {tab.articles.map((a) => (
        <li key={a.link} className="ref-article">
          {a.image && <img src={a.image} alt="" width={120} height={68} loading="lazy" />}
          <a href={a.link}>{a.title}</a>
        </li>
      ))}
    </ul>
  );
}
