import { POSITION_ALERTS_LISTED } from '@shared/trades/position-schemas';
import { targetRulesOf } from '@shared/trades/target-rules';
import { dynamoDb } from '../common/clients';
import { marketNow } from '../common/clock';
import { tableName } from '../common/env';
import { ok, route } from '../common/http';
import { configuredEarningsSource } from '../feeds/earnings-source';
import { configuredChainSource } from '../market/chain-source';
import { configuredCloses } from '../market/recorded-closes';
import { profilesRepo } from '../profile/repository';
import { tradesRepo } from '../trades/repository';
import { statsCache } from '../trades/stats-cache';
import { positionAlertsRepo } from './alerts-repository';
import { markedPositions } from './service';

// Built on first use: each route's function has only its own tables (the alerts' none of these).
let journal: Parameters<typeof markedPositions>[0]['journal'] | undefined;
const chains = configuredChainSource();
/** The closes the chain snapshot job recorded, which settle expired trades on a real provider. */
const closes = configuredCloses();
/** The stage's earnings calendar (EARNINGS_PROVIDER), for the earnings-before-expiry target. */
const earnings = configuredEarningsSource(marketNow);

/** The caller's open trades marked to the market against their own target rules, the portfolio's totals and the quotes' provenance. */
export const getPositions = route('getPositions', {}, async ({ userId }) => {
  await earnings?.refresh();
  const rules = targetRulesOf(await profilesRepo(dynamoDb, tableName('profiles')).get(userId));
  journal ??= {
    trades: tradesRepo(dynamoDb, tableName('trades')),
    cache: statsCache(dynamoDb, () => tableName('journalCache')),
  };
  return ok(await markedPositions({ journal, chains, closes }, userId, marketNow(), rules));
});

/** The targets the caller's own positions reached (the positions job's alerts), newest first. */
export const listPositionAlerts = route('listPositionAlerts', {}, async ({ userId }) =>
  ok({
    alerts: await positionAlertsRepo(dynamoDb, () => tableName('notifications')).list(
      userId,
      POSITION_ALERTS_LISTED,
    ),
  }),
);
