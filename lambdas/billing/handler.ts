import { billingWebhookBody, checkoutInput } from '@shared/billing/schemas';
import { cognito, dynamoDb } from '../common/clients';
import { onFirstUse } from '../common/deps';
import { tableName } from '../common/env';
import { UnauthorizedError } from '../common/errors';
import { ok, route } from '../common/http';
import { sendAccountMail } from '../notifications/confirmations';
import { notificationDeps } from '../notifications/deps';
import { cognitoIdentity } from '../profile/identity';
import { profilesRepo } from '../profile/repository';
import { getOrCreateProfile } from '../profile/service';
import { configuredBillingProvider, siteOrigin } from './config';
import { processedEvents } from './repository';
import { openPortal, receiveWebhook, startCheckout } from './service';

const identity = cognitoIdentity(cognito);
// Built on first use: each route's function is given only its own tables.
const profilesTable = onFirstUse(() => profilesRepo(dynamoDb, tableName('profiles')));
const billingEvents = onFirstUse(() => processedEvents(dynamoDb, tableName('billingEvents')));
// The webhook's account e-mails (a failed payment, a plan change), through the notifications worker.
const notifications = onFirstUse(() => notificationDeps());

export const getBilling = route('getBilling', {}, async () =>
  ok({ enabled: (await configuredBillingProvider()) !== null && siteOrigin() !== null }),
);

export const createCheckout = route(
  'createCheckout',
  { body: checkoutInput },
  async ({ body, userId, accessToken, logger }) => {
    const deps = { provider: configuredBillingProvider, profiles: profilesTable() };
    const profile = await getOrCreateProfile(deps.profiles, identity, { userId, accessToken });
    return ok(
      await startCheckout(deps, { userId, email: profile.email, profile }, body, siteOrigin(), logger),
    );
  },
);

export const openBillingPortal = route('openBillingPortal', {}, async ({ userId, accessToken, logger }) => {
  // The portal manages payment: only for a session Cognito still honours.
  if (!accessToken) throw new UnauthorizedError();
  await identity.accountOf(accessToken);
  return ok(
    await openPortal(
      { provider: configuredBillingProvider, profiles: profilesTable() },
      userId,
      siteOrigin(),
      logger,
    ),
  );
});

export const billingWebhook = route(
  'billingWebhook',
  { body: billingWebhookBody },
  async ({ body, headers, logger }) => {
    const outcome = await receiveWebhook(
      {
        provider: configuredBillingProvider,
        profiles: profilesTable(),
        events: billingEvents(),
        accountMail: (userId, mail) => sendAccountMail(notifications(), userId, mail),
        siteOrigin: siteOrigin(),
      },
      body,
      headers['stripe-signature'],
      logger,
    );
    return ok({ received: true, outcome });
  },
);
