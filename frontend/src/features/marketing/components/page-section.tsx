import { type ReactNode } from 'react';

/** A full-width band of a marketing page with the standard width and spacing. */
export function PageSection({
  children,
  className = '',
  labelledBy,
}: {
  children: ReactNode;
  className?: string;
  /** Id of the heading naming the section. */
  labelledBy?: string;
}) {
  return (
    <section aria-labelledby={labelledBy} className={`py-16 sm:py-20 ${className}`}>
      <div className="mx-auto max-w-6xl px-6">{children}</div>
    </section>
  );
}
