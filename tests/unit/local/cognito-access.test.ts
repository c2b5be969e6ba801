import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { fromLoopback, isAdminCall } from '../../../scripts/local/cognito';

const request = (remoteAddress: string, target?: string) =>
  ({
    socket: { remoteAddress },
    headers: target ? { 'x-amz-target': target } : {},
  }) as unknown as IncomingMessage;

describe('the local pool answers its outbox and admin calls on loopback only', () => {
  it('knows loopback callers from the rest of the network', () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'])
      expect(fromLoopback(request(address))).toBe(true);
    for (const address of ['192.168.1.20', '10.0.0.5', '::ffff:192.168.1.20', 'fd00::2', ''])
      expect(fromLoopback(request(address))).toBe(false);
  });

  it('treats what AWS allows only with IAM credentials as admin calls', () => {
    for (const op of [
      'AdminDeleteUser',
      'AdminConfirmSignUp',
      'CreateUserPool',
      'CreateUserPoolClient',
      'ListUsers',
    ])
      expect(isAdminCall(request('10.0.0.5', `AWSCognitoIdentityProviderService.${op}`))).toBe(true);
    for (const op of ['SignUp', 'InitiateAuth', 'ConfirmSignUp', 'GetUser', 'RespondToAuthChallenge'])
      expect(isAdminCall(request('10.0.0.5', `AWSCognitoIdentityProviderService.${op}`))).toBe(false);
  });
});
