/**
 * How an import's rows meet the journal (pure: no I/O). A row is recognised by its opening
 * identity: what a later export of the same broker account shows again for the same position.
 *
 * - Opening identity: ticker, strategy, side, open instant, entry price, legs (kind, side, strike,
 *   expiration, premium) and quantity. Exit price, close date, fees, notes, tags and source are
 *   not part of it: they are what changes when a position closes, or what the trader adds.
 * - A journal trade answers to the identity it was first recorded with (kept through later
 *   edits, so a trade corrected by hand is still recognised) and to that of its current values.
 * - Each journal trade answers for one row at most (a file may hold the same trade twice).
 *
 * Per row, against a journal trade with the same opening identity:
 * - the trade is open and the row closed: the trade is closed (`update`);
 * - otherwise (unchanged, still open, or the trade already closed: an older export): `skip`;
 *   an import never reopens a trade.
 * A position partly closed since (a broker splits a lot of 3 into 1 closed and 2 still open): if
 * the rows left over with the same identity but quantity add up to exactly one open journal trade
 * and one of them is closed, that trade becomes the first closed part (`update`, `split`) and
 * the others are added as parts of it. Rows all still open whose contracts the journal already
 * holds for that position (an older export, from before the split) are skipped. Anything else
 * is new (`add`).
 */
import { createHash } from 'node:crypto';
import type { Trade } from '@shared/trades/schemas';
import type { StoredTrade } from './repository';

type OpeningFields = Pick<
  Trade,
  'ticker' | 'strategy' | 'side' | 'quantity' | 'entry_price' | 'opened_at' | 'legs'
>;

/**
 * `<position>:<quantity>`: the position is a hash of the opening identity less the quantities (so
 * the parts of one lot share it), then the number of contracts.
 */
export function openingKey(trade: OpeningFields): string {
  const legs =
    trade.legs
      ?.map((leg) => JSON.stringify([leg.kind, leg.side, leg.strike, leg.expiration, leg.premium]))
      .sort() ?? null;
  const position = createHash('sha256')
    .update(
      JSON.stringify([trade.ticker, trade.strategy, trade.side, trade.opened_at, trade.entry_price, legs]),
    )
    .digest('base64url')
    .slice(0, 22);
  return `${position}:${trade.quantity}`;
}

const positionOf = (key: string) => key.slice(0, key.lastIndexOf(':'));

/** What the import reads of each journal trade. */
export const JOURNAL_MATCH_ATTRIBUTES = [
  'trade_id',
  'ticker',
  'strategy',
  'side',
  'quantity',
  'entry_price',
  'exit_price',
  'fees',
  'opened_at',
  'closed_at',
  'legs',
  'updated_at',
  'opening_key',
] as const;
export type JournalEntry = Pick<StoredTrade, (typeof JOURNAL_MATCH_ATTRIBUTES)[number]>;

/** A trade built from a row: it always has its opening key. */
export type KeyedTrade = StoredTrade & { opening_key: string };

/** A valid row of the file as the trade it would add. */
export interface ImportRow {
  line: number;
  trade: KeyedTrade;
}

export interface PlannedUpdate {
  line: number;
  /** The journal's trade as read when planning; written only if it has not changed since. */
  current: JournalEntry;
  row: KeyedTrade;
  /** The row is one part of a position the journal holds whole: quantity, legs and fees follow the row. */
  split: boolean;
}

export interface PlannedAdd {
  line: number;
  trade: KeyedTrade;
  /** The journal trade this is the rest of, after a partial close (it takes that trade's notes and tags). */
  partOf?: string;
}

export interface ImportPlan {
  add: PlannedAdd[];
  update: PlannedUpdate[];
  skip: { line: number; trade_id: string }[];
}

const isOpen = (trade: { exit_price: number | null }) => trade.exit_price === null;

/** Of the journal trades with a row's opening identity, the one that answers for it. */
function pick(candidates: readonly JournalEntry[], row: StoredTrade): JournalEntry | undefined {
  if (!isOpen(row)) {
    const same = candidates.find((t) => t.exit_price === row.exit_price && t.closed_at === row.closed_at);
    if (same) return same;
  }
  return candidates.find(isOpen) ?? candidates[0];
}

