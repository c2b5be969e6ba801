import type { Quote } from '@shared/market/schemas';
import { changeText } from '../utils/format';

/** '+1.25 (+0.28%)' in green, or red when down. */
export function QuoteChange({ quote, className = '' }: { quote: Quote; className?: string }) {
  return (
    <span className={`tabular-nums ${changeText(quote.isPositive)} ${className}`}>
      <span aria-hidden="true">{quote.isPositive ? '▲' : '▼'} </span>
      {quote.change} ({quote.changePercent})
    </span>
  );
}
