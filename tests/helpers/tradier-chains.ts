/**
 * Tradier bodies for tests that stand in for Tradier: PLTR's expirations, quote and four whole
 * chains recorded from Tradier's sandbox on 2024-06-28 (tests/fixtures/SOURCES.md), and a local
 * HTTP server serving them at Tradier's paths to the bearer of one token.
 */
import { readFileSync } from 'node:fs';
import { cboeHistoryPath, handwrittenCboeHistory } from './cboe-chains';
import { recordedTreasuryAnswer } from './treasury';

const read = (name: string) =>
  readFileSync(new URL(`../fixtures/providers/tradier/${name}`, import.meta.url), 'utf8');

/** The expirations whose chains were recorded (4 of the 19 the recorded expirations body lists). */
export const RECORDED_EXPIRATIONS = ['2024-07-19', '2025-06-20', '2026-06-18', '2026-12-18'] as const;

export const recordedTradier = {
  expirations: read('PLTR-expirations.openbb-cassette.json'),
  quote: read('PLTR-quote.openbb-cassette.json'),
  chains: Object.fromEntries(
    RECORDED_EXPIRATIONS.map((date) => [date, read(`PLTR-chain-${date}.openbb-cassette.json`)]),
  ) as Record<(typeof RECORDED_EXPIRATIONS)[number], string>,
};

/** The recorded quote's time (`trade_date` 1719589861696: 11:51:01.696 New York). */
export const RECORDED_PLTR_AS_OF = '2024-06-28T15:51:01.696Z';

/**
 * Derived from the recording, not recorded: the expirations body narrowed to the four dates whose
 * chains were recorded, so a stand-in can answer every expiration it lists.
 */
export function recordedExpirationsOnly(): string {
  const body = JSON.parse(recordedTradier.expirations) as { expirations: { date: string[] } };
  body.expirations.date = body.expirations.date.filter((d) =>
    (RECORDED_EXPIRATIONS as readonly string[]).includes(d),
  );
  return JSON.stringify(body);
}

/** Every bid and ask of the recorded chains: a served price outside them was not Tradier's. */
export function recordedPrices(): Set<number> {
  return new Set(
    Object.values(recordedTradier.chains).flatMap((body) =>
      (JSON.parse(body) as { options: { option: { bid: number; ask: number }[] } }).options.option.flatMap(
        (o) => [o.bid, o.ask],
      ),
    ),
  );
}

/** CBOE's daily history path for PLTR (a Tradier stage reads CBOE's daily bars). */
export const PLTR_HISTORY_PATH = cboeHistoryPath('PLTR');

/**
 * A local HTTP server standing in for Tradier: PLTR's recorded bodies at Tradier's paths (the
 * expirations narrowed by `expirations`), 401 without `Authorization: Bearer <token>`, 404 for
 * anything else; `failing` makes it answer 500 to everything. Each request's path is kept.
 */
export async function startTradierStandIn(
  token: string,
  {
    expirations = recordedExpirationsOnly(),
    history = true,
  }: { expirations?: string; history?: boolean } = {},
) {
  const { createServer } = await import('node:http');
  const paths: string[] = [];
  const state = { failing: false };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    paths.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };
    // A Tradier stage's daily history is CBOE's (no key), served here too (CBOE_BASE_URL).
    // Hand-written closes (no PLTR daily history is recorded): `history: false` answers 404 instead.
    if (url.pathname === PLTR_HISTORY_PATH)
      return history
        ? send(200, handwrittenCboeHistory('PLTR', '2024-06-27', 25))
        : send(404, '{"error":"not recorded"}');
    // And the Treasury's recorded 2024 par curve (TREASURY_BASE_URL), as the Treasury sends it.
    const curve = recordedTreasuryAnswer(`${url.pathname}${url.search}`);
    if (curve !== undefined) {
      res.writeHead(200, { 'content-type': 'text/csv' });
      return res.end(curve);
    }
    if (req.headers.authorization !== `Bearer ${token}`) return send(401, '{"fault":"invalid token"}');
    if (state.failing) return send(500, '{"fault":"stand-in failing"}');
    const symbol = url.searchParams.get('symbol') ?? url.searchParams.get('symbols');
    if (symbol !== 'PLTR') return send(404, '{"fault":"not recorded"}');
    if (url.pathname === '/v1/markets/options/expirations') return send(200, expirations);
    if (url.pathname === '/v1/markets/quotes') return send(200, recordedTradier.quote);
    const chain =
      recordedTradier.chains[url.searchParams.get('expiration') as keyof typeof recordedTradier.chains];
    if (url.pathname === '/v1/markets/options/chains' && chain) return send(200, chain);
    return send(404, '{"fault":"not recorded"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    state,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
