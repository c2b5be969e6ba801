/**
 * The chain provider the stage configured (CHAINS_PROVIDER: simulated, cboe or polygon), beside
 * the quote provider's factory (./quote-source), and the last good chain of each symbol.
 *
 * A real provider's chain is kept per symbol: fresh for FRESH_MS (CBOE refreshes its delayed
 * quotes about once a minute; CHAINS_REFRESH_SECONDS sets another interval), then fetched again. When the provider fails (an error status, a
 * timeout, a body that is not a chain) the last good chain is served marked stale with its age;
 * with none, ChainUnavailableError. Never simulated numbers in a real provider's place.
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
import { runtimeEnv } from '@shared/secrets';
import { readSecret } from '../common/secrets';

export type ChainSourceName = 'simulated' | ChainProvider['name'];

export const FRESH_MS = 60_000;
const TIMEOUT_MS = 8_000;

/** A real provider's chain as served: when it was fetched, and whether it is the last good one. */
export interface ServedChain {
  snapshot: ChainSnapshot;
  fetchedAt: Date;
  /** Why the provider's latest answer was not used; null when this chain is its latest answer. */
  staleReason: string | null;
}

/** No chain of that symbol has ever come from the provider. */
export class ChainUnavailableError extends Error {
  override name = 'ChainUnavailableError';
}

/** A JSON fetch with a timeout; a failed status, a timeout or a body that is not JSON throws ChainProviderError. */
export function fetchJsonWith(headers: () => Promise<Record<string, string>>, fetchImpl = fetch): FetchJson {
  return async (url) => {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { accept: 'application/json', ...(await headers()) },
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

/** Chains through `provider`, each symbol's last good one kept (up to `capacity` symbols). */
export class LastGoodChains {
  private readonly kept = new CappedMap<string, { snapshot: ChainSnapshot; fetchedAt: Date }>(200);

  constructor(
    readonly provider: ChainProvider,
    private readonly now: () => Date = () => new Date(),
    private readonly freshMs = FRESH_MS,
  ) {}

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

/**
 * CBOE's chains, kept once per process: the chain route, the scan and CBOE quotes
 * (QUOTES_PROVIDER=cboe, ./chain-quotes) read the same kept body, so they agree and CBOE is asked
 * once per symbol per refresh interval.
 */
const cboeChainsKept = new Map<string, LastGoodChains>();
export function cboeChains(env: NodeJS.ProcessEnv = process.env): LastGoodChains {
  const baseUrl = env[runtimeEnv.cboeBaseUrl] ?? 'https://cdn.cboe.com';
  const refreshMs = chainRefreshMs(env);
  const key = `${baseUrl} ${refreshMs}`;
  let chains = cboeChainsKept.get(key);
  if (!chains) {
    chains = new LastGoodChains(cboeChainProvider(baseUrl), () => new Date(), refreshMs);
    cboeChainsKept.set(key, chains);
  }
  return chains;
}

/** The stage's chain provider, or null for the simulated market. */
export function configuredChainSource(env: NodeJS.ProcessEnv = process.env): LastGoodChains | null {
  const name = env[runtimeEnv.chainsProvider] ?? 'simulated';
  const wallClock = () => new Date();
  if (name === 'cboe') return cboeChains(env);
  if (name === 'polygon')
    return new LastGoodChains(
      polygonChainProvider(env[runtimeEnv.polygonBaseUrl] ?? 'https://api.polygon.io', async () => {
        const key = await readSecret('marketDataApiKey');
        if (!key) throw new Error('CHAINS_PROVIDER is polygon but the market data API key is not set');
        return key;
      }),
      wallClock,
      chainRefreshMs(env),
    );
  if (name !== 'simulated')
    throw new Error(`CHAINS_PROVIDER must be simulated, cboe or polygon, not "${name}"`);
  return null;
}
