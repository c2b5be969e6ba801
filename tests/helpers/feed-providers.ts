/**
 * A local HTTP server standing in for Polygon's news, trades and quotes and StockTwits' symbol
 * streams, serving the recorded bodies (tests/fixtures/SOURCES.md) at each API's path:
 * `/v2/reference/news` the recorded AAPL page (OpenBB's cassette), `/api/2/streams/symbol/F.json`
 * the recorded F stream, `/v3/trades/AAPL` the recorded AAPL trades (client-python's mock, no TRF
 * print) or, after `serveTrades('trf')`, the hand-written TRF blocks in the same shape, and
 * `/v3/quotes/AAPL` the recorded NBBO page, `/api/option-trades/flow-alerts` Unusual Whales'
 * example flow alerts list (its OpenAPI spec's), `/api/calendar/earnings?date=2024-07-01` Nasdaq's
 * recorded calendar of that day (any other date: `handwrittenEarningsPages`' page for it, else a
 * hand-written day without reports), `/stable/earnings-calendar` FMP's calendar: a hand-written
 * answer in the recorded excerpt's shape (AAPL on 2024-07-02); any other path answers 404. `fail` makes every answer
 * that status instead. Each request's path and Authorization header are kept.
 */
import { readFileSync } from 'node:fs';

const fixture = (path: string) =>
  readFileSync(new URL(`../fixtures/providers/${path}`, import.meta.url), 'utf8');

export const recordedNewsPage = fixture('polygon/news-AAPL.openbb-cassette.json');
export const recordedStreamF = fixture('stocktwits/symbol-F.khbrendle-stocktwits.json');
export const recordedTradesAapl = fixture('polygon/trades-AAPL.client-python.json');
export const handwrittenTrfTradesAapl = fixture('polygon/trades-AAPL-trf.handwritten.json');
export const recordedQuotesAapl = fixture('polygon/quotes-AAPL.client-python.json');
export const recordedFlowAlerts = fixture('unusualwhales/flow-alerts.uw-openapi-example.json');
export const recordedEarnings20240701 = fixture('nasdaq/earnings-2024-07-01.openbb-cassette.json');

/** Hand-written, in the recorded calendar's shape: one report of `symbol` (`time-pre-market`, ...). */
export const handwrittenEarningsPage = (rows: { symbol: string; time: string }[]) =>
  JSON.stringify({
    data: { asOf: 'hand-written', rows: rows.map((row) => ({ ...row, name: row.symbol })) },
    message: null,
    status: { rCode: 200, bCodeMessage: null, developerMessage: null },
  });
/** AAPL reports before the open on 2024-07-02 (hand-written). */
export const handwrittenEarningsPages: Record<string, string> = {
  '2024-07-02': handwrittenEarningsPage([{ symbol: 'AAPL', time: 'time-pre-market' }]),
};

/** Hand-written, in FMP's recorded row shape (fmp4j's excerpt): AAPL reports on 2024-07-02. */
export const handwrittenFmpEarnings = JSON.stringify([
  {
    symbol: 'AAPL',
    date: '2024-07-02',
    epsActual: null,
    epsEstimated: 1.33,
    revenueActual: null,
    revenueEstimated: 84_000_000_000,
    lastUpdated: '2024-06-30',
  },
]);

const earningsPage = (date: string) =>
  date === '2024-07-01'
    ? recordedEarnings20240701
    : (handwrittenEarningsPages[date] ?? handwrittenEarningsPage([]));

export async function startFeedProviderStandIn() {
  const { createServer } = await import('node:http');
  const requests: { path: string; authorization: string | undefined }[] = [];
  const state = { fail: null as number | null, trades: 'recorded' as 'recorded' | 'trf' };
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.push({ path, authorization: req.headers.authorization });
    const route = path.split('?')[0];
    const body = path.startsWith('/v2/reference/news?')
      ? recordedNewsPage
      : route === '/api/2/streams/symbol/F.json'
        ? recordedStreamF
        : route === '/v3/trades/AAPL'
          ? state.trades === 'recorded'
            ? recordedTradesAapl
            : handwrittenTrfTradesAapl
          : route === '/v3/quotes/AAPL'
            ? recordedQuotesAapl
            : route === '/api/option-trades/flow-alerts'
              ? recordedFlowAlerts
              : route === '/api/calendar/earnings'
                ? earningsPage(new URL(path, 'http://stand-in').searchParams.get('date') ?? '')
                : route === '/stable/earnings-calendar'
                  ? handwrittenFmpEarnings
                  : null;
    const status = state.fail ?? (body ? 200 : 404);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(status === 200 ? body : JSON.stringify({ error: `stand-in answered ${status}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith: (status: number | null) => void (state.fail = status),
    serveTrades: (which: 'recorded' | 'trf') => void (state.trades = which),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
