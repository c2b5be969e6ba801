import { useId, type ReactNode } from 'react';

export type PanelVariant = 'default' | 'compact';

type PanelProps = {
  title: string;
  /** Controls or labels at the right of the heading. */
  actions?: ReactNode;
  /** 'compact': the full-screen grid's tile (smaller heading, scrolls inside). */
  variant?: PanelVariant;
  className?: string;
  children: ReactNode;
};

/** A titled dashboard section: a landmark named by its heading. */
export function Panel({ title, actions, variant = 'default', className = '', children }: PanelProps) {
  const id = useId();
  const compact = variant === 'compact';
  return (
    <section
      aria-labelledby={id}
      className={`flex min-w-0 flex-col rounded-2xl border border-slate-800 ${
        compact ? 'max-h-[30rem] bg-slate-900/70 p-4 md:min-h-64' : 'bg-slate-900/60 p-5'
      } ${className}`}
    >
      <div className={`flex flex-wrap items-center justify-between gap-2 ${compact ? 'mb-3' : 'mb-4'}`}>
        <h2
          id={id}
          className={
            compact
              ? 'text-sm font-semibold tracking-wide text-white uppercase'
              : 'text-base font-semibold text-white'
          }
        >
          {title}
        </h2>
        {actions}
      </div>
      <div className={compact ? 'min-h-0 flex-1 overflow-y-auto' : ''}>{children}</div>
    </section>
  );
}
