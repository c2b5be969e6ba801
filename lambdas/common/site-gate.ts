/**
 * The site gate check route() makes before every user route (the rules are in
 * lambdas/site-gate/service.ts) when the stage has the gate on. The gate sessions' repository is
 * built on first use, so a stage without the gate never reads its table name.
 */
import { gateSessionsRepo } from '../site-gate/repository';
import { siteGateEnabled } from '../site-gate/secret';
import { assertGatePassed } from '../site-gate/service';
import { dynamoDb } from './clients';
import { onFirstUse } from './deps';
import { tableName } from './env';

const sessions = onFirstUse(() => gateSessionsRepo(dynamoDb, tableName('siteGateSessions')));

export async function assertSiteGatePassed(cookies: readonly string[]): Promise<void> {
  if (siteGateEnabled()) await assertGatePassed(sessions(), cookies);
}
