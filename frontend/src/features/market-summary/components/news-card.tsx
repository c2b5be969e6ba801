import { newsRelativeTime } from '@shared/format/relative-time';
import type { NewsItem } from '@shared/market/schemas';
import type { Tone } from '@shared/ui/colour-bands';
import { Badge } from '../../../components/ui/badge';

const IMPACT_TONES: Record<NewsItem['impact'], Tone> = { high: 'red', medium: 'yellow', low: 'blue' };
const SENTIMENT = {
  bullish: { label: 'Bullish', arrow: '↗', className: 'text-green-400' },
  bearish: { label: 'Bearish', arrow: '↘', className: 'text-red-400' },
  neutral: { label: 'Neutral', arrow: '→', className: 'text-slate-300' },
} as const;

export const categoryLabel = (category: string): string =>
  category.charAt(0).toUpperCase() + category.slice(1);

/** One story: impact, sentiment, age, summary, tickers, the trading implication and its source. */
export function NewsCard({ item, now }: { item: NewsItem; now: Date }) {
  const sentiment = SENTIMENT[item.sentiment];
  const titleId = `news-${item.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-800 bg-slate-950/60 p-4">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <Badge tone={IMPACT_TONES[item.impact]}>{item.impact.toUpperCase()} IMPACT</Badge>
        <span className="rounded-full bg-slate-800 px-2 py-0.5 text-slate-300">
          {categoryLabel(item.category)}
        </span>
        <span className={`font-medium ${sentiment.className}`}>
          <span aria-hidden="true">{sentiment.arrow} </span>
          {sentiment.label}
        </span>
        <time dateTime={item.timestamp} className="ml-auto text-slate-400">
          {newsRelativeTime(item.timestamp, now)}
        </time>
      </div>
      <h4 id={titleId} className="mt-2 font-semibold text-white">
        {item.title}
      </h4>
      <p className="mt-1 text-sm text-slate-300">{item.summary}</p>
      <ul aria-label="Tickers" className="mt-2 flex flex-wrap gap-1.5">
        {item.tickers.map((ticker) => (
          <li
            key={ticker}
            className="rounded bg-emerald-500/10 px-1.5 py-0.5 font-mono text-xs text-emerald-300"
          >
            {ticker}
          </li>
        ))}
      </ul>
      <div className="mt-3 rounded-lg border border-blue-400/20 bg-blue-400/5 p-3">
        <p className="text-xs font-semibold tracking-wide text-blue-300 uppercase">Trading Implication</p>
        <p className="mt-1 text-sm text-slate-200">{item.tradingImplication}</p>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-400">
        <span>Source: {item.sourceName}</span>
        <a
          href={item.sourceUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Read Full Article → ${item.title} (opens ${new URL(item.sourceUrl).hostname} in a new tab)`}
          className="font-medium text-emerald-300 hover:text-emerald-200"
        >
          Read Full Article →
        </a>
      </div>
    </article>
  );
}
