/**
 * The schedule table: every scheduled job and how often it runs. EventBridge schedules in AWS
 * and timers in the local runtime both read this. A job is the export `id` of
 * `lambdas/<area>/jobs.ts`, called with no input.
 */
import { userDataTables, type TableAccess } from './routes';
import type { SecretKey } from './secrets';
import type { TableKey } from './tables';

export interface ScheduleDefinition {
  id: string;
  area: string;
  description: string;
  /** How often the job runs, in minutes (EventBridge's floor is one minute). */
  everyMinutes: number;
  tables: Partial<Record<TableKey, TableAccess>>;
  /** Secrets the job reads (bound to its function in AWS), as a route's `secrets`. */
  secrets?: readonly SecretKey[];
}

export const schedules = [
  // First: locally the jobs run one after another in this order, and what marks positions or
  // answers with chains reads the snapshot.
  {
    id: 'snapshotChains',
    area: 'market',
    description:
      "Sessions and 20 min after each close: fetches the universe's option chains from the stage's real chain provider, prices them, writes this minute's shared snapshot; outside them, the closing snapshot once (nothing with simulated chains)",
    everyMinutes: 1,
    tables: {},
  },
  {
    id: 'generateFeeds',
    area: 'feeds',
    description:
      'Writes the simulated feeds (market alerts, dark pool, chatter, trend alerts) due over the next 90 s, from the market model, and the notifications the new items match',
    everyMinutes: 1,
    // trades: the open positions' tickers, for rules on the tickers a user holds (by_open index).
    tables: {
      feeds: 'readWrite',
      notifications: 'readWrite',
      profiles: 'read',
      watchlists: 'read',
      trades: 'read',
    },
  },
  {
    id: 'enforceFeedCaps',
    area: 'feeds',
    description: 'Trims every feed to its cap (spec 9, simulated feeds), newest kept',
    everyMinutes: 1,
    tables: { feeds: 'readWrite' },
  },
  {
    id: 'recordPositionTargets',
    area: 'positions',
    description:
      'In regular sessions only: marks every open position (by_open index) against its owner’s targets and records each target newly reached once per trade and rule, as an alert and notifications',
    everyMinutes: 1,
    tables: { trades: 'read', profiles: 'read', notifications: 'readWrite', watchlists: 'read' },
    // The chain provider's key, where the stage marks from a real provider (as GET /api/positions).
    secrets: ['marketDataApiKey'],
  },
  {
    id: 'scoreSignals',
    area: 'feeds',
    description:
      "Records the scorecards' signals (alerts, dark pool prints, default-scan picks) and values each horizon that has come, once; a simulated stage's last 90 days are replayed over its first runs",
    everyMinutes: 5,
    tables: { feeds: 'readWrite' },
  },
  {
    id: 'sweepDeletedAccounts',
    area: 'account',
    description:
      'Deletes, once more, every item of each account deleted over a minute ago: a write that passed its session check just before the deletion can land after it (API_TIMEOUT_SECONDS later at most)',
    everyMinutes: 5,
    tables: { ...userDataTables('readWrite'), revocations: 'readWrite' },
  },
  {
    id: 'requeueUnsentNotifications',
    area: 'notifications',
    description:
      'Queues again every delivery still pending and untried 30 minutes after it was recorded (its SQS send failed after the record), and marks failed one over 6 hours old; the worker still sends only a pending delivery',
    everyMinutes: 10,
    tables: { notifications: 'readWrite' },
  },
] as const satisfies readonly ScheduleDefinition[];

export type Schedule = (typeof schedules)[number];
