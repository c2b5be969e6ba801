/** The title block at the top of a signed-in screen; `badge` marks e.g. simulated data. */
export function ScreenHeader({
  title,
  subtitle,
  badge,
}: {
  title: string;
  subtitle: string;
  badge?: string;
}) {
  return (
    <header className="mb-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{title}</h1>
        {badge && (
          <span className="rounded-full border border-amber-400/30 bg-amber-400/10 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-amber-200 uppercase">
            {badge}
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-400">{subtitle}</p>
    </header>
  );
}
