// size: one contract for a trade (the stored row, the API's row, inputs, filters, stats and analytics), read together by handlers, import, pages and tests.
/**
 * Trades (spec 3, 5 and 7, and the journal issue): the stored row, what the API returns, what a
 * client may send, the list filters, and the stats response. Used by the handlers, the CSV
 * import, the journal page and the dashboard alike.
 */
import * as z from 'zod';
import { inputDay, inputInstant, inputNumber } from '../api/input-bounds';
import {
  EDGE_SCORE_RANGE,
  LEG_PREMIUM_RANGE,
  LEG_STRIKE_RANGE,
  TRADE_PRICE_RANGE,
  TRADE_QUANTITY_RANGE,
} from '../constants/ranges';
import { JOURNAL_STRATEGIES } from '../constants/strategies';
import { isValidTimeZone } from '../format/calendar-day';
import { tickerSchema } from '../market/ticker';

export const TRADE_NOTES_MAX = 2000;
export const TRADE_TAGS_MAX = 10;
export const TRADE_TAG_MAX_LENGTH = 32;
export const TRADE_QUANTITY_MAX = TRADE_QUANTITY_RANGE.max;
export const TRADE_PRICE_MAX = TRADE_PRICE_RANGE.max;
export const TRADE_SOURCE_REF_MAX = 200;
export const TRADE_LEGS_MAX = 8;
export const TRADES_PAGE_DEFAULT = 50;
export const TRADES_PAGE_MAX = 200;
/** One import may carry this many rows (the journal issue's scale: 10,000 trades per user). */
export const TRADE_IMPORT_MAX_ROWS = 10_000;
/** An import's answer shows the first this-many new rows (its counts cover them all). */
export const TRADE_IMPORT_PREVIEW_ROWS = 200;

export const TRADE_SIDES = ['debit', 'credit'] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];

/** Where a trade came from; the stats can be filtered and grouped by it. */
export const TRADE_SOURCES = ['manual', 'scanner', 'alert', 'darkpool', 'assistant', 'import'] as const;
export type TradeSource = (typeof TRADE_SOURCES)[number];

export const TRADE_STATUSES = ['open', 'closed'] as const;

/** Money as a trader types it: a number at least 0 with at most two decimals (spec 5: step 0.01). */
export const priceSchema = inputNumber(TRADE_PRICE_RANGE);
const quantitySchema = inputNumber(TRADE_QUANTITY_RANGE);

const tagSchema = z
  .string()
  .trim()
  .min(1, 'A tag cannot be blank')
  .max(TRADE_TAG_MAX_LENGTH, `A tag is at most ${TRADE_TAG_MAX_LENGTH} characters`)
  .regex(/^[^,;]*$/, 'A tag cannot contain commas or semicolons');

/** Tags, trimmed and de-duplicated (case-insensitively, first spelling kept). */
export const tagsSchema = z
  .array(tagSchema)
  .max(TRADE_TAGS_MAX, `At most ${TRADE_TAGS_MAX} tags`)
  .transform((tags) =>
    tags.filter((tag, i) => tags.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === i),
  );

/** A leg of a position, when the trade came from a scanner position (or was entered with legs). */
export const tradeLegSchema = z
  .object({
    kind: z.enum(['call', 'put', 'stock']),
    side: z.enum(['long', 'short']),
    quantity: z.number().int().positive().max(TRADE_QUANTITY_MAX),
    strike: z.number().finite().positive().nullable(),
    expiration: z.iso.date().nullable(),
    premium: z.number().finite().nonnegative(),
  })
  .strict();
export type TradeLeg = z.infer<typeof tradeLegSchema>;

/** A leg as a client may send it: tradeLegSchema (which reads what is stored) within the input ranges. */
const tradeLegInput = z
  .object({
    kind: tradeLegSchema.shape.kind,
    side: tradeLegSchema.shape.side,
    quantity: quantitySchema,
    strike: inputNumber(LEG_STRIKE_RANGE).nullable(),
    expiration: inputDay().nullable(),
    premium: inputNumber(LEG_PREMIUM_RANGE),
  })
  .strict();

/** The edge score shown when the trade was tracked (0-100, as the scanner or the feed showed it). */
const edgeScoreInput = inputNumber({ ...EDGE_SCORE_RANGE, decimals: 2 });
/** The expected return on capital shown when it was tracked, as a fraction (0.12 = +12%). */
const expectedReturnInput = inputNumber({ min: -1, max: 1000, decimals: 4 });

const notesSchema = z.string().trim().max(TRADE_NOTES_MAX, `Notes are at most ${TRADE_NOTES_MAX} characters`);
const sourceRefSchema = z.string().trim().max(TRADE_SOURCE_REF_MAX).nullable();
const timestampSchema = inputInstant().transform((value) => new Date(value).toISOString());

