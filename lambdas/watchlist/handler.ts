import { watchlistTickerParams } from '@shared/watchlist/schemas';
import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { noContent, ok, route } from '../common/http';
import { watchlistRepo } from './repository';
import {
  getWatchlist as readList,
  unwatchTicker as remove,
  watchTicker as add,
  type WatchlistDeps,
} from './service';

const deps: WatchlistDeps = {
  repo: watchlistRepo(dynamoDb, () => tableName('watchlists')),
  now: () => new Date(),
};

export const getWatchlist = route('getWatchlist', {}, async ({ userId }) => ok(await readList(deps, userId)));

export const watchTicker = route(
  'watchTicker',
  { params: watchlistTickerParams },
  async ({ params, userId }) => ok(await add(deps, userId, params.ticker)),
);

export const unwatchTicker = route(
  'unwatchTicker',
  { params: watchlistTickerParams },
  async ({ params, userId }) => {
    await remove(deps, userId, params.ticker);
    return noContent();
  },
);
