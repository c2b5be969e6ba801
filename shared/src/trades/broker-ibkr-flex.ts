// size: one reader for both shapes of a Flex Query (rows → options, open/close from the file's positions, settlements), read top to bottom.
/**
 * Interactive Brokers Flex Query (its XML, or the same query saved as CSV) → journal trades. Pure
 * (no I/O); runs in the API and the browser. Matching, fees and validation are broker-lots.ts';
 * option symbols are read as in broker-ibkr.ts (the Activity Statement).
 *
 * Rules:
 * - XML: the `<Trade>` elements of `<FlexQueryResponse>` are the executions; `<Order>` elements
 *   (and Trades at levelOfDetail ORDER) are read only when the file has no execution, so a fill
 *   is never counted twice; closed lots (`<Lot>`, CLOSED_LOT) detail a close already read. A file
 *   that is not well formed (cut short…) is refused whole, with its line. One account per file.
 * - CSV: the Trades section, its header of Flex field codes (`ClientAccountID`, `AssetClass`,
 *   `Symbol`, `Buy/Sell`, `Open/CloseIndicator`, `Notes/Codes`, `IBCommission`…), with or without
 *   IBKR's `BOF`/`BOS`/`HEADER`/`DATA`/`EOS` markers; each code is read as the XML's attribute.
 * - Options (assetCategory OPT) in USD on 100 shares: the contract from underlyingSymbol, strike,
 *   expiry and putCall (or from the symbol, OCC `AAPL  260612P00270000`); the signed quantity
 *   (buySell's sign when given); openCloseIndicator `O` opens, `C` closes; notes `A`, `Ex`, `Ep`
 *   (or transactionType Assignment, Exercise, Expiration) close with a note, like the statement.
 * - An empty openCloseIndicator (a query without the field; older statements left it empty on
 *   exchange trades) is read from the position the file shows, only when its PriorPeriodPositions
 *   say the contract was not held before its first row here: away from zero opens, towards zero
 *   closes. Otherwise the row is an error that asks for the field
 *   (docs/decisions/flex-open-close-from-the-file.md).
 * - `<OptionEAE>` rows (assignments, exercises, expirations) close at 0.00 only when no Trade row
 *   of the contract on that day does already (IBKR books both when the query has BookTrades).
 * - Every other row (STK, FUT, FOP, CASH…, or an option in another currency) is reported as
 *   skipped with its reason (docs/decisions/broker-share-trades-skipped.md).
 * - Price per share from the cash: |proceeds| / (|quantity| × 100), rounded to cents; a
 *   tradePrice that does not agree is refused. Fees = −ibCommission, net: a commission IBKR
 *   credits back (a positive ibCommission) lowers them.
 * - dateTime (`20250807;153256`, `2025-08-07;15:32:56`, `2025-08-07 15:32:56 EDT`), or tradeDate
 *   with tradeTime, is New York time as IBKR writes it; a day alone is that day in New York (noon
 *   to open, 23:59 to close).
 * - Errors name the file's line (the first line is 1) and the attribute (XML) or column (CSV).
 */
import { TICKER_PATTERN } from '../market/ticker';
import { parseOptionSymbol } from './broker-ibkr';
import { CSV_FIELDS, flexElement, readFlexCsv, readFlexXml, type FlexRecord } from './broker-ibkr-flex-read';
import {
  CONTRACT_SIZE,
  calendarDate,
  contractOf,
  matchExecutions,
  newYorkInstant,
  perSharePrice,
  settlementNote,
  type Contract,
  type Execution,
} from './broker-lots';
import { tradeDayInstant } from './dates';
import { parseNumber, type ImportCandidate, type SkippedRow } from './import-rows';
import { TRADE_IMPORT_MAX_ROWS, type ImportRowError } from './schemas';

type Result = { candidates: ImportCandidate[]; errors: ImportRowError[]; skipped: SkippedRow[] };

const nothing = (line: number, field: string, message: string): Result => ({
  candidates: [],
  errors: [{ line, field, message }],
  skipped: [],
});