/** A trade as the API returns it (and as stored, less the internal index attributes). */
export const tradeSchema = z.object({
  trade_id: z.string().min(1),
  user_id: z.string().min(1),
  ticker: z.string().min(1),
  /** A journal strategy; read as any string so rows written under older lists still load. */
  strategy: z.string().min(1),
  side: z.enum(TRADE_SIDES).default('debit'),
  quantity: z.number().int().positive().default(1),
  entry_price: z.number(),
  /** null while the trade is open. */
  exit_price: z.number().nullable(),
  fees: z.number().nonnegative().default(0),
  notes: z
    .string()
    .nullish()
    .transform((notes) => notes ?? ''),
  tags: z.array(z.string()).default([]),
  source: z.enum(TRADE_SOURCES).default('manual'),
  source_ref: z.string().nullable().default(null),
  legs: z.array(tradeLegSchema).nullable().default(null),
  /** The edge score the source showed when the trade was tracked; null for a trade entered by hand. */
  edge_score: z.number().nullable().default(null),
  /** The expected return on capital (a fraction) shown when it was tracked; null when none was shown. */
  expected_return: z.number().nullable().default(null),
  /** When the position was opened (the journal's Date); defaults to when it was entered. */
  opened_at: z.string(),
  /** When it was closed; null while open. */
  closed_at: z.string().nullable().default(null),
  created_at: z.string(),
  updated_at: z.string(),
  /** (exit − entry) × 100 × quantity for a debit, (entry − exit) × … for a credit, less fees; null while open. */
  pnl: z.number().nullable(),
});
export type Trade = z.infer<typeof tradeSchema>;

const tradeFields = {
  ticker: tickerSchema,
  strategy: z.enum(JOURNAL_STRATEGIES, { error: 'Choose one of the journal strategies' }),
  side: z.enum(TRADE_SIDES),
  quantity: quantitySchema,
  entry_price: priceSchema,
  exit_price: priceSchema.nullable(),
  fees: priceSchema,
  notes: notesSchema,
  tags: tagsSchema,
  source: z.enum(TRADE_SOURCES),
  source_ref: sourceRefSchema,
  legs: z.array(tradeLegInput).max(TRADE_LEGS_MAX).nullable(),
  edge_score: edgeScoreInput.nullable(),
  expected_return: expectedReturnInput.nullable(),
  opened_at: timestampSchema,
  closed_at: timestampSchema.nullable(),
};

/**
 * POST /api/trades and the Add Trade form (spec 5, plus the journal issue's fields). Only
 * ticker, strategy and entry price are required: side debit, quantity 1, fees 0, no exit (open),
 * no notes or tags, source manual, opened now.
 */
export const createTradeInput = z
  .object({
    ticker: tradeFields.ticker,
    strategy: tradeFields.strategy,
    entry_price: tradeFields.entry_price,
    side: tradeFields.side.default('debit'),
    quantity: tradeFields.quantity.default(1),
    exit_price: tradeFields.exit_price.optional().transform((price) => price ?? null),
    fees: tradeFields.fees.default(0),
    notes: tradeFields.notes.optional().transform((notes) => notes ?? ''),
    tags: tradeFields.tags.default([]),
    source: tradeFields.source.default('manual'),
    source_ref: tradeFields.source_ref.optional().transform((ref) => ref || null),
    legs: tradeFields.legs.optional().transform((legs) => legs ?? null),
    edge_score: tradeFields.edge_score.optional().transform((score) => score ?? null),
    expected_return: tradeFields.expected_return.optional().transform((fraction) => fraction ?? null),
    opened_at: tradeFields.opened_at.optional(),
    closed_at: tradeFields.closed_at.optional(),
  })
  .strict()
  .superRefine(checkDates);
export type CreateTradeInput = z.infer<typeof createTradeInput>;
/** What a form holds before parsing. */
export type CreateTradeFormValues = z.input<typeof createTradeInput>;

/**
 * PATCH /api/trades/{id}: close an open trade by setting its exit price (closed_at defaults to
 * now), reopen it with `exit_price: null`, or edit notes, tags, fees, quantity, side, prices,
 * dates. At least one field.
 */
export const updateTradeInput = z
  .object(tradeFields)
  .omit({ source: true, source_ref: true, legs: true, edge_score: true, expected_return: true })
  .partial()
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: 'Nothing to update: send at least one trade field',
  })
  .superRefine(checkDates);
export type UpdateTradeInput = z.infer<typeof updateTradeInput>;

