import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { scheduledJob } from '../common/observability';
import { revocationsRepo } from '../common/revocations';
import { userDataStore } from './repository';
import { sweepDeletedAccounts as sweep } from './service';

const deps = {
  revocations: revocationsRepo(dynamoDb, () => tableName('revocations')),
  data: userDataStore(dynamoDb, tableName),
};

/** Scheduled job (shared/src/schedules.ts): each deleted account swept once more, after a minute. */
export const sweepDeletedAccounts = scheduledJob('account', 'sweepDeletedAccounts', (logger) =>
  sweep(deps, logger),
);
