/**
 * CBOE delayed-quote bodies for tests that stand in for CBOE: the recorded QQQ body
 * (tests/fixtures/SOURCES.md; two contracts, neither with a time-value bid) and a hand-written
 * body in CBOE's layout (a QQQ chain priced with the American model at 20 % volatility, r 5 %, q 0.6 %,
 * labelled as such),
 * for a chain the scanner can build positions from. Both are quoted at 2023-05-19 15:59:59 New York.
 */
import { readFileSync } from 'node:fs';
import { americanPrice } from '@shared/pricing/american';

/** Recorded: QQQ at the close of 2023-05-19, as CBOE served it (trimmed to two contracts at the source). */
export const recordedQqqChain = readFileSync(
  new URL('../fixtures/providers/cboe/QQQ.edge-api-public.json', import.meta.url),
  'utf8',
);

/** The recorded body's quote time (its `timestamp`, UTC). */
export const RECORDED_QQQ_AS_OF = '2023-05-19T19:59:59.000Z';

/** The hand-written chain's model: QQQ's contracts are American; these are the inputs they were priced with. */
export const HANDWRITTEN_MODEL = { volatility: 0.2, rate: 0.05, dividendYield: 0.006 } as const;

/** Hand-written, CBOE's layout: QQQ at 336.46 on 2023-05-19 15:59:59 New York, expiry 2023-06-16. */
export function handwrittenQqqChain(): string {
  const spot = 336.46;
  // From 15:59:59 on May 19 to the close (16:00) on June 16: 28 days and a second.
  const years = (28 * 86_400_000 + 1000) / (365 * 86_400_000);
  const options = [];
  for (let strike = 300; strike <= 370; strike += 5) {
    for (const type of ['call', 'put'] as const) {
      const { volatility, rate, dividendYield } = HANDWRITTEN_MODEL;
      const price = americanPrice(spot, strike, years, rate, dividendYield, volatility, type === 'call');
      const bid = Math.max(0, Math.floor((price - 0.05) * 100) / 100);
      options.push({
        option: `QQQ230616${type === 'call' ? 'C' : 'P'}00${strike}000`,
        bid,
        bid_size: 10,
        ask: Math.ceil((price + 0.05) * 100) / 100,
        ask_size: 10,
        iv: 0.2,
        open_interest: 5000,
        volume: 800,
        delta: null,
        gamma: null,
        theta: null,
        vega: null,
        rho: null,
        last_trade_price: 0,
        last_trade_time: null,
      });
    }
  }
  const body = JSON.parse(recordedQqqChain) as { timestamp: string; data: { options: unknown[] } };
  body.timestamp = '2023-05-19 19:59:59';
  body.data.options = options;
  return JSON.stringify(body);
}

/** Every bid and ask of a CBOE body: a served price outside it was not the provider's. */
export function quotedPrices(body: string): Set<number> {
  const { data } = JSON.parse(body) as { data: { options: { bid: number; ask: number }[] } };
  return new Set(data.options.flatMap((o) => [o.bid, o.ask]));
}

export type StandInAnswer = { status: number; body: string } | 'hang';

/**
 * A local HTTP server standing in for CBOE: every request gets `answer(path)` (a status and body,
 * or no answer at all), and its path is kept in `paths`.
 */
export async function startCboeStandIn(answer: (path: string) => StandInAnswer) {
  const { createServer } = await import('node:http');
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    const next = answer(req.url ?? '');
    if (next === 'hang') return; // never answers: the client's timeout ends it
    res.writeHead(next.status, { 'content-type': 'application/json' });
    res.end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
