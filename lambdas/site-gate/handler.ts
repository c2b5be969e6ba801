import { unlockSiteGateInput } from '@shared/site-gate/schemas';
import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { noContent, ok, route } from '../common/http';
import { rateLimiter } from '../common/rate-limit';
import { gateState, lockGate, unlockGate } from './service';

/** Built on first use: only the unlock function is granted the rate-limit table. */
let limiter: ReturnType<typeof rateLimiter> | undefined;
const guessLimiter = () => (limiter ??= rateLimiter(dynamoDb, tableName('rateLimits')));

export const getSiteGate = route('getSiteGate', {}, async ({ cookies }) => ok(await gateState(cookies)));

export const unlockSiteGate = route(
  'unlockSiteGate',
  { body: unlockSiteGateInput },
  async ({ body, sourceIp }) => {
    const { state, cookie } = await unlockGate(guessLimiter(), sourceIp, body.password);
    return { ...ok(state), ...(cookie ? { cookies: [cookie] } : {}) };
  },
);

export const lockSiteGate = route('lockSiteGate', {}, async ({ cookies }) => ({
  ...noContent(),
  cookies: [await lockGate(cookies)],
}));
