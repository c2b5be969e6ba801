/**
 * GET /api/positions: the caller's open trades marked to the market on read (docs/decisions/
 * positions-marked-on-read.md). Each ticker's chain is read once a request from the market the
 * scanner reads: the simulated market's chain at this minute (the same pure function of symbol
 * and minute as the scanner's snapshot, kept per minute), or the configured provider's chain with
 * its provenance. Expired trades are first settled (shared/src/trades/settlement.ts) at the
 * underlying's close on expiry day: the simulated market's, or on a real provider the close the
 * chain snapshot job recorded (../market/recorded-closes); without one, left for the trader to close.
 */
import { CappedMap } from '@shared/cache/capped-map';
import { POSITIONS_REFRESH_MS } from '@shared/constants/timings';
import { generateChain } from '@shared/options/chain';
import { realChainView } from '@shared/options/real-chain';
import { priceChain, workFor } from '@shared/options/snapshot';
import { isoDateOf, newYorkTime, nextSessionOpen } from '@shared/market/calendar';
import { nextEarningsDate } from '@shared/market/earnings';
import { underlyingAt, UnknownSymbolError } from '@shared/market/quotes';
import { universeEntry } from '@shared/market/universe';
import { markChainFromSnapshot, markChainFromView, type MarkChain } from '@shared/trades/mark-chain';
import { markTrade, portfolioTotals } from '@shared/trades/marks';
import type { MarkedPosition, PositionsResponse } from '@shared/trades/position-schemas';
import { DEFAULT_TARGET_RULES, type TargetRules } from '@shared/trades/target-rules';
import { expiredOn, expiryClose, settleExpired } from '@shared/trades/settlement';
import { TRADE_NOTES_MAX } from '@shared/trades/schemas';
import { SnapshotStoreError } from '@shared/providers/chains/shared-snapshot';
import { marketNow } from '../common/clock';
import { NotFoundError } from '../common/errors';
import { providerLabel, type ChainSource } from '../market/chain-source';
import type { RecordedCloses } from '../market/recorded-closes';
import { carryOf, realChain, type Provenance } from '../market/service';
import type { StoredTrade } from '../trades/repository';
import { nextUpdatedAt, storedTrade, writing, type JournalStore } from '../trades/service';

export interface PositionsDeps {
  journal: JournalStore;
  /** The configured chain provider; null for the simulated market. */
  chains: ChainSource | null;
  /** The closes the chain snapshot job recorded (a real provider's settlements); null or absent: none kept. */
  closes?: RecordedCloses | null;
}

interface ServedMarkChain {
  chain: MarkChain;
  provenance: Provenance;
}

/** Simulated chains of this minute and the last, per symbol: every user's request this minute shares them. */
const simulatedChains = new CappedMap<string, MarkChain>(400);

function simulatedMarkChain(symbol: string, at: Date): MarkChain {
  const key = `${symbol} ${Math.floor(at.getTime() / 60_000)}`;
  const kept = simulatedChains.get(key);
  if (kept) return kept;
  const chain = generateChain(symbol, at);
  const work = workFor(chain);
  priceChain(chain, work);
  const marked = markChainFromSnapshot(chain, work);
  simulatedChains.set(key, marked);
  return marked;
}

async function chainFor(
  deps: Pick<PositionsDeps, 'chains'>,
  symbol: string,
  at: Date,
): Promise<ServedMarkChain> {
  if (!deps.chains)
    return {
      chain: simulatedMarkChain(symbol, at),
      provenance: { source: 'simulated', delayed: false, stale: null },
    };
  const { priced, provenance } = await realChain(deps.chains, symbol);
  const view = realChainView(priced, carryOf(symbol, new Date(priced.asOf)));
  return { chain: markChainFromView(view), provenance };
}

/**
 * Closes an expired trade at its settlement, from `closeOf(expiration)`, the underlying's close
 * that day, with `source` (where a real close came from) added to its notes; null when the trade
 * changed meanwhile.
 */
