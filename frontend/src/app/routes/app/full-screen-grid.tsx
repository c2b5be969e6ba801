/** Full-screen mode (spec 2, signed-in shell): the compact grid that replaces the page under /dashboard. */
export function FullScreenGrid() {
  return (
    <section aria-label="Full screen view" className="p-4 text-slate-300">
      The full-screen grid is being built.
    </section>
  );
}
