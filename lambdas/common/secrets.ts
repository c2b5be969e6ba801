/**
 * Reads a secret: in AWS from Secrets Manager by the ARN in the environment, through Powertools
 * Parameters (cached for a few minutes per container); locally from the environment variable
 * named in shared/src/secrets.ts, which the local runtime fills from the data dir (read on every
 * call: a value the runtime or a test changes is seen at once).
 */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetParameterError } from '@aws-lambda-powertools/parameters/errors';
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { secrets, type SecretKey } from '@shared/secrets';
import { traceClient } from './tracing';

/** How long a secret read from Secrets Manager is kept before it is read again. */
export const SECRET_MAX_AGE_SECONDS = 5 * 60;

let provider: SecretsProvider | undefined;

export async function readSecret(key: SecretKey): Promise<string | undefined> {
  const arn = process.env[secrets[key].arnEnvVar];
  if (!arn) return process.env[secrets[key].localEnvVar];
  provider ??= new SecretsProvider({ awsSdkV3Client: traceClient(new SecretsManagerClient({})) });
  try {
    const value = await provider.get(arn, { maxAge: SECRET_MAX_AGE_SECONDS });
    return typeof value === 'string' ? value : undefined;
  } catch (error) {
    // Parameters wraps the SDK's error; route() maps the SDK's own (a throttle is a 503).
    throw error instanceof GetParameterError && error.cause !== undefined ? error.cause : error;
  }
}

/** Forgets cached values (tests, and the local runtime when it changes a secret). */
export function clearSecretCache(): void {
  provider?.clearCache();
}
