/**
 * A stand-in for a chain adapter's HTTP client (FetchJson) in unit tests: it serves recorded (or
 * labelled hand-written) bodies by URL, fails on any other URL as fetchJsonWith fails on a 404
 * (a ChainProviderError), and records every URL asked, in order.
 */
import { ChainProviderError, type FetchJson } from '@shared/providers/chains/chain';

export function serveJson(bodies: Record<string, unknown>): { fetchJson: FetchJson; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    fetchJson: async (url) => {
      asked.push(url);
      if (!(url in bodies)) throw new ChainProviderError('answered 404');
      return bodies[url];
    },
  };
}