const ASSETS: Record<string, string> = {
  FUT: 'Futures',
  FOP: 'A futures option',
  CASH: 'Forex',
  BOND: 'A bond',
  WAR: 'A warrant',
  CFD: 'A CFD',
  FUND: 'A fund',
  BILL: 'A T-bill',
};

/** Any text starting with an XML tag is read as a Flex Query's XML. */
export const isFlexXml = (text: string) => /^\s*</.test(text);

/** A Flex CSV starts with IBKR's BOF/HEADER/MSG marker or a header of Flex field codes. */
export function isFlexCsvHeader(header: readonly string[]): boolean {
  const first = header[0]?.trim() ?? '';
  if (first === 'BOF' || first === 'HEADER' || first === 'MSG' || first === 'BOS') return true;
  return header.includes('Symbol') && (header.includes('ClientAccountID') || header.includes('AssetClass'));
}

const DAY = /^(\d{4})-?(\d{2})-?(\d{2})$/;
const dayOf = (raw: string) => {
  const match = DAY.exec(raw.trim());
  return match ? calendarDate(+match[1]!, +match[2]!, +match[3]!) : null;
};

/** `20250807;153256`, `2025-08-07;15:32:56`, `2025-08-07, 15:32:56`, `2025-08-07 15:32:56 EDT`… */
function whenOf(raw: string): { day: string; clock: [number, number, number] | null } | null {
  const match =
    /^(\d{4})-?(\d{2})-?(\d{2})(?:[;,T\s]*(\d{2}):?(\d{2}):?(\d{2})?)?(?:\s*(?:EST|EDT|ET|US\/Eastern))?$/.exec(
      raw.trim(),
    );
  if (!match) return null;
  const [, year, month, date, hour, minute, second = '0'] = match;
  const day = calendarDate(+year!, +month!, +date!);
  if (!day) return null;
  if (hour === undefined) return { day, clock: null };
  if (+hour > 23 || +minute! > 59 || +second > 59) return null;
  return { day, clock: [+hour, +minute!, +second] };
}

const readNumber = (raw: string): number | null => {
  const value = parseNumber(raw);
  return typeof value === 'number' ? value : null;
};

const SETTLEMENTS = { A: 'assignment', Ex: 'exercise', Ep: 'expiration' } as const;
const SETTLEMENT_TYPES: Record<string, Settlement> = {
  Assignment: 'assignment',
  Exercise: 'exercise',
  Expiration: 'expiration',
};
type Settlement = 'assignment' | 'exercise' | 'expiration';

/** An option row read, before the file tells whether it opens or closes. */
interface Draft {
  line: number;
  day: string;
  clock: [number, number, number] | null;
  contract: Contract;
  /** conid, or the symbol as written: what PriorPeriodPositions name the contract by. */
  id: string;
  signed: number;
  price: number;
  feeMicros: number;
  indicator: 'O' | 'C' | '';
  settlement: Settlement | null;
  label: (field: string) => string;
}

const timeOf = (draft: Draft, edge: 'open' | 'close') =>
  draft.clock ? newYorkInstant(draft.day, ...draft.clock)! : Date.parse(tradeDayInstant(draft.day, edge)!);

function contractFields(field: (name: string) => string) {
  const underlying = field('underlyingSymbol');
  const strike = readNumber(field('strike'));
  const expiry = dayOf(field('expiry'));
  const putCall = field('putCall').toUpperCase();
  if (underlying && strike !== null && strike > 0 && expiry && (putCall === 'C' || putCall === 'P'))
    return { root: underlying, expiration: expiry, strike, callPut: putCall };
  return parseOptionSymbol(field('symbol'));
}

