/** Marks demo content as a fixed sample, so nobody mistakes it for live market data. */
export function SampleLabel({ children = 'Illustrative sample' }: { children?: string }) {
  return (
    <span className="rounded-full border border-amber-400/30 bg-amber-400/10 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-amber-200 uppercase">
      {children}
    </span>
  );
}
