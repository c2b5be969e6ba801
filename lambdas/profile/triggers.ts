/**
 * Cognito's post-confirmation trigger: the account was just confirmed, so its profile (and the
 * 7-day trial) starts now. Cognito invokes it in AWS; the local user pool runs this same export.
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { createLogger } from '../common/logger';
import { profilesRepo, type ProfilesRepo } from './repository';
import { startTrial } from './service';

const logger = createLogger('profile', { trigger: 'postConfirmation' });
let repo: ProfilesRepo | undefined;

export async function postConfirmation(
  event: PostConfirmationTriggerEvent,
): Promise<PostConfirmationTriggerEvent> {
  // A confirmed password reset is not a new account.
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const { sub, email } = event.request.userAttributes;
  if (!sub || !email) throw new Error('The confirmed user has no sub or email attribute');
  repo ??= profilesRepo(dynamoDb, tableName('profiles'));
  const profile = await startTrial(repo, { userId: sub, email }, new Date());
  logger.info('trial started', { userId: sub, trialEnds: profile.trial_end_date });
  return event;
}
