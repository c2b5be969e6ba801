import {
  AdminDeleteUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUserGlobalSignOutCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { accountExportFileName } from '@shared/account/schemas';
import { runtimeEnv } from '@shared/secrets';
import { cognito, dynamoDb } from '../common/clients';
import { requiredEnv, tableName } from '../common/env';
import { download, noContent, ok, route } from '../common/http';
import { revocationsRepo } from '../common/revocations';
import { configuredBillingProvider } from '../billing/config';
import { contactRepo } from '../contact/repository';
import { cognitoIdentity } from '../profile/identity';
import { profilesRepo } from '../profile/repository';
import { tradesRepo } from '../trades/repository';
import { statsCache } from '../trades/stats-cache';
import { userDataStore } from './repository';
import {
  accountStats,
  deleteAccount as deleteWholeAccount,
  exportAccount as exportAll,
  requireRecentSignIn,
} from './service';

const identity = cognitoIdentity(cognito);
// Tables are resolved on use: each route's function is given only the tables its row lists.
const data = userDataStore(dynamoDb, tableName);
const contact = contactRepo(dynamoDb, () => tableName('contactMessages'));
const revocations = revocationsRepo(dynamoDb, () => tableName('revocations'));
const userPoolId = () => requiredEnv(runtimeEnv.userPoolId);
const authTime = (claims: Record<string, string>) =>
  claims.auth_time ? Number(claims.auth_time) : undefined;

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
  const exported = await exportAll({ identity, data, contact }, { userId, accessToken }, now);
  return download(
    JSON.stringify(exported, null, 2),
    'application/json; charset=utf-8',
    accountExportFileName(now),
  );
});

async function deleteSignIn(userId: string) {
  try {
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: userId }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
}

export const deleteAccount = route('deleteAccount', {}, async ({ userId, accessToken, claims, logger }) => {
  await deleteWholeAccount(
    {
      identity,
      profiles: profilesRepo(dynamoDb, tableName('profiles')),
      data,
      billing: configuredBillingProvider,
      revocations,
      contact,
      deleteSignIn,
    },
    { userId, accessToken, authTime: authTime(claims) },
    logger,
  );
  return noContent();
});

/**
 * Sign-out everywhere: Cognito's global sign-out first (no refresh token makes new tokens), then
 * the revocation (the API refuses every token issued until now, from this moment, in every
 * container). If the revocation fails after the sign-out, Cognito already refuses the tokens
 * (the session check asks it at least once a minute per container); the other way round, a
 * failure would leave a refresh token working.
 */
export const signOutEverywhere = route('signOutEverywhere', {}, async ({ userId }) => {
  try {
    await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: userId }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
  await revocations.revoke(userId, 'signed_out');
  return noContent();
});

/** Turns TOTP two-factor authentication off, for a caller who signed in within the last minutes. */
export const disableMfa = route('disableMfa', {}, async ({ userId, accessToken, claims }) => {
  requireRecentSignIn({ userId, accessToken, authTime: authTime(claims) });
  await cognito.send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: userPoolId(),
      Username: userId,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
  return noContent();
});
