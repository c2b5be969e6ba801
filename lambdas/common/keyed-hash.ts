/**
 * Keyed hashes (HMAC-SHA256 under the `hashingKey` secret) of what we keep about a caller for
 * rate limits and abuse checks, such as a viewer address: without the key a stored value cannot be
 * reversed by hashing every IPv4 address, and any input, however long or odd, becomes a short,
 * fixed-length key that DynamoDB accepts.
 */
import { createHmac } from 'node:crypto';
import { readSecret } from './secrets';

export async function keyedHash(value: string): Promise<string> {
  const key = await readSecret('hashingKey');
  if (!key) throw new Error('The hashing key secret has no value');
  return createHmac('sha256', key).update(value).digest('base64url');
}
