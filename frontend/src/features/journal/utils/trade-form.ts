/**
 * The Add Trade / Edit Trade form: what it holds (strings, as inputs give them), how it becomes
 * the API's input, and how the shared zod schemas' and the server's errors land on its fields.
 * Validation is the shared `createTradeInput` / `updateTradeInput`, so the form accepts exactly
 * what the API accepts.
 */
import { type z } from 'zod';
import {
  createTradeInput,
  updateTradeInput,
  type CreateTradeInput,
  type Trade,
  type TradeSide,
  type UpdateTradeInput,
} from '@shared/trades/schemas';
import { localDay } from './format';
import { dayToInstant } from './trade-dates';

export interface TradeFormValues {
  ticker: string;
  strategy: string;
  side: TradeSide;
  quantity: string;
  entry_price: string;
  exit_price: string;
  fees: string;
  tags: string;
  notes: string;
  /** 'YYYY-MM-DD' or '' (today). */
  opened_on: string;
  /** 'YYYY-MM-DD' or '' (now, when an exit price is set). */
  closed_on: string;
}

export type TradeFormField = keyof TradeFormValues;
export type FieldErrors = Partial<Record<TradeFormField | 'form', string>>;

export const emptyTradeForm: TradeFormValues = {
  ticker: '',
  strategy: '',
  side: 'debit',
  quantity: '1',
  entry_price: '',
  exit_price: '',
  fees: '0',
  tags: '',
  notes: '',
  opened_on: '',
  closed_on: '',
};

const moneyText = (value: number) => String(Math.round(value * 100) / 100);

/** The form filled from a stored trade (Edit). */
export function tradeToForm(trade: Trade): TradeFormValues {
  return {
    ticker: trade.ticker,
    strategy: trade.strategy,
    side: trade.side,
    quantity: String(trade.quantity),
    entry_price: moneyText(trade.entry_price),
    exit_price: trade.exit_price === null ? '' : moneyText(trade.exit_price),
    fees: moneyText(trade.fees),
    tags: trade.tags.join(', '),
    notes: trade.notes,
    opened_on: localDay(trade.opened_at),
    closed_on: trade.closed_at ? localDay(trade.closed_at) : '',
  };
}

/** '' → undefined (left to the default); anything else as a number (NaN is refused by the schema). */
const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** 'earnings, weekly' → ['earnings', 'weekly']. */
export const splitTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** Which form field an API or schema path names. */
const FIELD_OF: Record<string, TradeFormField> = {
  ticker: 'ticker',
  strategy: 'strategy',
  side: 'side',
  quantity: 'quantity',
  entry_price: 'entry_price',
  exit_price: 'exit_price',
  fees: 'fees',
  tags: 'tags',
  notes: 'notes',
  opened_at: 'opened_on',
  closed_at: 'closed_on',
};

function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = FIELD_OF[String(issue.path[0] ?? '')] ?? 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A 400's `details` ([{path, message}]) as field errors; unknown paths go to the form. */
export function errorsFromDetails(details: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const detail of details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') continue;
    const field = FIELD_OF[typeof path === 'string' ? (path.split('.')[0] ?? '') : ''] ?? 'form';
    errors[field] ??= message;
  }
  return errors;
}

/** Blank required fields, named in words rather than by the schema's type error. */
function requiredErrors(values: TradeFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.ticker.trim()) errors.ticker = 'Enter a ticker';
  if (!values.strategy) errors.strategy = 'Choose a strategy';
  if (!values.entry_price.trim()) errors.entry_price = 'Enter the entry price';
  return errors;
}

/** The fields every trade input shares, read from the form. */
function formFields(values: TradeFormValues, now: Date) {
  const closed = values.exit_price.trim() !== '';
  return {
    ticker: values.ticker,
    strategy: values.strategy,
    side: values.side,
    quantity: numberOrUndefined(values.quantity),
    entry_price: numberOrUndefined(values.entry_price),
    exit_price: closed ? Number(values.exit_price.trim()) : null,
    fees: numberOrUndefined(values.fees),
    notes: values.notes,
    tags: splitTags(values.tags),
    opened_at: values.opened_on
      ? (dayToInstant(values.opened_on, 'open', now) ?? values.opened_on)
      : undefined,
    closed_at:
      closed && values.closed_on
        ? (dayToInstant(values.closed_on, 'close', now) ?? values.closed_on)
        : undefined,
  };
}

