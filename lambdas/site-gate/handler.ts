import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { SITE_GATE_DELAY_MS } from '@shared/constants/timings';
import { SITE_GATE_WRONG_PASSWORD } from '@shared/constants/texts';
import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { AppError } from '../common/errors';
import { noContent, ok, route } from '../common/http';
import { rateLimiter } from '../common/rate-limit';
import {
  clearedGateCookie,
  gateCookie,
  gateTokenFrom,
  gateTokenValid,
  issueGateToken,
  secureCookies,
  siteGateEnabled,
  siteGateSecret,
} from '../common/site-gate';
import { passwordMatches } from './service';

/** Password guesses allowed per IP address and window. */
const ATTEMPTS = { limit: 10, windowSeconds: 15 * 60 };
const unlockInput = z.object({ password: z.string().min(1, 'Required').max(256) }).strict();

export const getSiteGate = route('getSiteGate', {}, async ({ cookies }) => {
  if (!siteGateEnabled()) return ok({ required: false, unlocked: true });
  const { cookieKey } = await siteGateSecret();
  return ok({ required: true, unlocked: gateTokenValid(gateTokenFrom(cookies), cookieKey) });
});

export const unlockSiteGate = route('unlockSiteGate', { body: unlockInput }, async ({ body, sourceIp }) => {
  if (!siteGateEnabled()) return ok({ required: false, unlocked: true });
  await rateLimiter(dynamoDb, tableName('rateLimits')).hit(`site-gate#${sourceIp}`, ATTEMPTS);
  const secret = await siteGateSecret();
  // Every check takes the same time, right or wrong (spec: 0.5 s), so timing tells nothing.
  const [matches] = await Promise.all([
    passwordMatches(body.password, secret.passwordHash),
    sleep(SITE_GATE_DELAY_MS),
  ]);
  if (!matches) throw new AppError('invalid_password', SITE_GATE_WRONG_PASSWORD);
  return {
    ...ok({ required: true, unlocked: true }),
    cookies: [gateCookie(issueGateToken(secret.cookieKey), secureCookies())],
  };
});

export const lockSiteGate = route('lockSiteGate', {}, async () => ({
  ...noContent(),
  cookies: [clearedGateCookie(secureCookies())],
}));
