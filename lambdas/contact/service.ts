import { createHash, randomUUID } from 'node:crypto';
import type { ContactMessageInput } from '@shared/contact/schemas';
import type { RateLimit, RateLimiter } from '../common/rate-limit';
import type { ContactRepo, StoredContactMessage } from './repository';

/** Messages one IP address may send per window. */
export const CONTACT_RATE_LIMIT: RateLimit = { limit: 5, windowSeconds: 60 * 60 };

export async function receiveContactMessage(
  repo: ContactRepo,
  limiter: RateLimiter,
  sourceIp: string,
  input: ContactMessageInput,
  now = new Date(),
): Promise<StoredContactMessage> {
  const sourceIpHash = createHash('sha256').update(sourceIp).digest('hex');
  await limiter.hit(`contact#${sourceIpHash}`, CONTACT_RATE_LIMIT, now);
  const message: StoredContactMessage = {
    ...input,
    id: randomUUID(),
    created_at: now.toISOString(),
    source_ip_hash: sourceIpHash,
  };
  await repo.put(message);
  return message;
}
