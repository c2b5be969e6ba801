/**
 * The chain provider the stage configured (CHAINS_PROVIDER: simulated, cboe, polygon or tradier), beside
 * the quote provider's factory (./quote-source), and the last good chain of each symbol.
 *
 * A real provider's chain is kept per symbol: fresh for FRESH_MS (CBOE refreshes its delayed
 * quotes about once a minute; CHAINS_REFRESH_SECONDS sets another interval), then fetched again. When the provider fails (an error status, a
 * timeout, a body that is not a chain) the last good chain is served marked stale with its age;
 * with none, ChainUnavailableError. Never simulated numbers in a real provider's place. Its daily
 * history (the forecast's closes) is asked once per symbol per day and kept.
 *
 * Where the stage keeps a shared chain snapshot (./snapshot-store: S3 in AWS, a directory under
 * `npm start`), chains are read from it instead (./snapshot-chains), already priced by the job that
 * writes it once a minute (./snapshot-job), and no function asks the provider itself.
 */
import { CappedMap } from '@shared/cache/capped-map';
import { DATA_SOURCE_LABELS } from '@shared/market/schemas';
import {
  ChainProviderError,
  type ChainProvider,
  type ChainSnapshot,
  type FetchJson,
} from '@shared/providers/chains/chain';
import { cboeChainUrl, parseCboeChain } from '@shared/providers/chains/cboe';
import { fetchPolygonChain } from '@shared/providers/chains/polygon';
import { fetchTradierChain, pacedFetchJson, TRADIER_PRODUCTION_URL } from '@shared/providers/chains/tradier';
import type { RealChainHistory } from '@shared/options/real-chain';
import {
  cboeHistoryProvider,
  emptyHistory,
  polygonHistoryProvider,
  withProviderCloses,
  type HistoryProvider,
} from '@shared/providers/history/daily-history';
import { isoDateOf, newYorkTime } from '@shared/market/calendar';
import type { TreasuryCurve } from '@shared/providers/rates/treasury';
import { runtimeEnv } from '@shared/secrets';
import { marketClock } from '../common/clock';
import { readSecret } from '../common/secrets';
import { ChainUnavailableError, type ChainSource, type ServedChain } from './chain-types';
import { SnapshotChains } from './snapshot-chains';
import { configuredSnapshotStore } from './snapshot-store';
import { configuredRateProvider, KeptRates } from './rates';

export type ChainSourceName = 'simulated' | ChainProvider['name'];

export const FRESH_MS = 60_000;
const TIMEOUT_MS = 8_000;

export { ChainUnavailableError, type ChainSource, type ServedChain } from './chain-types';

/** A JSON fetch with a timeout; headers that cannot be made (a missing key), a failed status, a timeout or a body that is not JSON throw ChainProviderError. */
export function fetchJsonWith(headers: () => Promise<Record<string, string>>, fetchImpl = fetch): FetchJson {
  return async (url) => {
    // A key that cannot be read is said as such, not as an unreachable provider.
    const extra = await headers().catch((error: unknown) => {
      throw new ChainProviderError((error as Error).message);
    });
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { accept: 'application/json', ...extra },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ChainProviderError(
        `no answer (${(error as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable'})`,
      );
    }
    if (!response.ok) throw new ChainProviderError(`answered ${response.status}`);
    try {
      return (await response.json()) as unknown;
    } catch {
      throw new ChainProviderError('sent a body that is not JSON');
    }
  };
}

export function cboeChainProvider(
  baseUrl: string,
  fetchJson = fetchJsonWith(async () => ({})),
): ChainProvider {
  return {
    name: 'cboe',
    chain: async (symbol) => parseCboeChain(await fetchJson(cboeChainUrl(baseUrl, symbol))),
  };
}

export function polygonChainProvider(baseUrl: string, apiKey: () => Promise<string>): ChainProvider {
  const fetchJson = fetchJsonWith(async () => ({ authorization: `Bearer ${await apiKey()}` }));
  return { name: 'polygon', chain: (symbol) => fetchPolygonChain(baseUrl, symbol, fetchJson) };
}

/** Tradier's chains: its token as a bearer, requests paced under its per-minute limit (@shared/providers/chains/tradier). */
export function tradierChainProvider(
  baseUrl: string,
  token: () => Promise<string>,
  fetchJson = pacedFetchJson(fetchJsonWith(async () => ({ authorization: `Bearer ${await token()}` }))),
): ChainProvider {
  return { name: 'tradier', chain: (symbol) => fetchTradierChain(baseUrl, symbol, fetchJson) };
}

