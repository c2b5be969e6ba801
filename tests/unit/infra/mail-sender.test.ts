/**
 * The stage's From line, split for the user pool's SES settings: a display name and an address on
 * the SES domain, or a refusal at synthesis (SES and Cognito would refuse it at deploy time).
 */
import { describe, expect, it } from 'vitest';
import { mailSender } from '../../../infra/config/stages';

describe('mailSender', () => {
  it('splits a display name from the address, and takes a bare address', () => {
    expect(mailSender('Edge Options <alerts@mail.example.com>', 'mail.example.com')).toEqual({
      name: 'Edge Options',
      address: 'alerts@mail.example.com',
    });
    expect(mailSender('"Edge, Options" <a@Mail.Example.com>', 'mail.example.com')).toEqual({
      name: 'Edge, Options',
      address: 'a@Mail.Example.com',
    });
    expect(mailSender('alerts@mail.example.com', 'mail.example.com')).toEqual({
      address: 'alerts@mail.example.com',
    });
  });

  it('refuses an address on another domain, and a line with no address', () => {
    expect(() => mailSender('Edge <alerts@example.com>', 'mail.example.com')).toThrow(
      /not on the SES domain/,
    );
    expect(() => mailSender('Edge Options', 'mail.example.com')).toThrow(/not an e-mail address/);
    expect(() => mailSender('Edge <a@b@mail.example.com>', 'mail.example.com')).toThrow();
  });
});
