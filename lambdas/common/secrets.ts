/**
 * Reads a secret: in AWS from Secrets Manager by the ARN in the environment (cached for a few
 * minutes per container); locally from the environment variable named in shared/src/secrets.ts.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { secrets, type SecretKey } from '@shared/secrets';

const CACHE_MS = 5 * 60 * 1000;
const cache = new Map<SecretKey, { value: string; until: number }>();
let client: SecretsManagerClient | undefined;

export async function readSecret(key: SecretKey): Promise<string | undefined> {
  const cached = cache.get(key);
  if (cached && cached.until > Date.now()) return cached.value;
  const arn = process.env[secrets[key].arnEnvVar];
  let value: string | undefined;
  if (arn) {
    client ??= new SecretsManagerClient({});
    value = (await client.send(new GetSecretValueCommand({ SecretId: arn }))).SecretString;
  } else {
    value = process.env[secrets[key].localEnvVar];
  }
  if (value !== undefined) cache.set(key, { value, until: Date.now() + CACHE_MS });
  return value;
}

/** Forgets cached values (tests, and the local runtime when it changes a secret). */
export function clearSecretCache(): void {
  cache.clear();
}
