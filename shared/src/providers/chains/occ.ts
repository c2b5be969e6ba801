/**
 * OCC / OSI option symbols: `QQQ230522C00260000` (CBOE), `O:SPY251010C00673000` (Polygon) and the
 * padded 21-character form `QQQ   230522C00260000` (OSI, brokers' exports).
 */
export interface OccTerms {
  root: string;
  /** YYYY-MM-DD. */
  expiration: string;
  type: 'call' | 'put';
  strike: number;
}

const OCC = /^(?:O:)?([A-Z0-9]{1,6})\s*(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

/** The terms of an OCC symbol in any of its three spellings, or null when it is not one. */
export function parseOcc(symbol: string): OccTerms | null {
  const match = OCC.exec(symbol.trim());
  if (!match) return null;
  const [, root, yy, mm, dd, callPut, strike] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expiration = `20${yy}-${mm}-${dd}`;
  const date = new Date(`${expiration}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== expiration) return null;
  return { root, expiration, type: callPut === 'C' ? 'call' : 'put', strike: Number(strike) / 1000 };
}

/** The padded 21-character OSI symbol of a contract. */
export function formatOcc({ root, expiration, type, strike }: OccTerms): string {
  const yymmdd = expiration.slice(2).replaceAll('-', '');
  const strikeField = String(Math.round(strike * 1000)).padStart(8, '0');
  return `${root.padEnd(6, ' ')}${yymmdd}${type === 'call' ? 'C' : 'P'}${strikeField}`;
}
