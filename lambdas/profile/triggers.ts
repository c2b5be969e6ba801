/**
 * Cognito's post-confirmation trigger: the account was just confirmed, so its profile (and the
 * 7-day trial) starts now. Cognito invokes it in AWS; the local user pool runs this same export.
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { instrument, type InvocationContext } from '../common/observability';
import { profilesRepo, type ProfilesRepo } from './repository';
import { startTrial } from './service';

const invoke = instrument('profile', 'postConfirmation', { trigger: 'postConfirmation' });
let repo: ProfilesRepo | undefined;

export async function postConfirmation(
  event: PostConfirmationTriggerEvent,
  context?: InvocationContext,
): Promise<PostConfirmationTriggerEvent> {
  // A confirmed password reset is not a new account.
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const { sub, email } = event.request.userAttributes;
  if (!sub || !email) throw new Error('The confirmed user has no sub or email attribute');
  // The event holds the user's email: only the sub is logged.
  return invoke(context, { trigger: 'postConfirmation', user_id: sub }, async (logger) => {
    repo ??= profilesRepo(dynamoDb, tableName('profiles'));
    const profile = await startTrial(repo, { userId: sub, email }, new Date());
    logger.info('trial started', { trialEnds: profile.trial_end_date });
    return event;
  });
}
