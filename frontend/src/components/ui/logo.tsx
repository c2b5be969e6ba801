import { Link } from 'react-router-dom';

export const BRAND_NAME = 'Edge Options';

/** The brand mark, linking home. */
export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-white focus-visible:outline-2 focus-visible:outline-emerald-400"
    >
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-emerald-400 to-cyan-500 text-sm font-black text-slate-950"
      >
        E
      </span>
      {BRAND_NAME}
    </Link>
  );
}