async function settle(
  deps: PositionsDeps,
  trade: StoredTrade,
  at: Date,
  closeOf: (expiration: string) => number,
  source: string | null = null,
): Promise<PositionsResponse['settled'][number] | null> {
  const settlement = settleExpired(trade, at, closeOf);
  if (!settlement) return null;
  const notes = [settlement.notes, source].filter(Boolean).join('\n').slice(0, TRADE_NOTES_MAX);
  const { opened_sk: _sk, tag_keys: _tags, opening_key: key, fingerprint: _fp, ...base } = trade;
  const row = storedTrade(
    {
      ...base,
      exit_price: settlement.exit_price,
      closed_at: settlement.closed_at,
      notes,
      tags: settlement.tags,
      updated_at: nextUpdatedAt(trade.updated_at, at),
    },
    key,
  );
  const written = await writing(deps.journal, trade.user_id, () =>
    deps.journal.trades.replace(row, trade.updated_at),
  );
  if (!written) return null;
  return {
    trade_id: trade.trade_id,
    ticker: trade.ticker,
    exit_price: settlement.exit_price,
    settlement_price: settlement.settlement_price,
    assigned: settlement.assigned,
  };
}

/**
 * The closes a real provider's expired trade settles at, by expiration, or why it cannot be
 * settled: until the next session opens the closing snapshot may still record one.
 */
async function recordedClosesOf(
  deps: PositionsDeps,
  trade: StoredTrade,
  expired: string,
  at: Date,
): Promise<{ closes: Map<string, number>; source: string } | string> {
  const byHand = `Expired ${expired}: close it by hand`;
  if (!deps.closes)
    return `${byHand} (settling it needs ${trade.ticker}'s close that day, and this stage records none)`;
  const expirations = [
    ...new Set(
      (trade.legs ?? []).flatMap((leg) => (leg.kind !== 'stock' && leg.expiration ? [leg.expiration] : [])),
    ),
  ].sort();
  const closes = new Map<string, number>();
  const sources: string[] = [];
  for (const day of expirations) {
    let close;
    try {
      close = await deps.closes.close(trade.ticker, day);
    } catch (error) {
      if (!(error instanceof SnapshotStoreError)) throw error;
      return `${byHand}, or try again (${trade.ticker}'s close on ${day} could not be read: ${error.message})`;
    }
    if (!close)
      return at.getTime() < nextSessionOpen(expiryClose(day)).getTime()
        ? `Expired ${expired}: settles once ${trade.ticker}'s close on ${day} is recorded (after the session)`
        : `${byHand} (${trade.ticker}'s close on ${day} was not recorded)`;
    closes.set(day, close.price);
    sources.push(
      `${trade.ticker} close on ${day} from ${providerLabel(close.provider)}: its last price, at ${close.at}.`,
    );
  }
  return { closes, source: sources.join('\n') };
}

/**
 * The underlying's next report day for the earnings rule (shared/src/trades/targets.ts): known in
 * the simulated market for its own stocks (funds and indices do not report) (with a provider's calendar laid over where it covers);
 * null otherwise, which skips the rule (docs/known-limits.md).
 */
function earningsOf(deps: Pick<PositionsDeps, 'chains'>, ticker: string, at: Date): string | null {
  if (deps.chains || universeEntry(ticker)?.kind !== 'stock') return null;
  return isoDateOf(nextEarningsDate(ticker, newYorkTime(at).dayNumber));
}

/** What marking some open trades gives: the positions, those that could not be marked, and the quotes' provenance. */
export interface MarkedTrades {
  positions: MarkedPosition[];
  unmarked: PositionsResponse['unmarked'];
  provenance: PositionsResponse['provenance'];
}

/**
 * Open trades with legs that have not expired, marked from the market at `at` (each ticker's
 * chain read once) against the owner's target rules. The route and the positions job share it.
 */
