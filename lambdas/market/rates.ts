/**
 * The risk-free curve real chains are priced with (@shared/providers/rates/treasury): the US
 * Treasury's par yield curve, asked at most once per New York day. Where the stage keeps a chain
 * snapshot, the snapshot job asks it and stores it beside the chains (`rates/treasury.json`, as
 * `history/<SYMBOL>.json`); a container without one keeps its own (KeptRates). A failed ask keeps
 * the last curve with its day and says why; never any curve: the fixed RISK_FREE_RATE, and each
 * expiry says so (pricingCurve). The simulated market asks nothing.
 */
import { isoDateOf, newYorkTime } from '@shared/market/calendar';
import type { ChainSnapshotStore } from '@shared/providers/chains/shared-snapshot';
import {
  parseStoredRates,
  RATES_KEY,
  RateProviderError,
  TREASURY_BASE_URL,
  treasuryRateProvider,
  type FetchText,
  type RateProvider,
  type StoredRates,
  type TreasuryCurve,
} from '@shared/providers/rates/treasury';
import { runtimeEnv } from '@shared/secrets';

const TIMEOUT_MS = 8_000;

/** A text fetch with a timeout; a failed status, a timeout or no answer throw RateProviderError. */
export function fetchTextWith(fetchImpl = fetch): FetchText {
  return async (url) => {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { accept: 'text/csv' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new RateProviderError(
        `no answer (${(error as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable'})`,
      );
    }
    if (!response.ok) throw new RateProviderError(`answered ${response.status}`);
    return response.text();
  };
}

/** The Treasury at TREASURY_BASE_URL (unset: home.treasury.gov). */
export function configuredRateProvider(env: NodeJS.ProcessEnv = process.env): RateProvider {
  return treasuryRateProvider(env[runtimeEnv.treasuryBaseUrl] ?? TREASURY_BASE_URL, fetchTextWith());
}

const dayOf = (at: Date) => isoDateOf(newYorkTime(at).dayNumber);

/** Today's ask of `provider`, or the last curve kept with why the ask failed. */
async function ask(provider: RateProvider, today: string, last: TreasuryCurve | null): Promise<StoredRates> {
  try {
    return { curve: await provider.curve(today), askedDay: today, failure: null };
  } catch (error) {
    return { curve: last, askedDay: today, failure: (error as Error).message };
  }
}

/**
 * The stored curve, the provider asked when it was last asked before today (New York, by the
 * market clock's `marketNow`); what was asked, success or failure, is stored, so a day asks once.
 */
export async function updateStoredRates(
  store: ChainSnapshotStore,
  provider: RateProvider,
  marketNow: Date,
): Promise<StoredRates> {
  const today = dayOf(marketNow);
  const body = await store.get(RATES_KEY);
  const stored = body === null ? null : parseStoredRates(body);
  if (stored?.askedDay === today) return stored;
  const next = await ask(provider, today, stored?.curve ?? null);
  await store.put(RATES_KEY, JSON.stringify(next));
  return next;
}

/** A container's own curve (no shared snapshot): asked at most once per New York day, the last one kept on failure. */
export class KeptRates {
  private kept: Promise<StoredRates> | null = null;

  constructor(
    private readonly provider: RateProvider,
    private readonly now: () => Date,
  ) {}

  async curve(): Promise<TreasuryCurve | null> {
    const today = dayOf(this.now());
    const kept = this.kept ? await this.kept : null;
    if (kept?.askedDay === today) return kept.curve;
    // One ask however many requests wait on it.
    this.kept = ask(this.provider, today, kept?.curve ?? null);
    return (await this.kept).curve;
  }
}
