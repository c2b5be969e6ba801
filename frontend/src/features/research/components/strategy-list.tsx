import type { ScannerLinkState } from '@shared/chat/scanner-link';
import type { StrategySuggestion } from '@shared/chat/schemas';
import { Badge } from '../../../components/ui/badge';
import { RISK_LABELS, formatPrice, riskToneOf } from '../utils/format';

type StrategyListProps = {
  strategies: StrategySuggestion[];
  /** Opens the suggested position in the Options Scanner. */
  onOpen: (state: ScannerLinkState) => void;
};

function linkState(suggestion: StrategySuggestion): ScannerLinkState {
  const { position } = suggestion;
  return position
    ? {
        symbol: suggestion.symbol,
        strategy: position.strategy,
        expiration: position.expiration,
        strikes: position.strikes,
      }
    : { symbol: suggestion.symbol };
}

/** 'Suggested Strategies': symbol, strategy, probability %, risk (low green, medium yellow, high red). */
export function StrategyList({ strategies, onOpen }: StrategyListProps) {
  if (strategies.length === 0) return null;
  return (
    <section
      aria-label="Suggested Strategies"
      className="rounded-xl border border-slate-800 bg-slate-950/60 p-3 sm:p-4"
    >
      <h3 className="text-sm font-semibold text-white">Suggested Strategies</h3>
      <ul className="mt-2 divide-y divide-slate-800">
        {strategies.map((suggestion, i) => {
          const { position } = suggestion;
          return (
            <li key={`${suggestion.symbol}-${suggestion.strategy}-${i}`}>
              <button
                type="button"
                onClick={() => onOpen(linkState(suggestion))}
                aria-label={`Open ${suggestion.strategy} ${suggestion.symbol} in the scanner: ${suggestion.probability}% probability of profit, ${RISK_LABELS[suggestion.risk]} risk`}
                className="grid w-full grid-cols-[3.25rem_minmax(0,1fr)_auto] items-center gap-x-3 rounded-lg px-2 py-2.5 text-left hover:bg-slate-800/60 focus-visible:outline-2 focus-visible:outline-emerald-300 sm:grid-cols-[4rem_minmax(0,1fr)_auto]"
              >
                <span className="font-mono text-sm font-semibold text-white">{suggestion.symbol}</span>
                <span className="text-sm text-slate-200">
                  {suggestion.strategy}
                  {position && (
                    <span className="block text-xs break-words text-slate-400">
                      {position.expiration} · strikes {position.strikes.join('/')} · max loss{' '}
                      {position.maxLoss === null ? 'unlimited' : formatPrice(position.maxLoss)}
                    </span>
                  )}
                </span>
                <span className="flex flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-3">
                  <span className="text-sm font-semibold text-slate-100">{suggestion.probability}%</span>
                  <Badge tone={riskToneOf(suggestion.risk)}>{RISK_LABELS[suggestion.risk]}</Badge>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-slate-500">
        Probability of profit and risk are computed by the options engine for each position (simulated data).
        Risk is how much of the capital it can lose within one expected move.
      </p>
    </section>
  );
}