export async function markTrades(
  deps: Pick<PositionsDeps, 'chains'>,
  toMark: readonly StoredTrade[],
  at: Date,
  rules: TargetRules = DEFAULT_TARGET_RULES,
): Promise<MarkedTrades> {
  const unmarked: PositionsResponse['unmarked'] = [];
  const chains = new Map<string, ServedMarkChain | string>();
  for (const ticker of new Set(toMark.map((trade) => trade.ticker))) {
    try {
      chains.set(ticker, await chainFor(deps, ticker, at));
    } catch (error) {
      if (error instanceof UnknownSymbolError)
        chains.set(ticker, `${ticker} has no option chain in this market`);
      else if (error instanceof NotFoundError) chains.set(ticker, error.message);
      else throw error;
    }
  }

  const positions: MarkedPosition[] = [];
  for (const trade of toMark) {
    const served = chains.get(trade.ticker)!;
    if (typeof served === 'string')
      unmarked.push({ trade_id: trade.trade_id, ticker: trade.ticker, reason: served });
    else
      positions.push(
        markTrade(trade, served.chain, undefined, {
          nextEarnings: earningsOf(deps, trade.ticker, at),
          rules,
        }),
      );
  }

  const served = [...chains.values()].filter((value): value is ServedMarkChain => typeof value !== 'string');
  const asOf = served.map((s) => s.chain.asOf).sort()[0] ?? null;
  const stale = served
    .map((s) => s.provenance.stale)
    .filter((s) => s !== null)
    .sort((a, b) => b.ageSeconds - a.ageSeconds)[0];
  return {
    positions,
    unmarked,
    provenance: {
      source: deps.chains ? deps.chains.provider.name : 'simulated',
      as_of: asOf,
      delayed: served.some((s) => s.provenance.delayed),
      stale: stale ? { reason: stale.reason, age_seconds: stale.ageSeconds } : null,
    },
  };
}

/** The caller's open trades marked to the market against their own target rules (expired ones settled first). */
export async function markedPositions(
  deps: PositionsDeps,
  userId: string,
  at: Date = marketNow(),
  rules: TargetRules = DEFAULT_TARGET_RULES,
): Promise<PositionsResponse> {
  const open = await deps.journal.trades.all({ userId, order: 'opened', status: 'open' });
  const unmarked: PositionsResponse['unmarked'] = [];
  const settled: PositionsResponse['settled'] = [];
  const toMark: StoredTrade[] = [];
  for (const trade of open) {
    if (!trade.legs || trade.legs.length === 0) {
      unmarked.push({
        trade_id: trade.trade_id,
        ticker: trade.ticker,
        reason: 'No legs recorded: track it from the scanner or a feed to mark it',
      });
      continue;
    }
    const expired = expiredOn(trade, at);
    if (expired === null) {
      toMark.push(trade);
      continue;
    }
    let result;
    if (deps.chains) {
      const recorded = await recordedClosesOf(deps, trade, expired, at);
      if (typeof recorded === 'string') {
        unmarked.push({ trade_id: trade.trade_id, ticker: trade.ticker, reason: recorded });
        continue;
      }
      result = await settle(deps, trade, at, (day) => recorded.closes.get(day)!, recorded.source);
    } else if (universeEntry(trade.ticker)) {
      result = await settle(deps, trade, at, (day) => underlyingAt(trade.ticker, expiryClose(day)).spot);
    } else {
      unmarked.push({
        trade_id: trade.trade_id,
        ticker: trade.ticker,
        reason: `Expired ${expired}: settling it needs ${trade.ticker}'s close that day, which the simulated market does not have; close it by hand`,
      });
      continue;
    }
    if (result) settled.push(result);
  }

  const marked = await markTrades(deps, toMark, at, rules);
  const positions = marked.positions;
  return {
    positions,
    totals: portfolioTotals(positions),
    unmarked: [...unmarked, ...marked.unmarked],
    settled,
    provenance: marked.provenance,
    refresh_seconds: POSITIONS_REFRESH_MS / 1000,
  };
}
