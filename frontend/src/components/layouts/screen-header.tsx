/** The title block at the top of a signed-in screen. */
export function ScreenHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <header className="mb-8">
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-slate-400">{subtitle}</p>
    </header>
  );
}
