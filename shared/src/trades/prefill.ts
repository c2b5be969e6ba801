/**
 * 'Track in Journal': a screen that is not the journal opens Add Trade pre-filled by navigating
 * to /dashboard/journal with this navigation state. Features never import each other; both sides
 * read this one schema. The prefill is the position as it would be traded: its legs, the net fill
 * at the prices the screen showed (a debit or a credit per share), and the edge score and
 * expected return shown then. What is stored is what was shown.
 */
import * as z from 'zod';
import { JOURNAL_STRATEGIES } from '../constants/strategies';
import { tickerSchema } from '../market/ticker';
import {
  priceSchema,
  TRADE_LEGS_MAX,
  TRADE_NOTES_MAX,
  TRADE_SIDES,
  TRADE_SOURCE_REF_MAX,
  TRADE_SOURCES,
  tradeLegSchema,
} from './schemas';

export const tradePrefillSchema = z.object({
  ticker: tickerSchema,
  strategy: z.enum(JOURNAL_STRATEGIES),
  side: z.enum(TRADE_SIDES),
  /** Contracts (or 100-share lots) of the whole position. */
  quantity: z.number().int().positive(),
  /**
   * The net fill per share at the prices shown; null when the screen had no executable price for
   * the position (the trader enters what they paid). Never the stock's price for an option.
   */
  entry_price: priceSchema.nullable(),
  /** Every leg at its fill; null for a position entered without legs. */
  legs: z.array(tradeLegSchema).max(TRADE_LEGS_MAX).nullable(),
  source: z.enum(TRADE_SOURCES),
  /** What the trade followed, e.g. `alerts:al-mwte6tt7` (feed and item id) or `scanner:<position>`. */
  source_ref: z.string().trim().min(1).max(TRADE_SOURCE_REF_MAX),
  /** The edge score and expected return (a fraction) shown when it was tracked; null when none was shown. */
  edge_score: z.number().min(0).max(100).nullable(),
  expected_return: z.number().nullable(),
  /** Where the price came from, in words, for the form ('the scanner's fills at the bid/ask', ...). */
  priced_by: z.string().max(300),
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

export const toCents = (value: number): number => Math.round(value * 100) / 100 || 0;
export const toFourDecimals = (value: number): number => Math.round(value * 10_000) / 10_000 || 0;