/** One execution row as a draft, errors, or a skipped row. */
function readRecord(record: FlexRecord): Draft | ImportRowError[] | SkippedRow {
  const { line } = record;
  const field = (name: string) => (record.fields[name] ?? '').trim();
  const label = (name: string) => record.columns?.[name] ?? name;
  const category = field('assetCategory');
  const symbol = field('symbol');
  const notes = field('notes')
    .split(';')
    .map((code) => code.trim());
  if (category !== 'OPT') {
    const what =
      category === 'STK'
        ? `Shares of ${symbol}`
        : `${ASSETS[category] ?? (category || 'An unknown asset')} (${symbol})`;
    const delivered =
      notes.includes('A') || notes.includes('Ex') ? ', delivered by an assignment or exercise' : '';
    return {
      line,
      reason: `${what}${delivered}: the journal imports option trades only (${field('quantity')} at ${field('tradePrice')})`,
    };
  }
  const currency = field('currency');
  if (currency !== '' && currency !== 'USD')
    return { line, reason: `${symbol} is in ${currency}: the journal imports options traded in USD` };

  const errors: ImportRowError[] = [];
  const fail = (name: string, message: string) => {
    errors.push({ line, field: label(name), message });
    return null;
  };
  const option = contractFields(field);
  const ticker = (option?.root ?? '').toUpperCase().replace(/\s+/g, '.');
  if (!option) fail('symbol', `Expected an option like 'AAPL  260612P00270000', not '${symbol}'`);
  else if (!TICKER_PATTERN.test(ticker)) fail('symbol', `'${option.root}' is not a ticker`);
  const multiplier = field('multiplier');
  if (multiplier !== '' && readNumber(multiplier) !== CONTRACT_SIZE)
    fail(
      'multiplier',
      `A multiplier of ${multiplier}: only ${CONTRACT_SIZE}-share contracts can be journaled`,
    );

  const codes = field('openCloseIndicator')
    .split(';')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  if (codes.includes('O') && codes.includes('C'))
    fail('openCloseIndicator', `Both opens and closes ('${field('openCloseIndicator')}'): split the order`);
  else if (codes.some((code) => code !== 'O' && code !== 'C'))
    fail('openCloseIndicator', `Expected O (opening) or C (closing), not '${field('openCloseIndicator')}'`);
  const settlement =
    (notes.map((code) => SETTLEMENTS[code as keyof typeof SETTLEMENTS]).find(Boolean) as Settlement) ??
    SETTLEMENT_TYPES[field('transactionType')] ??
    null;

  const quantity = readNumber(field('quantity'));
  const side = field('buySell').toUpperCase();
  const signed =
    quantity === null
      ? NaN
      : side === 'BUY'
        ? Math.abs(quantity)
        : side === 'SELL'
          ? -Math.abs(quantity)
          : quantity;
  if (!Number.isInteger(signed) || signed === 0) fail('quantity', 'Expected a whole number of contracts');
  const dateField = field('dateTime') ? 'dateTime' : 'tradeDate';
  const written = field('dateTime') || [field('tradeDate'), field('tradeTime')].filter(Boolean).join(';');
  const when = whenOf(written) ?? fail(dateField, 'Expected a date like 20250807;153256');
  const tradePrice = field('tradePrice') === '' ? null : readNumber(field('tradePrice'));
  const proceeds =
    field('proceeds') === ''
      ? tradePrice === null
        ? fail('proceeds', 'Expected the cash amount (or a tradePrice)')
        : tradePrice * Math.abs(signed) * CONTRACT_SIZE
      : (readNumber(field('proceeds')) ?? fail('proceeds', 'Expected the cash amount'));
  const commissionField = field('ibCommission') !== '' ? 'ibCommission' : 'commission';
  const commission =
    field(commissionField) === ''
      ? 0
      : (readNumber(field(commissionField)) ?? fail(commissionField, 'Expected an amount'));
  if (errors.length > 0) return errors;

  const contracts = Math.abs(signed);
  if (
    tradePrice !== null &&
    Math.abs(Math.abs(tradePrice) - Math.abs(proceeds!) / (contracts * CONTRACT_SIZE)) > 0.005
  )
    return [
      {
        line,
        field: label('proceeds'),
        message: `proceeds ${field('proceeds')} is not ${contracts} × ${tradePrice} × ${CONTRACT_SIZE}: only ${CONTRACT_SIZE}-share contracts can be journaled`,
      },
    ];
  return {
    line,
    day: when!.day,
    clock: when!.clock,
    contract: contractOf(
      ticker,
      option!.expiration,
      option!.strike,
      option!.callPut === 'C' ? 'call' : 'put',
    ),
    id: field('conid') || symbol,
    signed,
    price: perSharePrice(proceeds!, contracts),
    // IBKR writes a commission negative; one it credits back is positive and lowers the fees.
    feeMicros: Math.round(-commission! * 1e6),
    // A settlement with no indicator closes (IBKR books it as a closing trade).
    indicator: (codes[0] as 'O' | 'C' | undefined) ?? (settlement ? 'C' : ''),
    settlement,
    label,
  };
}

