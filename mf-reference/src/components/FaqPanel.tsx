import type { Faq } from '../rules/faq';

/** The FAQs tab: each question a heading, its answer below. */
export function FaqPanel({ faqs }: { faqs: Faq[] }) {
  return (
    <div className="ref-faqs">
      {faqs.map((f) => (
        <div key={f.question} className="ref-faq">
          <h3 className="ref-subheading">{f.question}</h3>
          <p>{f.answer}</p>
        </div>
      ))}
    </div>
  );
}
