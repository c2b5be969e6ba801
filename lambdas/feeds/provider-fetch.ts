/**
 * The feeds' JSON GET: the chains' fetch (8 s timeout, status and JSON checks), its failures
 * reported as FeedProviderError so a feed source tells a provider's fault from a bug of ours.
 */
import { ChainProviderError } from '@shared/providers/chains/chain';
import { FeedProviderError, type FetchJson } from '@shared/providers/feeds/feed-providers';
import { readSecret } from '../common/secrets';
import { fetchJsonWith } from '../market/chain-source';

/** Unusual Whales' token as its bearer header; a missing token is the provider failing (said so). */
export async function unusualWhalesKeyHeaders(): Promise<Record<string, string>> {
  const key = await readSecret('unusualWhalesApiKey');
  if (!key) throw new FeedProviderError('has no API token here (the Unusual Whales API key is not set)');
  return { authorization: `Bearer ${key}`, accept: 'application/json, text/plain' };
}

/** Polygon's key as its bearer header; a missing key is the provider failing (said so), not a 500. */
export async function polygonKeyHeaders(): Promise<Record<string, string>> {
  const key = await readSecret('marketDataApiKey');
  if (!key) throw new FeedProviderError('has no API key here (the market data API key is not set)');
  return { authorization: `Bearer ${key}` };
}

export function feedFetchJson(
  headers: () => Promise<Record<string, string>> = async () => ({}),
  fetchImpl: typeof fetch = fetch,
): FetchJson {
  return async (url) => {
    // Read first, so that a missing key says so (FeedProviderError) instead of 'unreachable'.
    const sent = await headers();
    try {
      return await fetchJsonWith(async () => sent, fetchImpl)(url);
    } catch (error) {
      if (error instanceof ChainProviderError) throw new FeedProviderError(error.message);
      throw error;
    }
  };
}

/** A number of seconds from the environment as milliseconds (unset: `fallbackMs`); anything else throws. */
export function secondsFromEnv(
  envVar: string,
  fallbackMs: number,
  env: NodeJS.ProcessEnv = process.env,
): number {
  const raw = env[envVar];
  if (raw === undefined || raw === '') return fallbackMs;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`${envVar} must be a positive number of seconds, not "${raw}"`);
  return seconds * 1000;
}
