/**
 * A Flex Query's rows, read from its XML or its CSV (broker-ibkr-flex.ts turns them into trades).
 * The XML: every element that carries attributes (`<Trade …/>`, `<OptionEAE …/>`,
 * `<PriorPeriodPosition …/>`…), with the line it starts on. A statement holds no text, only
 * elements and their attributes, so a small checking scanner is enough: no XML library in the browser
 * bundle. A file that is not well formed (cut short, a tag left open or closed out of turn) is
 * refused whole, with the line at fault.
 */
import Papa from 'papaparse';

export interface FlexElement {
  name: string;
  /** The file's line the element starts on (the first line is 1). */
  line: number;
  attributes: Record<string, string>;
}

export type FlexXml =
  | {
      elements: FlexElement[];
      root: string;
      /** Every element name seen, containers too. */ names: Set<string>;
    }
  | { error: { line: number; message: string } };

const NAME = '[A-Za-z_][\\w.:-]*';
const TAG = new RegExp(`<(/)?(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/)?>`, 'y');
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'g');
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string): string {
  return raw.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Where a comment, declaration or processing instruction starting at `at` ends (after it), or -1. */
function skipSpecial(text: string, at: number): number {
  const ends: [string, string][] = [
    ['<?', '?>'],
    ['<!--', '-->'],
    ['<![CDATA[', ']]>'],
    ['<!', '>'],
  ];
  for (const [open, close] of ends) {
    if (!text.startsWith(open, at)) continue;
    const end = text.indexOf(close, at + open.length);
    return end < 0 ? -1 : end + close.length;
  }
  return at;
}

export function readFlexXml(text: string): FlexXml {
  const elements: FlexElement[] = [];
  const names = new Set<string>();
  const open: { name: string; line: number }[] = [];
  let root = '';
  let line = 1;
  let at = 0;
  const advance = (to: number) => {
    for (let i = at; i < to; i++) if (text.charCodeAt(i) === 10) line++;
    at = to;
  };
  const fail = (message: string) => ({ error: { line, message } });
  while (at < text.length) {
    // Text between tags (none in a statement; IBKR's error replies have some) is passed over.
    const next = text.indexOf('<', at);
    if (next < 0) {
      advance(text.length);
      break;
    }
    advance(next);
    const special = skipSpecial(text, at);
    if (special < 0) return fail('The file ends inside a comment or declaration: it is cut short');
    if (special !== at) {
      advance(special);
      continue;
    }
    TAG.lastIndex = at;
    const tag = TAG.exec(text);
    if (!tag)
      return fail(
        text.indexOf('>', at) < 0
          ? 'The file ends inside a tag: it is cut short; download the Flex Query again'
          : `'${text.slice(at, at + 40).split('\n')[0]}…' is not a well-formed XML tag`,
      );
    const [whole, closing, name, attributeText = '', selfClosing] = tag;
    const startLine = line;
    if (closing) {
      const top = open.pop();
      if (!top || top.name !== name! || attributeText !== '' || selfClosing)
        return fail(
          top
            ? `</${name}> closes <${top.name}> opened on line ${top.line}: the file is not well formed`
            : `</${name}> closes nothing: the file is not well formed`,
        );
    } else {
      if (open.length === 0) {
        if (root !== '') return fail(`A second top-level element <${name}>: the file is not well formed`);
        root = name!;
      }
      names.add(name!);
      const attributes: Record<string, string> = {};
      for (const [, key, double, single] of attributeText.matchAll(ATTRIBUTE))
        attributes[key!] = decode(double ?? single ?? '');
      if (attributeText !== '') elements.push({ name: name!, line: startLine, attributes });
      if (!selfClosing) open.push({ name: name!, line: startLine });
    }
    advance(at + whole.length);
  }
  const unclosed = open.at(-1);
  if (unclosed)
    return fail(
      `The file ends inside <${unclosed.name}> (opened on line ${unclosed.line}): it is cut short; download the Flex Query again`,
    );
  if (root === '') return fail('The file holds no XML element');
  return { elements, root, names };
}

export interface FlexRecord {
  /** Trade, Order, Lot, OptionEAE or PriorPeriodPosition. */
  element: string;
  line: number;
  fields: Record<string, string>;
  /** The CSV column of each field (XML: none, the attribute names itself). */
  columns?: Record<string, string>;
}

export const CSV_FIELDS: Record<string, string> = {
  ClientAccountID: 'accountId',
  AssetClass: 'assetCategory',
  CurrencyPrimary: 'currency',
  'Buy/Sell': 'buySell',
  'Open/CloseIndicator': 'openCloseIndicator',
  'Notes/Codes': 'notes',
  'Put/Call': 'putCall',
  'Date/Time': 'dateTime',
  IBCommission: 'ibCommission',
  IBCommissionCurrency: 'ibCommissionCurrency',
  IBOrderID: 'ibOrderID',
  IBExecID: 'ibExecID',
};
const fieldOf = (column: string) => CSV_FIELDS[column] ?? column.charAt(0).toLowerCase() + column.slice(1);

const MARKERS = new Set(['BOF', 'BOA', 'BOS', 'EOS', 'EOA', 'EOF', 'MSG']);

/**
 * A Flex Query saved as CSV as rows: its Trades section (and PriorPeriodPositions, when there), with or
 * without IBKR's BOF/BOS/HEADER/DATA/EOS markers; each column read as the XML's attribute.
 */
export function readFlexCsv(text: string): { records: FlexRecord[]; priorKnown: boolean } {
  const rows = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false }).data;
  const records: FlexRecord[] = [];
  const headers = new Map<string, string[]>();
  let section = '';
  let priorKnown = false;
  rows.forEach((raw, index) => {
    let row = raw.map((cell) => cell.trim());
    const marker = row[0] ?? '';
    if (MARKERS.has(marker)) {
      if (marker === 'BOS') section = row[1] ?? '';
      if (marker === 'EOS') section = '';
      return;
    }
    let code = section;
    if (marker === 'HEADER' || marker === 'DATA') {
      code = row[1] ?? '';
      row = row.slice(2);
    }
    const looksLikeHeader =
      row.includes('Symbol') && (row.includes('ClientAccountID') || row.includes('AssetClass'));
    if (marker === 'HEADER' || (marker !== 'DATA' && looksLikeHeader)) {
      headers.set(code, row);
      if (row.includes('PriorMtmPnl')) priorKnown = true;
      return;
    }
    const header = headers.get(code);
    if (!header || row.every((cell) => cell === '')) return;
    const trades =
      code === 'TRNT' ||
      (row.length > 0 &&
        header.includes('Quantity') &&
        (header.includes('Buy/Sell') ||
          header.includes('Open/CloseIndicator') ||
          header.includes('IBCommission')));
    const prior = header.includes('PriorMtmPnl');
    if (!trades && !prior) return;
    const fields: Record<string, string> = {};
    const columns: Record<string, string> = {};
    header.forEach((column, at) => {
      fields[fieldOf(column)] = row[at] ?? '';
      columns[fieldOf(column)] = column;
    });
    records.push({
      element: prior ? 'PriorPeriodPosition' : flexElement('Trade', fields.levelOfDetail),
      line: index + 1,
      fields,
      columns,
    });
  });
  return { records, priorKnown };
}

/** The element a row stands for, by its levelOfDetail (a Trade at ORDER level is an Order). */
export function flexElement(name: string, levelOfDetail: string | undefined): string {
  if (name !== 'Trade') return name;
  const level = (levelOfDetail ?? '').toUpperCase();
  return level === 'ORDER'
    ? 'Order'
    : level === 'CLOSED_LOT'
      ? 'Lot'
      : level.startsWith('SUMMARY')
        ? ''
        : name;
}
