/** Account Settings: the statistics card, and the export every stored item goes into. */
import * as z from 'zod';

/** GET /api/account/stats: real figures for the Account Statistics card (spec 2 showed '--'). */
export const accountStatsSchema = z.object({
  total_trades: z.number().int().nonnegative(),
  closed_trades: z.number().int().nonnegative(),
  /** Percent of closed trades that made money (0 with none closed), as the journal computes it. */
  win_rate: z.number(),
  /** Questions asked the research assistant since the start of this calendar month (UTC). */
  ai_questions_this_month: z.number().int().nonnegative(),
  member_since: z.string().datetime(),
  /** Whole days since the account was created. */
  member_days: z.number().int().nonnegative(),
});
export type AccountStats = z.infer<typeof accountStatsSchema>;

export const ACCOUNT_EXPORT_FORMAT = 'edge-options-account-export';

/**
 * GET /api/account/export: every item the server holds for the user, table by table (each table
 * of shared/src/tables.ts marked `userData`), plus the sign-in account itself.
 */
export const accountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  version: z.literal(1),
  exported_at: z.string().datetime(),
  account: z.object({
    id: z.string(),
    email: z.string(),
    created_at: z.string().datetime().nullable(),
    mfa: z.array(z.string()),
  }),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The file name the export downloads as (spec 7: a local JSON file; dated). */
export function accountExportFileName(now: Date): string {
  return `edge-options-account-${now.toISOString().slice(0, 10)}.json`;
}
