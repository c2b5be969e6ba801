import { accountExportFileName } from '@shared/account/schemas';
import { cognito, dynamoDb } from '../common/clients';
import { onFirstUse } from '../common/deps';
import { tableName } from '../common/env';
import { download, noContent, ok, route } from '../common/http';
import { revocationsRepo } from '../common/revocations';
import { configuredBillingProvider } from '../billing/config';
import { contactRepo } from '../contact/repository';
import { cognitoIdentity } from '../profile/identity';
import { profilesRepo } from '../profile/repository';
import { tradesRepo } from '../trades/repository';
import { statsCache } from '../trades/stats-cache';
import { cognitoSignInAdmin } from './identity';
import { userDataStore } from './repository';
import {
  accountStats,
  deleteAccount as deleteWholeAccount,
  disableMfa as disableTotp,
  exportAccount as exportAll,
  signOutEverywhere as signOutEverySession,
  type DeletionDeps,
  type StatsDeps,
} from './service';

const identity = cognitoIdentity(cognito);
const signIns = cognitoSignInAdmin(cognito);
// Tables are resolved on use: each route's function is given only the tables its row lists.
const data = userDataStore(dynamoDb, tableName);
const contact = contactRepo(dynamoDb, () => tableName('contactMessages'));
const revocations = revocationsRepo(dynamoDb, () => tableName('revocations'));
const profiles = onFirstUse(() => profilesRepo(dynamoDb, tableName('profiles')));
const statsDeps = onFirstUse((): StatsDeps => ({
  profiles: profiles(),
  identity,
  journal: {
    trades: tradesRepo(dynamoDb, tableName('trades')),
    cache: statsCache(dynamoDb, () => tableName('journalCache')),
  },
  data,
}));
const deletionDeps = onFirstUse((): DeletionDeps => ({
  identity,
  profiles: profiles(),
  data,
  billing: configuredBillingProvider,
  revocations,
  contact,
  deleteSignIn: signIns.deleteUser,
}));
const authTime = (claims: Record<string, string>) =>
  claims.auth_time ? Number(claims.auth_time) : undefined;

export const getAccountStats = route('getAccountStats', {}, async ({ userId }) =>
  ok(await accountStats(statsDeps(), userId)),
);

export const exportAccount = route('exportAccount', {}, async ({ userId, accessToken }) => {
  const now = new Date();
  const exported = await exportAll({ identity, data, contact }, { userId, accessToken }, now);
  return download(
    JSON.stringify(exported, null, 2),
    'application/json; charset=utf-8',
    accountExportFileName(now),
  );
});

export const deleteAccount = route('deleteAccount', {}, async ({ userId, accessToken, claims, logger }) => {
  await deleteWholeAccount(deletionDeps(), { userId, accessToken, authTime: authTime(claims) }, logger);
  return noContent();
});

export const signOutEverywhere = route('signOutEverywhere', {}, async ({ userId }) => {
  await signOutEverySession({ signIns, revocations }, userId);
  return noContent();
});

export const disableMfa = route('disableMfa', {}, async ({ userId, accessToken, claims }) => {
  await disableTotp(signIns, { userId, accessToken, authTime: authTime(claims) });
  return noContent();
});