export function planImport(rows: readonly ImportRow[], journal: readonly JournalEntry[]): ImportPlan {
  const byKey = new Map<string, JournalEntry[]>();
  const byPosition = new Map<string, JournalEntry[]>();
  const index = (map: Map<string, JournalEntry[]>, key: string, trade: JournalEntry) => {
    const list = map.get(key);
    if (!list) map.set(key, [trade]);
    else if (list.at(-1) !== trade) list.push(trade);
  };
  for (const trade of journal) {
    const current = openingKey(trade);
    for (const key of new Set([trade.opening_key ?? current, current])) {
      index(byKey, key, trade);
      index(byPosition, positionOf(key), trade);
    }
  }

  type Outcome =
    | { kind: 'add'; add: PlannedAdd }
    | { kind: 'update'; update: PlannedUpdate }
    | { kind: 'skip'; line: number; trade_id: string };
  const outcomes: (Outcome | undefined)[] = rows.map(() => undefined);
  const used = new Set<string>();
  const unused = (trades: readonly JournalEntry[] | undefined) =>
    (trades ?? []).filter((t) => !used.has(t.trade_id));

  const leftOver = new Map<string, number[]>();
  rows.forEach(({ line, trade: row }, i) => {
    const match = pick(unused(byKey.get(row.opening_key)), row);
    if (!match) {
      const position = positionOf(row.opening_key);
      leftOver.set(position, [...(leftOver.get(position) ?? []), i]);
      return;
    }
    used.add(match.trade_id);
    outcomes[i] =
      isOpen(match) && !isOpen(row)
        ? { kind: 'update', update: { line, current: match, row, split: false } }
        : { kind: 'skip', line, trade_id: match.trade_id };
  });

  for (const [position, indexes] of leftOver) {
    const group = indexes.map((i) => rows[i]!);
    const candidates = unused(byPosition.get(position));
    const contracts = group.reduce((sum, { trade }) => sum + trade.quantity, 0);
    const held = candidates.reduce((sum, trade) => sum + trade.quantity, 0);
    const whole = candidates.length === 1 ? candidates[0]! : undefined;
    const firstClosed = group.findIndex(({ trade }) => !isOpen(trade));
    if (whole && isOpen(whole) && whole.quantity === contracts && firstClosed >= 0) {
      used.add(whole.trade_id);
      group.forEach(({ line, trade }, j) => {
        outcomes[indexes[j]!] =
          j === firstClosed
            ? { kind: 'update', update: { line, current: whole, row: trade, split: true } }
            : { kind: 'add', add: { line, trade, partOf: whole.trade_id } };
      });
    } else if (candidates.length > 0 && firstClosed < 0 && contracts === held) {
      for (const trade of candidates) used.add(trade.trade_id);
      group.forEach(({ line }, j) => {
        outcomes[indexes[j]!] = { kind: 'skip', line, trade_id: candidates[0]!.trade_id };
      });
    } else {
      group.forEach(({ line, trade }, j) => {
        outcomes[indexes[j]!] = { kind: 'add', add: { line, trade } };
      });
    }
  }

  const plan: ImportPlan = { add: [], update: [], skip: [] };
  for (const outcome of outcomes) {
    if (outcome?.kind === 'add') plan.add.push(outcome.add);
    else if (outcome?.kind === 'update') plan.update.push(outcome.update);
    else if (outcome) plan.skip.push({ line: outcome.line, trade_id: outcome.trade_id });
  }
  return plan;
}

/**
 * What closing a journal trade from a row changes; nothing else of the trade is touched (a
 * trade edited by hand keeps its edits). The exit price and close date come from the row. Fees:
 * the row's when it has more (a broker's fees of the opening and the closing) — a file without
 * fees never lowers them; for a split part, the part's own. Notes: the trade's, or the row's
 * when the trade has none (a broker's note on an assignment).
 */
export function importChanges(
  current: Pick<StoredTrade, 'fees'> & Partial<Pick<StoredTrade, 'notes'>>,
  update: Pick<PlannedUpdate, 'row' | 'split'>,
): Partial<StoredTrade> {
  const { row, split } = update;
  return {
    exit_price: row.exit_price,
    closed_at: row.closed_at,
    fees: split ? row.fees : Math.max(current.fees, row.fees),
    ...(current.notes === '' && row.notes !== '' ? { notes: row.notes } : {}),
    ...(split ? { quantity: row.quantity, legs: row.legs, opening_key: row.opening_key } : {}),
  };
}
