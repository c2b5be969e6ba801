/**
 * Matching a feeds run's new items against the rules (issue 25): each match becomes one delivery
 * per channel, once (its id a hash of rule, event and channel, put with a condition), held back
 * in quiet hours or past the daily cap; a burst (more than DIGEST_AFTER matches for one user in
 * one run) goes out as one digest per channel instead. A new pending delivery is handed to the
 * worker (`enqueue`).
 */
import { createHash } from 'node:crypto';
import { DIGEST_AFTER, digestEvent } from '@shared/notifications/digest';
import {
  capDay,
  deliveryDecision,
  inQuietHours,
  matchItem,
  ownsItem,
  type RuleFeedItem,
} from '@shared/notifications/matcher';
import {
  ruleFeedFeature,
  type NotificationChannel,
  type NotifiedEvent,
  type RuleFeed,
} from '@shared/notifications/schemas';
import type { StoredNotification, StoredRule } from './repository';
import { DELIVERY_TTL_SECONDS, notificationId, type NotificationDeps } from './service';

/** A digest's id: the same user, channel and matches always give the same one. */
export const digestId = (userId: string, channel: string, matchIds: readonly string[]) =>
  createHash('sha256')
    .update(`${userId}|${channel}|${[...matchIds].sort().join(',')}`)
    .digest('hex')
    .slice(0, 32);

/**
 * Writes the deliveries of one matched event on each of the rule's channels, once: the in-app
 * one is sent by being written, the others are queued. Quiet hours and the daily cap (judged at
 * the event's time, in the rule's time zone) hold a match back as `suppressed`.
 */
async function recordMatch(deps: NotificationDeps, rule: StoredRule, event: NotifiedEvent, at: Date) {
  const day = capDay(rule, at);
  const decision = deliveryDecision(rule, at, await deps.repo.capCount(rule.userId, rule.id, day));
  const created: StoredNotification[] = [];
  const stamp = deps.now().toISOString();
  for (const channel of rule.channels) {
    const notification: StoredNotification = {
      id: notificationId(rule.id, event, channel),
      userId: rule.userId,
      ruleId: rule.id,
      channel,
      status: !decision.send ? 'suppressed' : channel === 'in-app' ? 'sent' : 'pending',
      ...(decision.send ? {} : { detail: decision.detail }),
      attempts: 0,
      event,
      createdAt: stamp,
      updatedAt: stamp,
    };
    const expiresAt = Math.floor(deps.now().getTime() / 1000) + DELIVERY_TTL_SECONDS;
    if (await deps.repo.createNotification(notification, expiresAt)) created.push(notification);
  }
  if (decision.send && created.length > 0) {
    const expiresAt = Math.floor(at.getTime() / 1000) + 3 * 24 * 3600;
    await deps.repo.addToCap(rule.userId, rule.id, day, expiresAt);
  }
  for (const notification of created)
    if (notification.status === 'pending')
      await deps.enqueue({ userId: rule.userId, id: notification.id }, at);
  return created.length;
}

interface Match {
  rule: StoredRule;
  event: NotifiedEvent;
  at: Date;
}

/**
 * A burst's matches as digests: one per channel (a webhook's per rule, each its own URL) holding
 * the matches of the rules with room under their cap today; each such rule counts one against its
 * cap for the burst. Each match is first claimed on its channel under the id its own delivery
 * would have had (kept out of the log), so a repeated run sends neither it nor a digest again.
 */