function checkDates(
  input: { opened_at?: string; closed_at?: string | null; exit_price?: number | null },
  ctx: z.RefinementCtx,
) {
  if (input.opened_at && input.closed_at && input.closed_at < input.opened_at)
    ctx.addIssue({ code: 'custom', path: ['closed_at'], message: 'A trade cannot close before it opened' });
  if (input.closed_at && input.exit_price === null)
    ctx.addIssue({ code: 'custom', path: ['closed_at'], message: 'An open trade has no close date' });
}

export const tradeIdParams = z.object({ id: z.string().min(1).max(100) }).strict();

const dayOrTimestamp = z.union([inputDay(), inputInstant()]);

/** The journal's filters: the list, the stats and the CSV export all take them. */
export const tradeFiltersSchema = z.object({
  /** Trade date (opened_at) on or after this day / instant. */
  from: dayOrTimestamp.optional(),
  /** Trade date on or before this day (the whole day) / instant. */
  to: dayOrTimestamp.optional(),
  ticker: tickerSchema.optional(),
  strategy: z.enum(JOURNAL_STRATEGIES).optional(),
  tag: z.string().trim().min(1).max(TRADE_TAG_MAX_LENGTH).optional(),
  source: z.enum(TRADE_SOURCES).optional(),
  status: z.enum(TRADE_STATUSES).optional(),
  /** The trader's time zone, for 'today' and for grouping by day and month. */
  tz: z.string().refine(isValidTimeZone, 'Unknown time zone').optional(),
});
export type TradeFilters = z.infer<typeof tradeFiltersSchema>;

/** GET /api/trades: the filters, a page size, a cursor, and the order. */
export const tradeListQuery = tradeFiltersSchema
  .extend({
    cursor: z.string().max(1000).optional(),
    limit: z.coerce.number().int().min(1).max(TRADES_PAGE_MAX).default(TRADES_PAGE_DEFAULT),
    /** `opened` (the trade date, newest first; default) or `updated` (recent activity). */
    sort: z.enum(['opened', 'updated']).default('opened'),
  })
  .strict();
export type TradeListQuery = z.infer<typeof tradeListQuery>;

export const tradeFiltersQuery = tradeFiltersSchema.strict();

