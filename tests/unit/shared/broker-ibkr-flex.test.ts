import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFlexXml } from '@shared/trades/broker-ibkr-flex-read';
import { parseTradesCsv, SUPPORTED_FORMATS } from '@shared/trades/csv';
import { tradePnl } from '@shared/trades/pnl';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/brokers/ibkr/${name}`, import.meta.url), 'utf8');

/** Genuine: a real account's Flex Query, 2017-01-02 to 06-05 (dmkoster/ibflexreporter; tests/fixtures/SOURCES.md). */
const statement = fixture('flex-options-2017.ibflexreporter.xml');
/** Genuine: an anonymised account's Flex Query of 2018-11-09 (gabbersepp/ib-flex-reader; SOURCES.md). */
const futures = fixture('flex-futures-eur-2018.ib-flex-reader.xml');

const trades = (text: string) => {
  const xml = readFlexXml(text);
  if ('error' in xml) throw new Error(xml.error.message);
  return xml.elements.filter((e) => e.name === 'Trade');
};

describe('Interactive Brokers Flex Query of a recorded statement (tests/fixtures/SOURCES.md)', () => {
  const parsed = parseTradesCsv(statement);

  it('is recognised as a Flex Query and reads every option lot it can place: 30 trades, 26 closed', () => {
    expect(parsed.format).toBe('ibkr-flex');
    expect(
      parsed.candidates.map(({ row, trade }) => [
        row,
        trade.ticker,
        trade.legs![0]!.expiration,
        trade.legs![0]!.strike,
        trade.legs![0]!.kind,
        trade.side,
        trade.quantity,
        trade.entry_price,
        trade.exit_price,
        trade.fees,
        tradePnl(trade),
      ]),
    ).toEqual([
      // sold 1 at 0.07 (proceeds 7, commission −1.5828526), expired (Ep) at 0: 7 − 1.58
      [21, 'F', '2017-01-13', 13, 'call', 'credit', 1, 0.07, 0, 1.58, 5.42],
      [40, 'RBS', '2017-01-20', 6, 'call', 'credit', 1, 0.05, 0, 0.29, 4.71],
      // sold at 1.27, bought back at 0.51: 127 − 51 − (1.0954686 + 1.0931)
      [51, 'SU', '2017-02-10', 31.5, 'call', 'credit', 1, 1.27, 0.51, 2.19, 73.81],
      [42, 'RBS', '2017-02-17', 6, 'call', 'credit', 1, 0.05, 0, 1.09, 3.91],
      [53, 'SU', '2017-02-10', 32.5, 'call', 'credit', 1, 0.28, 0.02, 1.77, 24.23],
      [23, 'F', '2017-02-24', 13, 'call', 'credit', 1, 0.16, 0, 0.67, 15.33],
      // opened with a commission credit (+0.014164), closed for 1.1862: 1.172036
      [44, 'SAN', '2017-03-17', 6, 'call', 'credit', 2, 0.1, 0.05, 1.17, 8.83],
      // two fills of one order: the second was credited 0.354464 (see the note test below)
      [16, 'AES', '2017-03-17', 12, 'call', 'credit', 1, 0.2, 0, 0, 20],
      [15, 'AES', '2017-03-17', 12, 'call', 'credit', 1, 0.2, 0, 0.25, 19.75],
      [57, 'SU', '2017-02-24', 32, 'call', 'credit', 1, 0.48, 0, 1.59, 46.41],
      [55, 'SU', '2017-02-24', 31.5, 'call', 'credit', 1, 0.78, 0.39, 2.19, 36.81],
      [59, 'SU', '2017-03-10', 31.5, 'call', 'credit', 1, 0.64, 0, 1.1, 62.9],
      [61, 'SU', '2017-03-10', 32, 'call', 'credit', 1, 0.16, 0, 1.59, 14.41],
      [30, 'GE', '2017-03-10', 30, 'put', 'credit', 1, 0.17, 0.25, 2.19, -10.19],
      [32, 'GE', '2017-03-24', 30, 'put', 'credit', 1, 0.4, 0, 1.1, 38.9],
      [63, 'SU', '2017-03-24', 31, 'call', 'credit', 2, 0.14, 0, 0.75, 27.25],
      [25, 'F', '2017-04-07', 13, 'call', 'credit', 1, 0.1, 0, 0.68, 9.32],
      [18, 'AES', '2017-05-19', 12, 'call', 'credit', 2, 0.2, 0.1, 0.18, 19.82],
      [65, 'SU', '2017-04-07', 31.5, 'call', 'credit', 2, 0.17, 0.02, 1.1, 28.9],
      [34, 'GE', '2017-04-07', 29.5, 'call', 'credit', 1, 0.21, 0.55, 3.17, -37.17],
      [47, 'SAN', '2018-01-19', 7, 'call', 'credit', 2, 0.25, 0.1, 4.78, 25.22],
      [67, 'SU', '2017-04-28', 31.5, 'call', 'credit', 2, 0.35, 0.02, 1.1, 64.9],
      [28, 'F', '2017-09-15', 13, 'call', 'credit', 1, 0.15, 0.07, 2.33, 5.67],
      [36, 'GE', '2017-04-21', 29.5, 'call', 'credit', 1, 0.75, 0, 1.59, 73.41],
      [20, 'AES', '2017-08-18', 12, 'call', 'credit', 2, 0.35, null, 0.09, null],
      [46, 'SAN', '2017-06-16', 7, 'call', 'credit', 2, 0.1, null, 0, null],
      [69, 'SU', '2017-05-26', 31.5, 'call', 'credit', 2, 0.4, 0, 0.75, 79.25],
      [27, 'F', '2017-06-16', 11, 'call', 'credit', 1, 0.15, null, 0.68, null],
      [71, 'SU', '2017-06-02', 31, 'put', 'credit', 1, 0.13, 0.07, 1.85, 4.15],
      [73, 'SU', '2017-06-09', 30.5, 'put', 'credit', 1, 0.16, null, 1.1, null],
    ]);
    expect(parsed.candidates.filter((c) => c.trade.exit_price !== null)).toHaveLength(26);
  });

  it("reconciles each contract's closed P&L with the cash the export says moved (netCash), to the cent", () => {
    // fifoPnlRealized is 0 on every row of this statement (IBKR did not fill it in), so the check
    // is against the rows' own netCash (proceeds + ibCommission), summed per contract.
    const rows = trades(statement).filter((t) => t.attributes.assetCategory === 'OPT');
    expect(rows.every((t) => Number(t.attributes.fifoPnlRealized) === 0)).toBe(true);
    const cash = new Map<string, number>();
    for (const { attributes: a } of rows) {
      const key = `${a.underlyingSymbol}|${a.expiry}|${Number(a.strike)}|${a.putCall}`;
      cash.set(key, (cash.get(key) ?? 0) + Number(a.netCash));
    }
    const pnl = new Map<string, { pnl: number; open: boolean; credited: boolean }>();
    for (const { trade } of parsed.candidates) {
      const leg = trade.legs![0]!;
      const key = `${trade.ticker}|${leg.expiration!.replaceAll('-', '')}|${leg.strike}|${leg.kind === 'call' ? 'C' : 'P'}`;
      const sum = pnl.get(key) ?? { pnl: 0, open: false, credited: false };
      pnl.set(key, {
        pnl: sum.pnl + (tradePnl(trade) ?? 0),
        open: sum.open || trade.exit_price === null,
        credited: sum.credited || trade.notes.includes('commission credit'),
      });
    }
    const reconciled = [...pnl].filter(([, c]) => !c.open && !c.credited);
    expect(reconciled).toHaveLength(24);
    for (const [key, contract] of reconciled)
      expect([key, contract.pnl]).toEqual([key, expect.closeTo(cash.get(key)!, 2)]);
  });

  it('keeps the times IBKR wrote in New York (EST) and notes the assignments', () => {
    const ge = parsed.candidates.find((c) => c.row === 32)!.trade;
    // tradeDate 20170310 tradeTime 121458 opens; the assignment is booked 20170324 at 162000
    expect(ge).toMatchObject({
      opened_at: '2017-03-10T17:14:58.000Z',
      closed_at: '2017-03-24T20:20:00.000Z',
      notes: 'Closed by assignment at 0.00; the shares delivered are not part of this trade',
      legs: [{ kind: 'put', side: 'short', quantity: 1, strike: 30, expiration: '2017-03-24', premium: 0.4 }],
      strategy: 'Cash Secured Put',
      source: 'import',
    });
    // A daylight-saving date: 2017-04-04 14:03:17 is EDT.
    expect(parsed.candidates.find((c) => c.row === 34)!.trade.closed_at).toBe('2017-04-04T18:03:17.000Z');
  });

  it('says so when a commission credited back exceeds the fees, rather than losing it', () => {
    expect(parsed.candidates.find((c) => c.row === 16)!.trade).toMatchObject({
      fees: 0,
      notes: 'A commission credit of 0.35 is not in the fees (they cannot be negative)',
    });
  });

  it('refuses, by line, the rows it cannot place: closes of positions held before the statement starts', () => {
    const held =
      "was held before this statement starts: add the Open/Close Indicator field to the Flex Query's Trades section and run it again";
    const unopened =
      'but no such position is open before it in this file (was it opened before the export starts?)';
    expect(parsed.errors.map((e) => [e.line, e.field, e.message])).toEqual([
      [13, 'openCloseIndicator', `Closes AES 2017-01-20 12 call, ${unopened}`],
      [14, 'openCloseIndicator', `IBKR left openCloseIndicator empty and AES 2017-02-17 11 call ${held}`],
      [38, 'openCloseIndicator', `IBKR left openCloseIndicator empty and IRET 2017-03-17 7.5 call ${held}`],
      [39, 'openCloseIndicator', `Closes LYG 2017-01-20 3 call, ${unopened}`],
      [49, 'openCloseIndicator', `IBKR left openCloseIndicator empty and SU 2017-01-20 31 call ${held}`],
      [50, 'openCloseIndicator', `Closes SU 2017-01-20 33 call, ${unopened}`],
    ]);
  });

  it('skips the share rows with their reason, and passes over OptionEAE rows IBKR also booked as trades', () => {
    expect(parsed.skipped).toHaveLength(8);
    expect(parsed.skipped[0]).toEqual({
      line: 5,
      reason: 'Shares of AAPL: the journal imports option trades only (-20 at 140.1)',
    });
    expect(parsed.skipped[1]).toEqual({
      line: 6,
      reason:
        'Shares of GE, delivered by an assignment or exercise: the journal imports option trades only (100 at 30)',
    });
    // 5 assignments in OptionEAE, each also a BookTrade with notes A: each closes once.
    const assigned = parsed.candidates.filter((c) => c.trade.notes.startsWith('Closed by assignment'));
    expect(assigned.map((c) => c.trade.ticker)).toEqual(['RBS', 'GE', 'GE', 'SU']);
  });

  it('closes with an OptionEAE row when the query has no BookTrade for it (the statement less one line)', () => {
    // Derived from the genuine file: GE 24MAR17 30 P's assignment BookTrade removed.
    const lines = statement.split('\n');
    const booked = lines.findIndex(
      (l) => l.includes('symbol="GE    170324P00030000"') && l.includes('notes="A"'),
    );
    expect(booked).toBeGreaterThan(0);
    const parsedLess = parseTradesCsv([...lines.slice(0, booked), ...lines.slice(booked + 1)].join('\n'));
    const ge = parsedLess.candidates.find(
      (c) => c.trade.ticker === 'GE' && c.trade.legs![0]!.expiration === '2017-03-24',
    )!;
    // The OptionEAE row (date 20170324, Assignment) closes it at 0.00 at 23:59 in New York.
    expect(ge.trade).toMatchObject({ exit_price: 0, closed_at: '2017-03-25T03:59:00.000Z' });
    expect(ge.trade.notes).toMatch(/^Closed by assignment/);
    expect(parsedLess.candidates).toHaveLength(30);
  });

  it('asks for the Open/Close Indicator when the statement cannot tell (no PriorPeriodPositions)', () => {
    const start = statement.indexOf('<PriorPeriodPositions>');
    const end = statement.indexOf('</PriorPeriodPositions>') + '</PriorPeriodPositions>\n'.length;
    const parsedLess = parseTradesCsv(statement.slice(0, start) + statement.slice(end));
    const asked = parsedLess.errors.filter((e) =>
      e.message.startsWith('IBKR left openCloseIndicator empty, so'),
    );
    // every option execution without an indicator: all 61 but the 16 settlement BookTrades
    expect(asked).toHaveLength(61 - 16);
    expect(parsedLess.candidates).toEqual([]);
  });
});

describe('Interactive Brokers Flex Query with no US option in it (recorded, anonymised)', () => {
  it('skips every row with its reason: shares, EUR and GBP options, futures and futures options', () => {
    const parsed = parseTradesCsv(futures);
    expect(parsed.format).toBe('ibkr-flex');
    expect(parsed.errors).toEqual([]);
    expect(parsed.candidates).toEqual([]);
    expect(parsed.skipped.map((s) => s.reason)).toEqual([
      'Shares of ESV: the journal imports option trades only (-2000 at 6.6415)',
      'C ODAX DEC 18 12000 is in EUR: the journal imports options traded in USD',
      'ESX DEC18 69.5 P is in GBP: the journal imports options traded in USD',
      ...Array(4).fill(expect.stringMatching(/^Futures \(FDAX DEC 18\)/)),
      ...Array(4).fill(expect.stringMatching(/^Futures \(YM {3}DEC 18\)/)),
      ...Array(4).fill(expect.stringMatching(/^A futures option \(/)),
    ]);
  });
});

describe('Interactive Brokers Flex Query: files that are not whole', () => {
  it('refuses a file cut short, by its line, and imports nothing', () => {
    const cut = statement.slice(
      0,
      statement.indexOf('<Trade ', statement.indexOf('symbol="SU    170602P00031000"') - 400),
    );
    const parsed = parseTradesCsv(cut);
    expect(parsed.format).toBe('ibkr-flex');
    expect(parsed.candidates).toEqual([]);
    expect(parsed.errors).toEqual([
      {
        line: cut.split('\n').length,
        field: 'file',
        message: expect.stringMatching(
          /^The file ends inside <Trades> \(opened on line 4\): it is cut short/,
        ),
      },
    ]);
  });

  it('refuses a tag closed out of turn, or a row cut in the middle', () => {
    const swapped = parseTradesCsv(statement.replace('</Trades>', '</OptionEAE>'));
    expect(swapped.candidates).toEqual([]);
    expect(swapped.errors[0]!.message).toMatch(/^<\/OptionEAE> closes <Trades> opened on line 4/);
    const broken = parseTradesCsv(statement.replace('tradeTime="133511"', 'tradeTime="133511'));
    expect(broken.candidates).toEqual([]);
    expect(broken.errors).toEqual([
      { line: 21, field: 'file', message: expect.stringMatching(/not a well-formed XML tag/) },
    ]);
  });

  it('tells an XML file that is not a Flex statement which formats are read', () => {
    const parsed = parseTradesCsv(
      '<?xml version="1.0"?>\n<FlexStatementResponse><Status>Warn</Status></FlexStatementResponse>',
    );
    expect(parsed.errors[0]!.message).toContain('not a Flex Query statement');
    expect(parsed.errors[0]!.message).toContain(SUPPORTED_FORMATS);
    expect(SUPPORTED_FORMATS).toContain('Interactive Brokers Flex Query');
    const noTrades = parseTradesCsv(
      '<FlexQueryResponse><FlexStatements><FlexStatement accountId="U1"/></FlexStatements></FlexQueryResponse>',
    );
    expect(noTrades.errors[0]!.message).toBe(
      'The statement has no Trades section: add Trades to the Flex Query and run it again',
    );
  });

  it("refuses two accounts' options in one file", () => {
    const row = (account: string, line: string) =>
      `<Trade accountId="${account}" currency="USD" assetCategory="OPT" symbol="SPY   250117P00500000" multiplier="100" dateTime="${line}" quantity="-1" tradePrice="2" proceeds="200" ibCommission="-1" openCloseIndicator="O" buySell="SELL" />`;
    const parsed = parseTradesCsv(
      `<FlexQueryResponse>\n<FlexStatements>\n<FlexStatement accountId="U1"><Trades>\n${row('U1', '20250102;100000')}\n</Trades></FlexStatement>\n<FlexStatement accountId="U2"><Trades>\n${row('U2', '20250103;100000')}\n</Trades></FlexStatement>\n</FlexStatements>\n</FlexQueryResponse>`,
    );
    expect(parsed.candidates).toEqual([]);
    expect(parsed.errors).toEqual([
      { line: 7, field: 'accountId', message: expect.stringContaining('more than one account (U1, U2)') },
    ]);
  });
});

/** The recorded statement's Trade rows written as the same query's CSV (derived here, labelled). */
function asFlexCsv(text: string, markers: boolean): string {
  const codes: Record<string, string> = {
    accountId: 'ClientAccountID',
    assetCategory: 'AssetClass',
    currency: 'CurrencyPrimary',
    buySell: 'Buy/Sell',
    openCloseIndicator: 'Open/CloseIndicator',
    notes: 'Notes/Codes',
    putCall: 'Put/Call',
    ibCommission: 'IBCommission',
  };
  const rows = trades(text);
  const names = Object.keys(rows[0]!.attributes);
  const header = names.map((n) => codes[n] ?? n.charAt(0).toUpperCase() + n.slice(1));
  const quote = (cells: string[]) => cells.map((c) => `"${c}"`).join(',');
  const body = rows.map((r) => quote(names.map((n) => r.attributes[n] ?? '')));
  return markers
    ? [
        quote(['BOF', 'U1544015', 'AnnualSnapshot', '1', '20170102', '20170605']),
        quote(['BOS', 'TRNT', 'Trades; trade date basis']),
        quote(['HEADER', 'TRNT', ...header]),
        ...body.map((line) => `"DATA","TRNT",${line}`),
        quote(['EOS', 'TRNT']),
        quote(['EOF', 'U1544015']),
      ].join('\n')
    : [quote(header), ...body].join('\n');
}

describe('Interactive Brokers Flex Query saved as CSV', () => {
  it('reads the same rows as the XML, with or without BOF/HEADER/DATA markers, refusing what it cannot place', () => {
    for (const markers of [false, true]) {
      const parsed = parseTradesCsv(asFlexCsv(statement, markers));
      expect(parsed.format).toBe('ibkr-flex');
      expect(parsed.skipped).toHaveLength(8);
      // No PriorPeriodPositions in the CSV: the 45 rows without an indicator are asked for it, by
      // column, and the 16 settlements then close nothing; no trade is imported.
      expect(parsed.errors.filter((e) => e.field === 'Open/CloseIndicator')).toHaveLength(61);
      expect(parsed.candidates).toEqual([]);
    }
  });

  it('reads a query with the Open/CloseIndicator column: opens, closes and expirations', () => {
    const csv = [
      '"ClientAccountID","CurrencyPrimary","AssetClass","Symbol","UnderlyingSymbol","Strike","Expiry","Put/Call","Multiplier","DateTime","Quantity","TradePrice","Proceeds","IBCommission","Buy/Sell","Open/CloseIndicator","Notes/Codes","FifoPnlRealized","LevelOfDetail"',
      '"U1","USD","OPT","PEP   260717P00140000","PEP","140","20260717","P","100","20260610;093522","-1","2.86","286","-0.71","SELL","O","","0","EXECUTION"',
      '"U1","USD","OPT","PEP   260717P00140000","PEP","140","20260717","P","100","20260625;150000","1","1.05","-105","-0.71","BUY","C","","179.58","EXECUTION"',
      '"U1","USD","OPT","PEP   260717P00140000","PEP","140","20260717","P","100","20260625;150000","1","1.05","-105","-0.71","BUY","C","","179.58","ORDER"',
      '"U1","USD","STK","PEP","","","","","1","20260626;100000","100","150","-15000","-1","BUY","O","","0","EXECUTION"',
    ].join('\n');
    const parsed = parseTradesCsv(csv);
    expect(parsed.format).toBe('ibkr-flex');
    expect(parsed.errors).toEqual([]);
    expect(parsed.skipped).toEqual([
      { line: 5, reason: 'Shares of PEP: the journal imports option trades only (100 at 150)' },
    ]);
    expect(parsed.candidates).toHaveLength(1);
    const [pep] = parsed.candidates.map((c) => c.trade);
    expect(pep).toMatchObject({
      ticker: 'PEP',
      strategy: 'Cash Secured Put',
      entry_price: 2.86,
      exit_price: 1.05,
      fees: 1.42,
    });
    // what the row's FifoPnlRealized says, to the cent
    expect(tradePnl(pep!)).toBeCloseTo(179.58, 2);
  });
});