/** Chains through `provider`, each symbol's last good one kept (up to `capacity` symbols). */
export class LastGoodChains implements ChainSource {
  private readonly kept = new CappedMap<string, { snapshot: ChainSnapshot; fetchedAt: Date }>(200);

  private readonly histories = new CappedMap<string, { day: string; value: RealChainHistory }>(200);

  /**
   * `dailyHistory`: the provider's daily bars (historyProviderFor); without it no forecast history.
   * `rates`: the risk-free curve (./rates KeptRates); without it chains are priced at the carry's rate.
   */
  constructor(
    readonly provider: ChainProvider,
    private readonly now: () => Date = () => new Date(),
    private readonly freshMs = FRESH_MS,
    private readonly dailyHistory?: HistoryProvider,
    rates?: Pick<KeptRates, 'curve'>,
  ) {
    if (rates) this.curve = () => rates.curve();
  }

  /** The Treasury's curve, asked once per New York day (null: none ever had; the fixed rate then); absent without `rates`. */
  readonly curve?: () => Promise<TreasuryCurve | null>;

  /** The provider's daily bars of the symbol, asked once per New York day (a failure too: never per request). */
  async history(symbol: string): Promise<RealChainHistory> {
    const key = symbol.toUpperCase();
    const now = this.now();
    const day = isoDateOf(newYorkTime(now).dayNumber);
    const kept = this.histories.get(key);
    if (kept && kept.day === day) return kept.value;
    let value: RealChainHistory;
    if (!this.dailyHistory) value = { history: null, missing: 'this stage has no daily history provider' };
    else {
      const empty = emptyHistory(key, this.provider.name, now);
      try {
        const bars = await this.dailyHistory.daily(key, now);
        value = { history: { ...withProviderCloses(empty, bars), fetchedDay: day }, missing: '' };
      } catch (error) {
        value = { history: { ...empty, fetchError: (error as Error).message }, missing: '' };
      }
    }
    this.histories.set(key, { day, value });
    return value;
  }

  async chain(symbol: string): Promise<ServedChain> {
    const key = symbol.toUpperCase();
    const kept = this.kept.touch(key);
    const now = this.now();
    if (kept && now.getTime() - kept.fetchedAt.getTime() < this.freshMs)
      return { ...kept, staleReason: null };
    try {
      const snapshot = await this.provider.chain(key);
      if (snapshot.contracts.length === 0) throw new ChainProviderError('sent a chain without contracts');
      const fresh = { snapshot, fetchedAt: now };
      this.kept.set(key, fresh);
      return { ...fresh, staleReason: null };
    } catch (error) {
      if (!(error instanceof ChainProviderError)) throw error;
      const reason = `${providerLabel(this.provider.name)} ${error.message}`;
      if (kept) return { ...kept, staleReason: reason };
      throw new ChainUnavailableError(`${reason}; no ${key} chain from it yet`);
    }
  }
}

export const providerLabel = (name: ChainSourceName): string => DATA_SOURCE_LABELS[name];

/** CHAINS_REFRESH_SECONDS in milliseconds (unset: FRESH_MS); anything but a positive number throws. */
export function chainRefreshMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[runtimeEnv.chainsRefreshSeconds];
  if (raw === undefined || raw === '') return FRESH_MS;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`CHAINS_REFRESH_SECONDS must be a positive number of seconds, not "${raw}"`);
  return seconds * 1000;
}

/** The stage's real provider, without the shared snapshot (what the snapshot job fetches through). */
export function configuredChainProvider(env: NodeJS.ProcessEnv = process.env): ChainProvider | null {
  const name = env[runtimeEnv.chainsProvider] ?? 'simulated';
  if (name === 'cboe') return cboeChainProvider(env[runtimeEnv.cboeBaseUrl] ?? 'https://cdn.cboe.com');
  if (name === 'polygon')
    return polygonChainProvider(env[runtimeEnv.polygonBaseUrl] ?? 'https://api.polygon.io', async () => {
      const key = await readSecret('marketDataApiKey');
      if (!key) throw new Error('CHAINS_PROVIDER is polygon but the market data API key is not set');
      return key;
    });
  if (name === 'tradier')
    return tradierChainProvider(env[runtimeEnv.tradierBaseUrl] ?? TRADIER_PRODUCTION_URL, async () => {
      const key = await readSecret('tradierApiKey');
      if (!key) throw new Error('CHAINS_PROVIDER is tradier but the Tradier API key is not set');
      return key;
    });
  if (name !== 'simulated')
    throw new Error(`CHAINS_PROVIDER must be simulated, cboe, polygon or tradier, not "${name}"`);
  return null;
}

