import { z } from 'zod';
import { JOURNAL_STRATEGIES } from '../constants/strategies';
import { tickerSchema } from '../market/ticker';

export const TRADE_NOTES_MAX = 2000;

const priceSchema = z.number().finite().nonnegative();

/** A stored trade (spec 3). exit_price null means the trade is still open. */
export const tradeSchema = z.object({
  trade_id: z.string().min(1),
  user_id: z.string().min(1),
  ticker: z.string().min(1),
  /** A journal strategy; read as any string so rows written under older lists still load. */
  strategy: z.string().min(1),
  entry_price: z.number(),
  exit_price: z.number().nullable(),
  notes: z
    .string()
    .nullish()
    .transform((notes) => notes ?? ''),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Trade = z.infer<typeof tradeSchema>;

const tradeFields = {
  ticker: tickerSchema,
  strategy: z.enum(JOURNAL_STRATEGIES),
  entry_price: priceSchema,
  exit_price: priceSchema.nullable(),
  notes: z.string().trim().max(TRADE_NOTES_MAX),
};

/** POST /api/trades and the Add Trade form (spec 5). Missing exit price and notes become null and ''. */
export const createTradeInput = z
  .object({
    ...tradeFields,
    exit_price: tradeFields.exit_price.optional().transform((price) => price ?? null),
    notes: tradeFields.notes.optional().transform((notes) => notes ?? ''),
  })
  .strict();
export type CreateTradeInput = z.infer<typeof createTradeInput>;
/** What a form holds before parsing (exit price and notes may be left out). */
export type CreateTradeFormValues = z.input<typeof createTradeInput>;

/** PATCH /api/trades/{id}: any of the fields (e.g. an exit price to close it); at least one. */
export const updateTradeInput = z
  .object(tradeFields)
  .partial()
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: 'Nothing to update: send at least one trade field',
  });
export type UpdateTradeInput = z.infer<typeof updateTradeInput>;
