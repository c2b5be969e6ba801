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

/** One contract row of a CBOE body (the fields its chains carry; no greeks, no last trade). */
export interface CboeContractRow {
  option: string;
  bid: number;
  bid_size: number;
  ask: number;
  ask_size: number;
  iv: number;
  open_interest: number;
  volume: number;
  delta: null;
  gamma: null;
  theta: null;
  vega: null;
  rho: null;
  last_trade_price: number;
  last_trade_time: null;
}

/**
 * A hand-made contract row in CBOE's layout around a model `price`: bid (not below 0) and ask
 * `halfSpread` either side of it, rounded outwards to the cent, ten contracts a side.
 */
export function cboeContractRow(contract: {
  symbol: string;
  /** YYMMDD, as in the OCC symbol. */
  expiry: string;
  type: 'call' | 'put';
  strike: number;
  price: number;
  halfSpread: number;
  iv: number;
  openInterest: number;
  volume: number;
}): CboeContractRow {
  const { price, halfSpread } = contract;
  return {
    option: `${contract.symbol}${contract.expiry}${contract.type === 'call' ? 'C' : 'P'}${String(Math.round(contract.strike * 1000)).padStart(8, '0')}`,
    bid: Math.max(0, Math.floor((price - halfSpread) * 100) / 100),
    bid_size: 10,
    ask: Math.ceil((price + halfSpread) * 100) / 100,
    ask_size: 10,
    iv: contract.iv,
    open_interest: contract.openInterest,
    volume: contract.volume,
    delta: null,
    gamma: null,
    theta: null,
    vega: null,
    rho: null,
    last_trade_price: 0,
    last_trade_time: null,
  };
}

/**
 * A CBOE body of hand-made `options` in the recorded QQQ body's envelope, quoted at `timestamp`
 * (UTC, CBOE's `YYYY-MM-DD HH:MM:SS`); `underlying` replaces fields of its quote (another symbol's).
 */
export function cboeChainBody(
  options: CboeContractRow[],
  timestamp: string,
  underlying?: { symbol: string } & Record<string, unknown>,
): string {
  const body = JSON.parse(recordedQqqChain) as {
    timestamp: string;
    symbol: string;
    data: Record<string, unknown>;
  };
  body.timestamp = timestamp;
  if (underlying) body.symbol = underlying.symbol;
  body.data = { ...body.data, ...underlying, options };
  return JSON.stringify(body);
}

/** Hand-written, CBOE's layout: QQQ at 336.46 on 2023-05-19 15:59:59 New York, expiry 2023-06-16. */
export function handwrittenQqqChain(): string {
  const spot = 336.46;
  // From 15:59:59 on May 19 to the close (16:00) on June 16: 28 days and a second.
  const years = (28 * 86_400_000 + 1000) / (365 * 86_400_000);
  const { volatility, rate, dividendYield } = HANDWRITTEN_MODEL;
  const options = [];
  for (let strike = 300; strike <= 370; strike += 5) {
    for (const type of ['call', 'put'] as const) {
      const price = americanPrice(spot, strike, years, rate, dividendYield, volatility, type === 'call');
      options.push(
        cboeContractRow({
          symbol: 'QQQ',
          expiry: '230616',
          type,
          strike,
          price,
          halfSpread: 0.05,
          iv: 0.2,
          openInterest: 5000,
          volume: 800,
        }),
      );
    }
  }
  return cboeChainBody(options, '2023-05-19 19:59:59');
}

/** Every bid and ask of a CBOE body: a served price outside it was not the provider's. */
export function quotedPrices(body: string): Set<number> {
  const { data } = JSON.parse(body) as { data: { options: { bid: number; ask: number }[] } };
  return new Set(data.options.flatMap((o) => [o.bid, o.ask]));
}

/** CBOE's daily history path of a symbol. */
export const cboeHistoryPath = (symbol: string) =>
  `/api/global/delayed_quotes/charts/historical/${symbol}.json`;

/**
 * Hand-written in CBOE's daily-history layout (as tests/fixtures/providers/cboe/history-QQQ.handwritten.json,
 * labelled in SOURCES.md): `sessions` made-up weekdays up to `lastDay` (the NYSE holidays of the
 * years the tests use left out), closes level·e^{0.01·sin 1.7n} (about 17% a year). Not a real
 * price series: it gives a real chain's forecast the closes no recording holds.
 */
export function handwrittenCboeHistory(
  symbol: string,
  lastDay: string,
  level: number,
  sessions = 60,
): string {
  const holidays = new Set(['2023-04-07', '2023-05-29', '2024-03-29', '2024-05-27', '2024-06-19']);
  const days: string[] = [];
  for (let t = Date.parse(`${lastDay}T12:00:00Z`); days.length < sessions; t -= 86_400_000) {
    const day = new Date(t);
    const iso = day.toISOString().slice(0, 10);
    if (day.getUTCDay() % 6 !== 0 && !holidays.has(iso)) days.unshift(iso);
  }
  const data = days.map((date, n) => {
    const close = Number((level * Math.exp(0.01 * Math.sin(1.7 * n))).toFixed(2));
    return { date, open: close, high: close, low: close, close, volume: 50_000_000 };
  });
  return JSON.stringify({ symbol, data });
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
