import { useId, type ReactNode } from 'react';

type PanelProps = {
  title: string;
  /** Controls or labels at the right of the heading. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A titled dashboard section: a landmark named by its heading. */
export function Panel({ title, actions, className = '', children }: PanelProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border border-slate-800 bg-slate-900/60 p-5 ${className}`}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-white">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
