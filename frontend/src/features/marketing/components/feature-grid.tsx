import { type LucideIcon } from 'lucide-react';
import { IconTile } from '../../../components/ui/icon-tile';

export interface FeatureGridItem {
  icon: LucideIcon;
  title: string;
  description: string;
}

type FeatureGridProps = {
  items: readonly FeatureGridItem[];
  /** Columns on large screens. */
  columns?: 2 | 3 | 4;
  variant?: 'card' | 'compact';
};

const columnClasses = {
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
};

/** Icon, title and description cards in a responsive grid (features, values, benefits). */
export function FeatureGrid({ items, columns = 3, variant = 'card' }: FeatureGridProps) {
  return (
    <ul className={`grid gap-5 ${columnClasses[columns]}`}>
      {items.map((item) =>
        variant === 'card' ? (
          <li
            key={item.title}
            className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6 transition-colors hover:border-emerald-400/40"
          >
            <IconTile icon={item.icon} />
            <h3 className="mt-4 text-lg font-semibold text-white">{item.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-400">{item.description}</p>
          </li>
        ) : (
          <li
            key={item.title}
            className="flex gap-4 rounded-xl border border-slate-800/70 bg-slate-900/40 p-5"
          >
            <item.icon className="mt-0.5 size-5 shrink-0 text-emerald-300" />
            <div>
              <h3 className="font-semibold text-white">{item.title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-slate-400">{item.description}</p>
            </div>
          </li>
        ),
      )}
    </ul>
  );
}
