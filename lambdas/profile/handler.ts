import { updateProfileInput } from '@shared/profiles/schemas';
import { cognito, dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { ok, route } from '../common/http';
import { cognitoIdentity } from './identity';
import { profilesRepo } from './repository';
import { applyProfileUpdate, getOrCreateProfile } from './service';

const repo = profilesRepo(dynamoDb, tableName('profiles'));
const identity = cognitoIdentity(cognito);

export const getProfile = route('getProfile', {}, async ({ userId, accessToken }) =>
  ok(await getOrCreateProfile(repo, identity, { userId, accessToken })),
);

export const updateProfile = route(
  'updateProfile',
  { body: updateProfileInput },
  async ({ body, userId, accessToken }) =>
    ok(await applyProfileUpdate(repo, identity, { userId, accessToken }, body)),
);
