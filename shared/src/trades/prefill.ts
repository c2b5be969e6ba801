/**
 * 'Track in Journal': a screen that is not the journal opens Add Trade pre-filled by navigating
 * to /dashboard/journal with this navigation state. Features never import each other; both sides
 * read this one schema.
 */
import * as z from 'zod';
import { JOURNAL_STRATEGIES } from '../constants/strategies';
import { tickerSchema } from '../market/ticker';
import { priceSchema, TRADE_NOTES_MAX, TRADE_SOURCE_REF_MAX, TRADE_SOURCES } from './schemas';

export const tradePrefillSchema = z.object({
  ticker: tickerSchema,
  strategy: z.enum(JOURNAL_STRATEGIES),
  entry_price: priceSchema,
  source: z.enum(TRADE_SOURCES),
  /** What the trade followed, e.g. `alerts:al-mwte6tt7` (feed and item id). */
  source_ref: z.string().trim().min(1).max(TRADE_SOURCE_REF_MAX),
  notes: z.string().max(TRADE_NOTES_MAX),
});
export type TradePrefill = z.infer<typeof tradePrefillSchema>;

/** The navigation state: `navigate('/dashboard/journal', { state: { addTrade } })`. */
export const journalPrefillSchema = z.object({ addTrade: tradePrefillSchema });
export type JournalPrefill = z.infer<typeof journalPrefillSchema>;

/** The prefill in a navigation state, or null when there is none (or it is not one). */
export function readJournalPrefill(state: unknown): TradePrefill | null {
  const parsed = journalPrefillSchema.safeParse(state);
  return parsed.success ? parsed.data.addTrade : null;
}
