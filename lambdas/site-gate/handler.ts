import { unlockSiteGateInput } from '@shared/site-gate/schemas';
import { dynamoDb } from '../common/clients';
import { onFirstUse } from '../common/deps';
import { tableName } from '../common/env';
import { noContent, ok, route } from '../common/http';
import { rateLimiter } from '../common/rate-limit';
import { gateSessionsRepo } from './repository';
import { gateState, lockGate, unlockGate } from './service';

const sessions = gateSessionsRepo(dynamoDb, tableName('siteGateSessions'));
/** Only the unlock function is granted the rate-limit table. */
const guessLimiter = onFirstUse(() => rateLimiter(dynamoDb, tableName('rateLimits')));

export const getSiteGate = route('getSiteGate', {}, async ({ cookies }) =>
  ok(await gateState(sessions, cookies)),
);

export const unlockSiteGate = route(
  'unlockSiteGate',
  { body: unlockSiteGateInput },
  async ({ body, sourceIp }) => {
    const { state, cookie } = await unlockGate(sessions, guessLimiter(), sourceIp, body.password);
    return { ...ok(state), ...(cookie ? { cookies: [cookie] } : {}) };
  },
);

export const lockSiteGate = route('lockSiteGate', {}, async ({ cookies }) => ({
  ...noContent(),
  cookies: [await lockGate(sessions, cookies)],
}));
