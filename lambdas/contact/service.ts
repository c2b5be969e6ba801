import { randomUUID } from 'node:crypto';
import type { ContactMessageInput } from '@shared/contact/schemas';
import type { RateLimit, RateLimiter } from '../common/rate-limit';
import { senderKey, type ContactRepo, type StoredContactMessage } from './repository';

/** Messages one IP address may send per window. */
export const CONTACT_RATE_LIMIT: RateLimit = { limit: 5, windowSeconds: 60 * 60 };

/**
 * Stores a message with a keyed hash of the sender's address (never the address): enough to see
 * that messages came from one sender, and not reversible without the key.
 */
export async function receiveContactMessage(
  repo: ContactRepo,
  limiter: RateLimiter,
  hash: (value: string) => Promise<string>,
  sourceIp: string,
  input: ContactMessageInput,
  now = new Date(),
): Promise<StoredContactMessage> {
  await limiter.hit(`contact#${sourceIp}`, CONTACT_RATE_LIMIT, now);
  const sourceIpHash = await hash(`contact-sender#${sourceIp}`);
  const message: StoredContactMessage = {
    ...input,
    id: randomUUID(),
    created_at: now.toISOString(),
    sender: senderKey(input.email),
    source_ip_hash: sourceIpHash,
  };
  await repo.put(message);
  return message;
}