export type FormResult<T> = { ok: true; input: T } | { ok: false; errors: FieldErrors };

/** Add Trade: the form as POST /api/trades' body, or the errors by field. */
export function parseCreateForm(values: TradeFormValues, now = new Date()): FormResult<CreateTradeInput> {
  const fields = formFields(values, now);
  // An empty close date on a closed trade is left out: the server closes it now.
  const parsed = createTradeInput.safeParse(fields);
  const required = requiredErrors(values);
  if (parsed.success && Object.keys(required).length === 0) return { ok: true, input: parsed.data };
  return {
    ok: false,
    errors: { ...(parsed.success ? {} : issuesToErrors(parsed.error.issues)), ...required },
  };
}

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag, i) => tag === b[i]);

/**
 * Edit Trade: only what changed, as PATCH /api/trades/{id}'s body. The whole trade as edited is
 * validated (so a close date before the open date is caught even when only one of them changed).
 */
export function parseUpdateForm(
  values: TradeFormValues,
  trade: Trade,
  now = new Date(),
): FormResult<UpdateTradeInput> {
  const required = requiredErrors(values);
  const fields = formFields(values, now);
  const original = tradeToForm(trade);
  const reopened = fields.exit_price === null;
  const openedAt = values.opened_on === original.opened_on ? trade.opened_at : fields.opened_at;
  const closedAt = reopened
    ? null
    : values.closed_on === original.closed_on && trade.closed_at
      ? trade.closed_at
      : fields.closed_at;

  const whole = updateTradeInput.safeParse({ ...fields, opened_at: openedAt, closed_at: closedAt });
  if (!whole.success || Object.keys(required).length > 0)
    return {
      ok: false,
      errors: { ...(whole.success ? {} : issuesToErrors(whole.error.issues)), ...required },
    };

  const edited = whole.data;
  const changes: Record<string, unknown> = {};
  if (edited.ticker !== trade.ticker) changes.ticker = edited.ticker;
  if (edited.strategy !== trade.strategy) changes.strategy = edited.strategy;
  if (edited.side !== trade.side) changes.side = edited.side;
  if (edited.quantity !== undefined && edited.quantity !== trade.quantity) changes.quantity = edited.quantity;
  if (edited.entry_price !== trade.entry_price) changes.entry_price = edited.entry_price;
  if (edited.exit_price !== trade.exit_price) changes.exit_price = edited.exit_price;
  if (edited.fees !== undefined && edited.fees !== trade.fees) changes.fees = edited.fees;
  if ((edited.notes ?? '') !== trade.notes) changes.notes = edited.notes;
  if (edited.tags && !sameTags(edited.tags, trade.tags)) changes.tags = edited.tags;
  if (values.opened_on !== original.opened_on && edited.opened_at) changes.opened_at = edited.opened_at;
  if (!reopened && values.closed_on !== original.closed_on && edited.closed_at)
    changes.closed_at = edited.closed_at;

  if (Object.keys(changes).length === 0) return { ok: false, errors: { form: 'Nothing has changed' } };
  const patch = updateTradeInput.safeParse(changes);
  if (!patch.success) return { ok: false, errors: issuesToErrors(patch.error.issues) };
  return { ok: true, input: patch.data };
}

/** Close: the exit price and an optional close day, checked against the trade's open date. */
export function parseCloseForm(
  values: { exit_price: string; closed_on: string },
  trade: Trade,
  now = new Date(),
): FormResult<UpdateTradeInput> {
  if (!values.exit_price.trim()) return { ok: false, errors: { exit_price: 'Enter the exit price' } };
  const closedAt = values.closed_on
    ? (dayToInstant(values.closed_on, 'close', now) ?? values.closed_on)
    : undefined;
  const input = { exit_price: Number(values.exit_price.trim()), closed_at: closedAt };
  const checked = updateTradeInput.safeParse({ ...input, opened_at: trade.opened_at });
  if (!checked.success) return { ok: false, errors: issuesToErrors(checked.error.issues) };
  const parsed = updateTradeInput.safeParse(input);
  if (!parsed.success) return { ok: false, errors: issuesToErrors(parsed.error.issues) };
  return { ok: true, input: parsed.data };
}
