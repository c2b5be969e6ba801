import { Fragment, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { WatchButton } from '../../../components/ui/watch-button';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { type OptionChain as ChainResponse, type OptionContractRow } from '@shared/options/response-schemas';
import { TREASURY_SOURCE } from '@shared/providers/rates/rate-source';
import { NO_IV_REASON_TEXT } from '@shared/providers/chains/no-iv-reasons';
import { useOptionChain } from '../api/get-option-chain';
import { chainRows, spotIndex } from '../utils/chain-rows';
import { ProvenanceBadge } from '../../../components/ui/provenance-badge';
import {
  formatFractionPercent,
  formatGreek,
  formatInteger,
  formatPrice,
  formatDateTime,
} from '../utils/format';

const sideColumns = ['Bid', 'Ask', 'Last', 'Volume', 'OI', 'IV', 'Delta'] as const;

/** The IV, or "--" with why there is none (a real chain says why per contract). */
function ivCell(contract: OptionContractRow): ReactNode {
  if (contract.iv !== null || !contract.noIvReason) return formatFractionPercent(contract.iv);
  const why = NO_IV_REASON_TEXT[contract.noIvReason];
  return (
    <span title={`No IV: ${why}`}>
      --<span className="sr-only"> (no IV: {why})</span>
    </span>
  );
}

function sideCells(contract: OptionContractRow | undefined): ReactNode[] {
  if (!contract) return sideColumns.map(() => '—');
  return [
    contract.bid.toFixed(2),
    contract.ask.toFixed(2),
    contract.last.toFixed(2),
    formatInteger(contract.volume),
    formatInteger(contract.openInterest),
    ivCell(contract),
    formatGreek(contract.delta),
  ];
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;

/** Where the rate came from, in words: the Treasury's curve of its day, the fixed rate, or parity. */
function rateOrigin(forward: ChainResponse['forwards'][number]): string {
  if (forward.rateSource?.source === TREASURY_SOURCE) return `Treasury curve of ${forward.rateSource.day}`;
  if (forward.rateSource?.source === 'fixed' || forward.method === 'rate_and_yield') return 'fixed';
  return 'put-call parity';
}

/**
 * What the shown expiry is priced with: on a real chain its own forward, rate and carry yield (each
 * expiry has its own); on the simulated one the market's rate and dividend yield.
 */
function carryText(data: ChainResponse, expiration: string | undefined): string {
  const forward = data.forwards.find((f) => f.expiration === expiration);
  const years = data.contracts.find((c) => c.expiration === expiration)?.years ?? 0;
  if (!forward || !(years > 0))
    return `rate ${percent(data.rate)} · dividend yield ${percent(data.dividendYield)}`;
  const rate = -Math.log(forward.discount) / years;
  return `forward ${formatPrice(forward.forward)} · rate ${percent(rate)} (${rateOrigin(forward)}) · carry yield ${percent(forward.impliedYield)}`;
}

type OptionChainProps = {
  symbol: string;
  /** The expiration to open at (a position's); the nearest when absent or not listed. */
  initialExpiration?: string;
  /** Strikes to mark (a position's legs). */
  highlightStrikes?: readonly number[];
  /** Shown inside the position dialog: no symbol box, a smaller frame. */
  embedded?: boolean;
  onSymbolChange?: (symbol: string) => void;
  onClose: () => void;
};

/** GET /api/options-chain for one symbol: calls and puts side by side by strike, one expiration at a time. */
export function OptionChain({
  symbol,
  initialExpiration,
  highlightStrikes = [],
  embedded = false,
  onSymbolChange,
  onClose,
}: OptionChainProps) {
  const { data, error, isPending } = useOptionChain(symbol);
  const [chosen, setChosen] = useState<string | null>(initialExpiration ?? null);
  const legs = new Set(highlightStrikes);
  const [symbolInput, setSymbolInput] = useState(symbol);
  const expiration = data && chosen && data.expirations.includes(chosen) ? chosen : data?.expirations[0];
  const rows = data && expiration ? chainRows(data.contracts, expiration) : [];
  const spot = data?.underlyingPrice ?? 0;
  const spotAt = data ? spotIndex(rows, spot) : -1;

  // Open the table at the underlying's price, not at the deepest in-the-money strike.
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = scroller.current;
    const marker = container?.querySelector<HTMLElement>('[data-spot-row]');
    if (!container || !marker) return;
    const offset = marker.getBoundingClientRect().top - container.getBoundingClientRect().top;
    container.scrollTop += offset - container.clientHeight / 2;
  }, [expiration, spotAt]);

  function loadSymbol(event: FormEvent) {
    event.preventDefault();
    const next = symbolInput.trim().toUpperCase();
    if (next) onSymbolChange?.(next);
  }

  return (
    <section
      aria-labelledby="option-chain-title"
      className={
        embedded
          ? 'rounded-xl border border-slate-800 bg-slate-950/50 p-4'
          : 'mt-8 rounded-2xl border border-slate-800 bg-slate-900/70 p-4 sm:p-6'
      }
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2
            id="option-chain-title"
            tabIndex={-1}
            className="text-lg font-semibold text-white focus:outline-none"
          >
            {symbol} Option Chain
          </h2>
          {data && (
            <p className="mt-1 text-sm text-slate-400">
              Underlying{' '}
              <span className="font-semibold text-amber-200">{formatPrice(data.underlyingPrice)}</span> ·{' '}
              {carryText(data, expiration)} · as of {formatDateTime(data.asOf)}
            </p>
          )}
          {data && <ProvenanceBadge provenance={data} />}
        </div>
        <div className="flex flex-wrap gap-2">
          {!embedded && <WatchButton ticker={symbol} />}
          <Button variant="secondary" onClick={onClose}>
            {embedded ? 'Hide chain' : 'Close chain'}
          </Button>
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-end gap-3">
        <form onSubmit={loadSymbol} className={`${embedded ? 'hidden' : 'flex'} items-end gap-2`}>
          <div>
            <label htmlFor="chain-symbol" className="block text-sm font-medium text-slate-200">
              Symbol
            </label>
            <input
              id="chain-symbol"
              value={symbolInput}
              maxLength={10}
              onChange={(event) => setSymbolInput(event.target.value.toUpperCase())}
              list="scan-ticker-symbols"
              autoComplete="off"
              className="mt-1.5 block w-28 rounded-lg border border-slate-700 bg-slate-950 px-3 py-2.5 text-sm text-white uppercase focus:border-emerald-400 focus:ring-2 focus:ring-emerald-400/30 focus:outline-none"
            />
          </div>
          <Button type="submit" variant="secondary">
            Load
          </Button>
        </form>
        {data && (
          <SelectField
            id="chain-expiration"
            label="Expiration"
            value={expiration}
            onChange={(event) => setChosen(event.target.value)}
            options={data.expirations.map((date) => ({ value: date, label: date }))}
            className="w-44"
          />
        )}
      </div>

      <div className="mt-4">
        {error ? (
          <p
            role="alert"
            className="rounded-lg border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-200"
          >
            The chain for {symbol} could not be loaded: {error.message}
          </p>
        ) : isPending ? (
          <div role="status" className="flex items-center gap-3 py-8 text-sm text-slate-300">
            <Spinner className="size-5 text-emerald-400" /> Loading the {symbol} chain…
          </div>
        ) : (
          <div
            ref={scroller}
            className="relative max-h-[36rem] overflow-auto rounded-xl border border-slate-800"
          >
            <table className="w-full min-w-[900px] text-right text-sm tabular-nums">
              <caption className="sr-only">
                {symbol} calls and puts expiring {expiration}, by strike. In-the-money sides are shaded
                {legs.size > 0 ? "; the position's strikes are marked" : ''}.
              </caption>
              <thead className="sticky top-0 bg-slate-900 text-xs tracking-wide text-slate-400 uppercase">
                <tr>
                  <th
                    colSpan={sideColumns.length}
                    scope="colgroup"
                    className="px-2 py-1.5 text-center text-emerald-300"
                  >
                    Calls
                  </th>
                  <th
                    scope="col"
                    rowSpan={2}
                    className="border-x border-slate-800 px-3 py-1.5 text-center text-white"
                  >
                    Strike
                  </th>
                  <th
                    colSpan={sideColumns.length}
                    scope="colgroup"
                    className="px-2 py-1.5 text-center text-red-300"
                  >
                    Puts
                  </th>
                </tr>
                <tr>
                  {[...sideColumns, ...sideColumns].map((column, index) => (
                    <th key={index} scope="col" className="px-2 py-1.5 font-medium">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-800/70">
                {rows.map((row, index) => (
                  <Fragment key={row.strike}>
                    {index === spotAt && <SpotRow price={spot} />}
                    <tr
                      className={
                        legs.has(row.strike)
                          ? 'text-white ring-1 ring-emerald-400/60 ring-inset'
                          : 'text-slate-300'
                      }
                      data-leg-row={legs.has(row.strike) ? '' : undefined}
                    >
                      {sideCells(row.call).map((value, i) => (
                        <td
                          key={`c${i}`}
                          className={`px-2 py-1.5 ${row.strike < spot ? 'bg-emerald-400/5' : ''}`}
                        >
                          {value}
                        </td>
                      ))}
                      <th
                        scope="row"
                        className="border-x border-slate-800 bg-slate-900 px-3 py-1.5 text-center font-semibold text-white"
                      >
                        {row.strike.toFixed(2)}
                        {legs.has(row.strike) && <span className="sr-only"> (position leg)</span>}
                      </th>
                      {sideCells(row.put).map((value, i) => (
                        <td
                          key={`p${i}`}
                          className={`px-2 py-1.5 ${row.strike > spot ? 'bg-red-400/5' : ''}`}
                        >
                          {value}
                        </td>
                      ))}
                    </tr>
                  </Fragment>
                ))}
                {spotAt === rows.length && <SpotRow price={spot} />}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

function SpotRow({ price }: { price: number }) {
  return (
    <tr data-spot-row className="bg-amber-400/10">
      <td
        colSpan={sideColumns.length * 2 + 1}
        className="px-3 py-1 text-center text-xs font-semibold text-amber-200"
      >
        Underlying {formatPrice(price)}
      </td>
    </tr>
  );
}
