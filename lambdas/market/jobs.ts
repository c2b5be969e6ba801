import { marketClock } from '../common/clock';
import { recordMetric, scheduledJob } from '../common/observability';
import { chainRefreshMs, historyProviderFor, snapshotProvider } from './chain-source';
import { configuredRateProvider } from './rates';
import { snapshotSymbols, writeChainSnapshot } from './snapshot-job';
import { configuredSnapshotStore } from './snapshot-store';

const provider = snapshotProvider();
const store = configuredSnapshotStore();
const history = historyProviderFor(provider);
const rates = provider ? configuredRateProvider() : undefined;

/**
 * Scheduled job (shared/src/schedules.ts): this minute's shared chain snapshot from the stage's
 * real chain provider (or CBOE, where only the quotes come from it). With the simulated market
 * there is nothing to fetch: its chains are a pure function of the minute, derived where they are
 * read (docs/decisions/shared-chain-snapshot.md). Outside the sessions (and their 20-minute tails)
 * it writes the closing snapshot once, then nothing until the next open.
 */
export const snapshotChains = scheduledJob('market', 'snapshotChains', async (logger) => {
  if (!provider) return { skipped: 'the stage’s chains and quotes are simulated' };
  if (!store) throw new Error('CHAINS_PROVIDER is a real provider but no chain snapshot store is configured');
  const run = await writeChainSnapshot({
    provider,
    store,
    history,
    rates,
    symbols: snapshotSymbols(),
    market: marketClock(),
    periodMs: chainRefreshMs(),
  });
  if (run.written) {
    recordMetric('chainSnapshotStale', run.stale.length);
    recordMetric('chainSnapshotAge', run.oldestAgeMs);
  }
  const log = {
    slot: run.slot,
    written: run.written,
    fresh: run.fresh.length,
    stale: run.stale,
    missing: run.missing,
    ms: run.ms,
    history: run.history,
  };
  // Not one chain from the provider (down since before the first snapshot): the run fails, and the
  // function-errors alarm fires; symbols it had sent before are served stale (the stale alarm).
  if (run.written && run.fresh.length === 0)
    throw new Error(`No chain from the provider in this run: ${JSON.stringify(log)}`);
  logger.info('chain snapshot', log);
  return run;
});