/** An OptionEAE row read as the Trade IBKR books for it: a close at 0.00 on its day. */
function eaeRecord(record: FlexRecord): FlexRecord {
  const fields = record.fields;
  return {
    ...record,
    fields: {
      ...fields,
      dateTime: fields.date ?? fields.dateTime ?? '',
      openCloseIndicator: 'C',
      proceeds: fields.proceeds ?? '0',
      ibCommission: fields.commisionsAndTax ?? fields.ibCommission ?? '0',
    },
  };
}

const sameContract = (prior: FlexRecord, draft: Draft) =>
  (prior.fields.conid || (prior.fields.symbol ?? '').trim()) === draft.id;

const COLUMNS: Record<string, string> = {
  ticker: 'symbol',
  entry_price: 'proceeds',
  exit_price: 'proceeds',
  quantity: 'quantity',
  fees: 'ibCommission',
  opened_at: 'dateTime',
  closed_at: 'dateTime',
  legs: 'symbol',
};

/** Rows of either shape → journal trades. `priorKnown`: the file has a PriorPeriodPositions section. */
function flexTrades(records: readonly FlexRecord[], priorKnown: boolean, csv: boolean): Result {
  // Two accounts' options would be matched as one position: one account per file (the shares,
  // futures… of another account, skipped anyway, do not count).
  const options = records.filter(
    (r) => r.element !== 'PriorPeriodPosition' && r.fields.assetCategory === 'OPT',
  );
  const accounts = [...new Set(options.map((r) => (r.fields.accountId ?? '').trim()).filter(Boolean))];
  if (accounts.length > 1) {
    const second = options.find((r) => r.fields.accountId?.trim() === accounts[1])!;
    return nothing(
      second.line,
      csv ? 'ClientAccountID' : 'accountId',
      `This file holds the options of more than one account (${accounts.join(', ')}): export one account per file`,
    );
  }
  const fills = records.filter((r) => r.element === 'Trade');
  const rows = fills.length > 0 ? fills : records.filter((r) => r.element === 'Order');
  if (rows.length > TRADE_IMPORT_MAX_ROWS)
    return nothing(
      rows[TRADE_IMPORT_MAX_ROWS]!.line,
      'file',
      `A file may hold at most ${TRADE_IMPORT_MAX_ROWS} trades; split it`,
    );

  const errors: ImportRowError[] = [];
  const skipped: SkippedRow[] = [];
  const drafts: Draft[] = [];
  for (const row of rows) {
    const read = readRecord(row);
    if (Array.isArray(read)) errors.push(...read);
    else if ('reason' in read) skipped.push(read);
    else drafts.push(read);
  }
  for (const row of records.filter((r) => r.element === 'OptionEAE' && r.fields.assetCategory === 'OPT')) {
    const read = readRecord(eaeRecord(row));
    if (Array.isArray(read)) errors.push(...read);
    else if (
      !('reason' in read) &&
      !drafts.some((d) => d.settlement && d.id === read.id && d.day === read.day)
    )
      drafts.push(read);
  }

  const priors = records.filter((r) => r.element === 'PriorPeriodPosition');
  const byContract = new Map<string, Draft[]>();
  for (const draft of drafts)
    byContract.set(draft.contract.key, [...(byContract.get(draft.contract.key) ?? []), draft]);
  const executions: Execution[] = [];
  for (const group of byContract.values()) {
    group.sort((a, b) => timeOf(a, 'open') - timeOf(b, 'open') || a.line - b.line);
    const first = group[0]!;
    const heldBefore = priors.some(
      (p) => sameContract(p, first) && (dayOf(p.fields.date ?? '') ?? '9') <= first.day,
    );
    const { ticker, expiration, strike, kind } = first.contract;
    const name = `${ticker} ${expiration} ${strike} ${kind}`;
    let position = 0;
    for (const draft of group) {
      let opens: boolean | null = draft.indicator === '' ? null : draft.indicator === 'O';
      const fail = (message: string) =>
        errors.push({ line: draft.line, field: draft.label('openCloseIndicator'), message });
      if (opens === null) {
        const ask = "add the Open/Close Indicator field to the Flex Query's Trades section and run it again";
        if (!priorKnown)
          fail(
            `IBKR left openCloseIndicator empty, so the journal cannot tell an opening from a closing: ${ask}`,
          );
        else if (heldBefore)
          fail(
            `IBKR left openCloseIndicator empty and ${name} was held before this statement starts: ${ask}`,
          );
        else if (position === 0 || Math.sign(position) === Math.sign(draft.signed)) opens = true;
        else if (Math.abs(draft.signed) <= Math.abs(position)) opens = false;
        else fail(`${draft.signed} turns a position of ${position} in ${name} around: ${ask}`);
      }
      position += draft.signed;
      if (opens === null) continue;
      const time = timeOf(draft, opens ? 'open' : 'close');
      executions.push({
        row: draft.line,
        time,
        contract: draft.contract,
        opens,
        // Bought to open is long, sold to open short; bought to close closes a short, sold a long.
        direction: draft.signed > 0 === opens ? 'long' : 'short',
        quantity: Math.abs(draft.signed),
        price: draft.price,
        feeMicros: draft.feeMicros,
        order: null,
        note: draft.settlement ? settlementNote(draft.settlement, draft.price) : '',
      });
    }
  }
  const label = (field: string) =>
    csv
      ? (Object.entries(CSV_FIELDS).find(([, f]) => f === field)?.[0] ??
        field.charAt(0).toUpperCase() + field.slice(1))
      : field;
  const matched = matchExecutions(executions, {
    broker: 'ibkr',
    columnOf: (field) => label(COLUMNS[field] ?? field),
    closeColumns: { action: label('openCloseIndicator'), quantity: label('quantity') },
  });
  errors.push(...matched.errors);
  errors.sort((a, b) => a.line - b.line);
  skipped.sort((a, b) => a.line - b.line);
  return { candidates: matched.candidates, errors, skipped };
}

/** A Flex Query's XML. `unsupported` is what a file that is not one is told. */
export function ibkrFlexXmlTrades(text: string, unsupported: string): Result {
  const xml = readFlexXml(text);
  if ('error' in xml) return nothing(xml.error.line, 'file', `${xml.error.message}. Nothing was imported.`);
  if (xml.root !== 'FlexQueryResponse')
    return nothing(
      1,
      'file',
      `An XML file whose root is <${xml.root}>, not <FlexQueryResponse>: this is not a Flex Query statement. ${unsupported}`,
    );
  if (!xml.names.has('Trades'))
    return nothing(
      1,
      'file',
      'The statement has no Trades section: add Trades to the Flex Query and run it again',
    );
  const records: FlexRecord[] = xml.elements.map((element) => ({
    element: flexElement(element.name, element.attributes.levelOfDetail),
    line: element.line,
    fields: element.attributes,
  }));
  return flexTrades(records, xml.names.has('PriorPeriodPositions'), false);
}

/** A Flex Query saved as CSV: its Trades section (and PriorPeriodPositions, when there). */
export function ibkrFlexCsvTrades(text: string): Result {
  const { records, priorKnown } = readFlexCsv(text);
  return flexTrades(records, priorKnown, true);
}
