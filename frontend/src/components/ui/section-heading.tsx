import { type ReactNode } from 'react';

type SectionHeadingProps = {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  align?: 'center' | 'left';
  /** Lets a script move focus to the heading (`tabIndex={-1}`), e.g. after scrolling to it. */
  focusable?: boolean;
};

/** A section's h2 with an optional eyebrow line and intro paragraph. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = 'center',
  focusable = false,
}: SectionHeadingProps) {
  const centered = align === 'center';
  return (
    <div className={centered ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-emerald-400 uppercase">{eyebrow}</p>}
      <h2
        id={id}
        tabIndex={focusable ? -1 : undefined}
        className="mt-2 text-3xl font-bold tracking-tight text-white focus:outline-none sm:text-4xl"
      >
        {title}
      </h2>
      {intro && <p className="mt-4 text-base text-slate-400 sm:text-lg">{intro}</p>}
    </div>
  );
}
