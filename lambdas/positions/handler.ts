import { dynamoDb } from '../common/clients';
import { marketNow } from '../common/clock';
import { tableName } from '../common/env';
import { ok, route } from '../common/http';
import { configuredEarningsSource } from '../feeds/earnings-source';
import { configuredChainSource } from '../market/chain-source';
import { tradesRepo } from '../trades/repository';
import { statsCache } from '../trades/stats-cache';
import { markedPositions } from './service';

const journal = {
  trades: tradesRepo(dynamoDb, tableName('trades')),
  cache: statsCache(dynamoDb, () => tableName('journalCache')),
};
const chains = configuredChainSource();
/** The stage's earnings calendar (EARNINGS_PROVIDER), for the earnings-before-expiry target. */
const earnings = configuredEarningsSource(marketNow);

/** The caller's open trades marked to the market, the portfolio's totals and the quotes' provenance. */
export const getPositions = route('getPositions', {}, async ({ userId }) => {
  await earnings?.refresh();
  return ok(await markedPositions({ journal, chains }, userId));
});
