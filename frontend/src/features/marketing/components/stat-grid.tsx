/** Value-over-label stat cards. */
export function StatGrid({ stats }: { stats: readonly { label: string; value: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col gap-1 rounded-2xl border border-slate-800 bg-slate-900/60 px-5 py-6 text-center"
        >
          <dt className="text-sm text-slate-400">{stat.label}</dt>
          <dd className="order-first text-2xl font-bold text-white sm:text-3xl">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