export const tradeListResponseSchema = z.object({
  trades: z.array(tradeSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  cursor: z.string().nullable(),
});
export type TradeListResponse = z.infer<typeof tradeListResponseSchema>;

const tradeRefSchema = z.object({
  trade_id: z.string(),
  ticker: z.string(),
  strategy: z.string(),
  pnl: z.number(),
  closed_at: z.string().nullable(),
});

const groupSchema = z.object({
  key: z.string(),
  /** Closed trades in the group. */
  trades: z.number(),
  pnl: z.number(),
  win_rate: z.number(),
});
export type PnlGroup = z.infer<typeof groupSchema>;

/** A source's group, with what its tracked trades returned on the capital they risked. */
const sourceGroupSchema = groupSchema.extend({
  /** Closed trades whose capital at risk is known (legs of one expiration, a bounded loss). */
  capital_trades: z.number(),
  /** Their capital at risk when opened (worst loss at expiry plus fees), in dollars. */
  capital: z.number(),
  /** Their P&L over that capital, in percent; null when no trade's capital is known. */
  return_on_capital: z.number().nullable(),
});
export type SourceGroup = z.infer<typeof sourceGroupSchema>;

export const tradeAnalyticsSchema = z.object({
  /** Average P&L of winning / losing closed trades (a loss is negative); 0 with none. */
  avg_win: z.number(),
  avg_loss: z.number(),
  /** Gross profit / gross loss; null when there is no loss to divide by. */
  profit_factor: z.number().nullable(),
  /** Average P&L per closed trade. */
  expectancy: z.number(),
  /** Largest fall of the cumulative closed P&L from a previous peak (starting at 0), in dollars ≥ 0. */
  max_drawdown: z.number(),
  best_trade: tradeRefSchema.nullable(),
  worst_trade: tradeRefSchema.nullable(),
  /** Cumulative closed P&L by close day. */
  equity_curve: z.array(z.object({ date: z.string(), pnl: z.number(), equity: z.number() })),
  by_strategy: z.array(groupSchema),
  by_ticker: z.array(groupSchema),
  by_source: z.array(sourceGroupSchema),
  /** Closed P&L by close month ('YYYY-MM'), oldest first. */
  monthly: z.array(z.object({ month: z.string(), pnl: z.number(), trades: z.number() })),
});
export type TradeAnalytics = z.infer<typeof tradeAnalyticsSchema>;

/** GET /api/trades/stats: the spec's figures (section 9) and the analytics. */
export const tradeStatsSchema = z.object({
  total_trades: z.number(),
  closed_trades: z.number(),
  open_trades: z.number(),
  win_rate: z.number(),
  total_pnl: z.number(),
  today_pnl: z.number(),
  /** Spec 9's 'Journal Avg Edge Score', a formula of the win rate (kept for the spec; labelled so). */
  avg_edge_score: z.number(),
  /** The mean of the edge scores recorded when trades were tracked; null when none was tracked. */
  tracked_edge_score: z.number().nullable(),
  /** How many trades carry a recorded edge score. */
  tracked_edge_trades: z.number(),
  portfolio_value: z.number(),
  /** Spec 9's change: the sign of total P&L × 100 (+100, -100 or 0); not a return. */
  portfolio_change_percent: z.number(),
  /**
   * Closed P&L over the premium paid for the closed debit trades, in percent: a return with a base.
   * null when a closed trade was opened for a credit (its capital at risk is not recorded) or none is closed.
   */
  return_on_cost_percent: z.number().nullable(),
  analytics: tradeAnalyticsSchema,
  time_zone: z.string(),
  as_of: z.string(),
});
export type TradeStatsResponse = z.infer<typeof tradeStatsSchema>;

/** The formats an import reads: the journal's own CSV and brokers' exports (shared/src/trades/csv.ts). */
export const IMPORT_FORMATS = ['edge', 'tastytrade', 'ibkr', 'ibkr-flex', 'schwab'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** POST /api/trades/import?dryRun=&format= */
export const tradeImportQuery = z
  .object({
    dryRun: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
    /** `auto` recognises the file by its header row. */
    format: z.enum(['auto', ...IMPORT_FORMATS]).default('auto'),
  })
  .strict();

export const importRowErrorSchema = z.object({
  /** 1-based line number in the file (the header is line 1). */
  line: z.number(),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** A broker's row the journal does not take (shares, cash movements…) and why: not an error. */
export const importSkippedRowSchema = z.object({ line: z.number(), reason: z.string() });
export type ImportSkippedRow = z.infer<typeof importSkippedRowSchema>;

/** A journal trade in an import's preview: the figures the dialog shows. */
export const importedTradePreviewSchema = tradeSchema.pick({
  ticker: true,
  strategy: true,
  side: true,
  quantity: true,
  entry_price: true,
  exit_price: true,
  fees: true,
  opened_at: true,
  closed_at: true,
  pnl: true,
});
export type ImportedTradePreview = z.infer<typeof importedTradePreviewSchema>;

const importRowRefSchema = z.object({ line: z.number(), trade_id: z.string() });

/**
 * POST /api/trades/import's answer. Each valid row is added (new), updates a trade of the
 * journal (the same position, open in the journal and closed in the file) or is skipped (already
 * in the journal, or an older state of it). A dry run says what would happen and writes nothing.
 */
export const tradeImportResultSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  dry_run: z.boolean(),
  /** How many rows add (or would add) a trade. */
  new_rows: z.number(),
  /** The first TRADE_IMPORT_PREVIEW_ROWS of them, as trades; ids are assigned on import. */
  rows: z.array(tradeSchema.omit({ trade_id: true, user_id: true, created_at: true, updated_at: true })),
  /** Rows that close (or would close) an open trade of the journal: the row, and the trade. */
  updates: z.array(importRowRefSchema),
  /** The first TRADE_IMPORT_PREVIEW_ROWS of those trades as the import leaves them. */
  updated_rows: z.array(importedTradePreviewSchema),
  /** Rows already in the journal (the same trade, or an older state of it), skipped. */
  duplicates: z.array(importRowRefSchema),
  errors: z.array(importRowErrorSchema),
  /** Rows of a broker's export the journal does not take (shares, cash movements), each with its reason. */
  skipped: z.array(importSkippedRowSchema).default([]),
  /** Trades added by this import (0 on a dry run). */
  imported: z.number(),
  /** Trades updated by this import (0 on a dry run). */
  updated: z.number(),
  /**
   * `preview` on a dry run; `complete` when every row of the file is in the journal; `partial`
   * when the import stopped before the end (its time budget): send the same file again to go on.
   */
  status: z.enum(['preview', 'complete', 'partial']),
  /** Rows still to write: all the file would write on a dry run, 0 when complete. */
  remaining: z.number(),
  /** This file's import before this request, as the server recorded it (null: never imported, or long ago). */
  previous_import: z
    .object({ status: z.enum(['running', 'partial', 'complete']), started_at: z.string() })
    .nullable(),
});
export type TradeImportResult = z.infer<typeof tradeImportResultSchema>;

/** POST /api/trades/import's body: the CSV file as text. */
export const tradeImportCsvBody = z
  .string({ error: 'Send the CSV file as the request body' })
  .min(1, 'The file is empty');
