/**
 * Prints the value to store in a stage's site-gate secret for a password:
 *   npm run site-gate-secret -- 'the password'
 *   aws secretsmanager put-secret-value --secret-id <SiteGateSecret ARN> --secret-string '<printed JSON>'
 * The password itself is never stored; only its scrypt hash and a fresh cookie-signing key.
 */
import { newSiteGateSecret } from '../lambdas/site-gate/service';

const password = process.argv[2];
if (!password) {
  console.error("Usage: npm run site-gate-secret -- '<password>'");
  process.exit(1);
}
console.log(JSON.stringify(await newSiteGateSecret(password)));