/**
 * The provider the chain snapshot job fetches from: the stage's chain provider, else CBOE where
 * only the quotes come from CBOE (its quotes are its chains' underlying, ./chain-quotes).
 */
export function snapshotProvider(env: NodeJS.ProcessEnv = process.env): ChainProvider | null {
  const chains = configuredChainProvider(env);
  if (chains) return chains;
  return env[runtimeEnv.quotesProvider] === 'cboe'
    ? configuredChainProvider({ ...env, [runtimeEnv.chainsProvider]: 'cboe' })
    : null;
}

/**
 * A provider's chains, kept once per process: the chain route, the scan and CBOE quotes
 * (QUOTES_PROVIDER=cboe, ./chain-quotes) read the same chains, so they agree. From the shared
 * snapshot where the stage has one; else fetched here, once per symbol per refresh interval.
 */
const chainsKept = new Map<string, ChainSource>();
function keptChains(name: ChainProvider['name'], env: NodeJS.ProcessEnv): ChainSource {
  const store = configuredSnapshotStore(env);
  const refreshMs = chainRefreshMs(env);
  const where = store
    ? `snapshot ${env[runtimeEnv.chainSnapshotBucket] ?? env[runtimeEnv.chainSnapshotDir]}`
    : env[
        name === 'cboe'
          ? runtimeEnv.cboeBaseUrl
          : name === 'polygon'
            ? runtimeEnv.polygonBaseUrl
            : runtimeEnv.tradierBaseUrl
      ];
  const key = `${name} ${where} ${refreshMs}`;
  let chains = chainsKept.get(key);
  if (!chains) {
    chains = store
      ? new SnapshotChains(name, store, () => new Date(), marketClock())
      : newLastGoodChains(
          configuredChainProvider({ ...env, [runtimeEnv.chainsProvider]: name })!,
          refreshMs,
          env,
        );
    chainsKept.set(key, chains);
  }
  return chains;
}

export const cboeChains = (env: NodeJS.ProcessEnv = process.env): ChainSource => keptChains('cboe', env);

/** The stage's chain source, or null for the simulated market. */
export function configuredChainSource(env: NodeJS.ProcessEnv = process.env): ChainSource | null {
  const provider = configuredChainProvider(env);
  return provider ? keptChains(provider.name, env) : null;
}

function newLastGoodChains(
  provider: ChainProvider,
  refreshMs: number,
  env: NodeJS.ProcessEnv,
): LastGoodChains {
  return new LastGoodChains(
    provider,
    () => new Date(),
    refreshMs,
    historyProviderFor(provider, env),
    // The curve's day by the market clock (a replay's frozen day asks that day's curve).
    new KeptRates(configuredRateProvider(env), () => marketClock().now()),
  );
}

/**
 * The daily bars of the provider chains come from (the snapshot job's history, ./snapshot-history,
 * and LastGoodChains'): CBOE's daily history needs no key; Polygon's daily aggregates take the
 * market data key. Tradier's stages read CBOE's too: its own history endpoint has no public
 * recording to test an adapter on, and a stock's daily closes are the same bars from either.
 * Undefined for the simulated market.
 */
export function historyProviderFor(
  provider: ChainProvider | null,
  env: NodeJS.ProcessEnv = process.env,
): HistoryProvider | undefined {
  if (provider?.name === 'cboe' || provider?.name === 'tradier')
    return cboeHistoryProvider(
      env[runtimeEnv.cboeBaseUrl] ?? 'https://cdn.cboe.com',
      fetchJsonWith(async () => ({})),
    );
  if (provider?.name === 'polygon')
    return polygonHistoryProvider(
      env[runtimeEnv.polygonBaseUrl] ?? 'https://api.polygon.io',
      fetchJsonWith(async () => {
        const key = await readSecret('marketDataApiKey');
        if (!key) throw new Error('the market data API key is not set');
        return { authorization: `Bearer ${key}` };
      }),
    );
  return undefined;
}
