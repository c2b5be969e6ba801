/**
 * The notification and watchlist rows of the route table (../routes.ts spreads them in): one
 * part along the table's seam by area, so the table stays one list that the CDK API stack and
 * the local API server read.
 */
import { PLAN_LOOKUP } from '../route-grants';
import type { RouteDefinition } from '../routes';

export const notificationRoutes = [
  {
    id: 'listNotificationRules',
    method: 'GET',
    path: '/api/notification-rules',
    auth: 'user',
    area: 'notifications',
    tables: { notifications: 'read' },
  },
  {
    id: 'createNotificationRule',
    method: 'POST',
    path: '/api/notification-rules',
    auth: 'user',
    area: 'notifications',
    tables: { notifications: 'readWrite', profiles: 'read' },
    cognitoActions: PLAN_LOOKUP,
  },
  {
    id: 'updateNotificationRule',
    method: 'PATCH',
    path: '/api/notification-rules/{id}',
    auth: 'user',
    area: 'notifications',
    tables: { notifications: 'readWrite', profiles: 'read' },
    cognitoActions: PLAN_LOOKUP,
  },
  {
    id: 'deleteNotificationRule',
    method: 'DELETE',
    path: '/api/notification-rules/{id}',
    auth: 'user',
    area: 'notifications',
    tables: { notifications: 'readWrite' },
  },
  {
    // Sends on the rule's channels at once: the e-mail goes to the profile's address. Creating,
    // changing and testing a rule need the plan's feature of the rule's feed.
    id: 'testNotificationRule',
    method: 'POST',
    path: '/api/notification-rules/{id}/test',
    auth: 'user',
    area: 'notifications',
    tables: { notifications: 'readWrite', profiles: 'read' },
    secrets: ['vapidKeys'],
    cognitoActions: PLAN_LOOKUP,
    delivers: 'mail',
  },
  {
    id: 'listNotifications',
    method: 'GET',
    path: '/api/notifications',
    auth: 'user',
    area: 'notifications',
    tables: { notifications: 'read' },
  },
  {
    id: 'getWatchlist',
    method: 'GET',
    path: '/api/watchlist',
    auth: 'user',
    area: 'watchlist',
    tables: { watchlists: 'read' },
  },
  {
    // Adding a ticker already on the list answers it as it was (PUT: the same request, the same result).
    id: 'watchTicker',
    method: 'PUT',
    path: '/api/watchlist/{ticker}',
    auth: 'user',
    area: 'watchlist',
    tables: { watchlists: 'readWrite' },
  },
  {
    id: 'unwatchTicker',
    method: 'DELETE',
    path: '/api/watchlist/{ticker}',
    auth: 'user',
    area: 'watchlist',
    tables: { watchlists: 'readWrite' },
  },
  {
    // The stage's VAPID public key: a browser subscribes to push with it.
    id: 'getPushKey',
    method: 'GET',
    path: '/api/push/key',
    auth: 'user',
    area: 'notifications',
    tables: {},
    secrets: ['vapidKeys'],
  },
  {
    // Stores this browser's push subscription (its endpoint must be public https, as a webhook's).
    id: 'subscribePush',
    method: 'POST',
    path: '/api/push/subscriptions',
    auth: 'user',
    area: 'notifications',
    tables: { notifications: 'readWrite' },
  },
  {
    id: 'unsubscribePush',
    method: 'DELETE',
    path: '/api/push/subscriptions/{id}',
    auth: 'user',
    area: 'notifications',
    tables: { notifications: 'readWrite' },
  },
] as const satisfies readonly RouteDefinition[];
