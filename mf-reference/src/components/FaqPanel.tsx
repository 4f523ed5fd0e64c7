import type { Faq } from '../rules/faq';

/** The FAQs tab: each question a heading, its answer below. */
export function FaqPanel({ faqs }: { faqs: Faq[] }) {
  return (
    <div className="ref-faqs">
      {faqs.map((f) => (
        <div key={f.question} className="ref-faq">
          <h3 className="ref-subheading">{f.question}</h3>
          <p>{f.answer}</p>
          {f.figures && (
            <dl className="ref-faq-figures">
              {f.figures.map((g) => (
                <div key={g.name}>
                  <dt>{g.name}</dt>
                  <dd>{g.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      ))}
    </div>
  );
}
