import ChevronDown from 'lucide-react/icons/chevron-down';
import { useId, useState, type ReactNode } from 'react';

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

type AccordionProps = {
  items: readonly AccordionItem[];
  /** Heading level of each item's title (the button sits inside it). */
  headingLevel?: 'h2' | 'h3';
};

/**
 * A disclosure list with at most one item open: opening one closes the other, clicking the open
 * one closes it. Each title is a button with `aria-expanded` and `aria-controls`.
 */
export function Accordion({ items, headingLevel: Heading = 'h3' }: AccordionProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();

  return (
    <div className="divide-y divide-slate-800 rounded-2xl border border-slate-800 bg-slate-900/60">
      {items.map((item) => {
        const isOpen = item.id === openId;
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id}>
            <Heading className="text-base font-semibold">
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpenId(isOpen ? null : item.id)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-slate-100 hover:text-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-400"
              >
                {item.title}
                <ChevronDown
                  className={`size-5 shrink-0 text-slate-400 transition-transform ${isOpen ? 'rotate-180' : ''}`}
                />
              </button>
            </Heading>
            <div id={panelId} hidden={!isOpen} className="px-5 pb-5 text-sm leading-relaxed text-slate-300">
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
