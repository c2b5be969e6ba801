import { type LucideIcon } from 'lucide-react';
import Layers from 'lucide-react/icons/layers';
import Search from 'lucide-react/icons/search';
import Sparkles from 'lucide-react/icons/sparkles';
import { type ReactNode } from 'react';
import { CHAT_PREVIEW, DARK_POOL_PREVIEW, SCANNER_PREVIEW } from '../data/preview';
import { EdgeScoreBadge } from './edge-score-badge';
import { SampleLabel } from './sample-label';

function PreviewCard({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <article className="flex flex-col rounded-2xl border border-slate-800 bg-slate-900/80 p-5 text-left shadow-xl shadow-black/30">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-sm font-semibold whitespace-nowrap text-white">
          <Icon className="size-4 text-emerald-300" />
          {title}
        </h2>
        <SampleLabel />
      </header>
      <div className="mt-4 flex-1">{children}</div>
    </article>
  );
}

/** The hero's three previews of the product, with fixed sample data clearly labelled as such. */
export function PreviewCards() {
  return (
    <div
      className="grid gap-5 md:grid-cols-3"
      aria-label="Product previews (illustrative samples)"
      role="group"
    >
      <PreviewCard icon={Layers} title="Dark Pool Flow">
        <ul className="space-y-2.5">
          {DARK_POOL_PREVIEW.map((flow) => (
            <li key={flow.ticker} className="flex items-center justify-between gap-2 text-sm">
              <span>
                <span className="font-semibold text-white">{flow.ticker}</span>{' '}
                <span className={flow.side === 'Buy' ? 'text-emerald-300' : 'text-red-300'}>{flow.side}</span>
                <span className="block text-xs text-slate-400">
                  {flow.size} · {flow.pattern}
                </span>
              </span>
              <EdgeScoreBadge score={flow.edgeScore} />
            </li>
          ))}
        </ul>
      </PreviewCard>
      <PreviewCard icon={Sparkles} title="AI Research Chat">
        <div className="space-y-3 text-sm">
          <p className="ml-auto w-fit max-w-[90%] rounded-xl rounded-br-sm bg-emerald-500/15 px-3 py-2 text-emerald-100">
            {CHAT_PREVIEW.question}
          </p>
          <p className="max-w-[95%] rounded-xl rounded-bl-sm bg-slate-800 px-3 py-2 text-slate-200">
            {CHAT_PREVIEW.answer}
          </p>
        </div>
      </PreviewCard>
      <PreviewCard icon={Search} title="Options Scanner">
        <table className="w-full text-sm">
          <caption className="sr-only">Sample scan results</caption>
          <thead>
            <tr className="text-left text-xs text-slate-400">
              <th scope="col" className="pb-2 font-medium">
                Ticker
              </th>
              <th scope="col" className="pb-2 font-medium">
                Strategy
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                Edge
              </th>
            </tr>
          </thead>
          <tbody>
            {SCANNER_PREVIEW.map((row) => (
              <tr key={row.ticker} className="border-t border-slate-800">
                <td className="py-2 font-semibold text-white">{row.ticker}</td>
                <td className="py-2 text-slate-300">
                  {row.strategy}
                  <span className="block text-xs text-slate-500">{row.strike}</span>
                </td>
                <td className="py-2 text-right">
                  <EdgeScoreBadge score={row.edgeScore} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </PreviewCard>
    </div>
  );
}
