import { type OptionContractRow } from '@shared/options/response-schemas';

export interface ChainRow {
  strike: number;
  call: OptionContractRow | undefined;
  put: OptionContractRow | undefined;
}

/** One expiration's contracts as rows of call and put by strike, lowest strike first. */
export function chainRows(contracts: readonly OptionContractRow[], expiration: string): ChainRow[] {
  const byStrike = new Map<number, ChainRow>();
  for (const contract of contracts) {
    if (contract.expiration !== expiration) continue;
    const row = byStrike.get(contract.strike) ?? { strike: contract.strike, call: undefined, put: undefined };
    row[contract.type] = contract;
    byStrike.set(contract.strike, row);
  }
  return [...byStrike.values()].sort((a, b) => a.strike - b.strike);
}

/** The index of the first row above the underlying's price: where its marker row goes. */
export function spotIndex(rows: readonly ChainRow[], spot: number): number {
  const index = rows.findIndex((row) => row.strike > spot);
  return index === -1 ? rows.length : index;
}