async function recordBurst(deps: NotificationDeps, matches: readonly Match[]): Promise<number> {
  let written = 0;
  const open: Match[] = [];
  const room = new Map<string, boolean>();
  for (const match of matches) {
    const day = capDay(match.rule, match.at);
    const key = `${match.rule.id}#${day}`;
    if (!room.has(key))
      room.set(key, (await deps.repo.capCount(match.rule.userId, match.rule.id, day)) < match.rule.dailyCap);
    if (room.get(key)) open.push(match);
    else written += await recordMatch(deps, match.rule, match.event, match.at);
  }
  const groups = new Map<string, { channel: NotificationChannel; matches: Match[] }>();
  for (const match of open)
    for (const channel of match.rule.channels) {
      const key = channel === 'webhook' ? `webhook#${match.rule.id}` : channel;
      const group = groups.get(key) ?? { channel, matches: [] };
      group.matches.push(match);
      groups.set(key, group);
    }
  const stamp = deps.now().toISOString();
  const expiresAt = Math.floor(deps.now().getTime() / 1000) + DELIVERY_TTL_SECONDS;
  const counted = new Set<string>();
  for (const { channel, matches: grouped } of groups.values()) {
    const claimed: { match: Match; id: string }[] = [];
    for (const match of grouped) {
      const id = notificationId(match.rule.id, match.event, channel);
      const marker: StoredNotification = {
        id,
        userId: match.rule.userId,
        ruleId: match.rule.id,
        channel,
        status: 'suppressed',
        detail: 'sent in a digest',
        attempts: 0,
        event: match.event,
        createdAt: stamp,
        updatedAt: stamp,
      };
      if (await deps.repo.createNotification(marker, expiresAt, { inLog: false }))
        claimed.push({ match, id });
    }
    const first = claimed[0]?.match;
    if (!first) continue;
    const id = digestId(
      first.rule.userId,
      channel,
      claimed.map((c) => c.id),
    );
    const digest: StoredNotification = {
      id,
      userId: first.rule.userId,
      ruleId: first.rule.id,
      channel,
      status: channel === 'in-app' ? 'sent' : 'pending',
      attempts: 0,
      event: digestEvent(
        id,
        claimed.map((c) => c.match.event),
      ),
      createdAt: stamp,
      updatedAt: stamp,
    };
    if (!(await deps.repo.createNotification(digest, expiresAt))) continue;
    written += 1;
    for (const { match } of claimed) {
      const day = capDay(match.rule, match.at);
      const key = `${match.rule.id}#${day}`;
      if (counted.has(key)) continue;
      counted.add(key);
      await deps.repo.addToCap(
        match.rule.userId,
        match.rule.id,
        day,
        Math.floor(match.at.getTime() / 1000) + 3 * 24 * 3600,
      );
    }
    if (digest.status === 'pending') await deps.enqueue({ userId: digest.userId, id }, deps.now());
  }
  return written;
}

/**
 * Matches a feed's new items against every enabled rule on it; the count of deliveries written.
 * A user with more than DIGEST_AFTER matches to send in one run gets them as digests (a match in
 * quiet hours is still held back on its own).
 */
export async function notifyFeedItems<F extends RuleFeed>(
  deps: NotificationDeps,
  feed: F,
  items: readonly RuleFeedItem[F][],
): Promise<number> {
  if (items.length === 0) return 0;
  const rules = await deps.repo.rulesForFeed(feed);
  const allowed = new Map<string, boolean>();
  // Each owner's watchlist and tickers held, read once per run and only for owners with a rule on them.
  const watchlists = new Map<string, ReadonlySet<string>>();
  const holdings = new Map<string, ReadonlySet<string>>();
  const none: ReadonlySet<string> = new Set();
  const byUser = new Map<string, Match[]>();
  for (const rule of rules) {
    if (!allowed.has(rule.userId))
      allowed.set(
        rule.userId,
        (await deps.planAllows(rule.userId, 'alerts')) &&
          (await deps.planAllows(rule.userId, ruleFeedFeature[feed])),
      );
    if (!allowed.get(rule.userId)) continue;
    if (rule.held && !holdings.has(rule.userId))
      holdings.set(rule.userId, new Set(await deps.repo.heldTickers(rule.userId)));
    else if (rule.watchlist && !watchlists.has(rule.userId))
      watchlists.set(rule.userId, new Set(await deps.repo.watchlist(rule.userId)));
    const scoped = (rule.held ? holdings : watchlists).get(rule.userId) ?? none;
    for (const item of items) {
      if (!ownsItem(rule.userId, item)) continue;
      const event = matchItem(rule, feed, item, scoped);
      if (!event) continue;
      const matches = byUser.get(rule.userId) ?? [];
      matches.push({ rule, event, at: new Date(item.timestamp) });
      byUser.set(rule.userId, matches);
    }
  }
  let written = 0;
  for (const matches of byUser.values()) {
    const quiet = (m: Match) => m.rule.quietHours !== undefined && inQuietHours(m.rule.quietHours, m.at);
    const sendable = matches.filter((m) => !quiet(m));
    const burst = sendable.length > DIGEST_AFTER;
    for (const match of burst ? matches.filter(quiet) : matches)
      written += await recordMatch(deps, match.rule, match.event, match.at);
    if (burst) written += await recordBurst(deps, sendable);
  }
  return written;
}
