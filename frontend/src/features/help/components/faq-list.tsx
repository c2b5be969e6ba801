import { Accordion } from '../../../components/ui/accordion';
import { HELP_FAQS } from '../data/faqs';

const items = HELP_FAQS.map((faq) => ({ id: faq.id, title: faq.question, content: <p>{faq.answer}</p> }));

/** The eight FAQ items; at most one open at a time. */
export function FaqList() {
  return <Accordion items={items} />;
}
