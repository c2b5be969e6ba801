import { AdminDeleteUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { accountExportFileName } from '@shared/account/schemas';
import { runtimeEnv } from '@shared/secrets';
import { cognito, dynamoDb } from '../common/clients';
import { requiredEnv, tableName } from '../common/env';
import { download, noContent, ok, route } from '../common/http';
import { configuredBillingProvider } from '../billing/config';
import { cognitoIdentity } from '../profile/identity';
import { profilesRepo } from '../profile/repository';
import { tradesRepo } from '../trades/repository';
import { statsCache } from '../trades/stats-cache';
import { userDataStore } from './repository';
import { accountStats, deleteAccount as deleteWholeAccount, exportAccount as exportAll } from './service';

const identity = cognitoIdentity(cognito);
// Tables are resolved on use: each route's function is given only the tables its row lists.
const data = userDataStore(dynamoDb, tableName);

export const getAccountStats = route('getAccountStats', {}, async ({ userId }) =>
  ok(
    await accountStats(
      {
        profiles: profilesRepo(dynamoDb, tableName('profiles')),
        identity,
        journal: {
          trades: tradesRepo(dynamoDb, tableName('trades')),
          cache: statsCache(dynamoDb, () => tableName('journalCache')),
        },
        data,
      },
      userId,
    ),
  ),
);

export const exportAccount = route('exportAccount', {}, async ({ userId, accessToken }) => {
  const now = new Date();
  const exported = await exportAll({ identity, data }, { userId, accessToken }, now);
  return download(
    JSON.stringify(exported, null, 2),
    'application/json; charset=utf-8',
    accountExportFileName(now),
  );
});

async function deleteSignIn(userId: string) {
  try {
    await cognito.send(
      new AdminDeleteUserCommand({ UserPoolId: requiredEnv(runtimeEnv.userPoolId), Username: userId }),
    );
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
}

export const deleteAccount = route('deleteAccount', {}, async ({ userId, accessToken, logger }) => {
  await deleteWholeAccount(
    {
      identity,
      profiles: profilesRepo(dynamoDb, tableName('profiles')),
      data,
      billing: configuredBillingProvider,
      deleteSignIn,
    },
    { userId, accessToken },
    logger,
  );
  return noContent();
});
