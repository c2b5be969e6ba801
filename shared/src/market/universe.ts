/**
 * The simulated market's universe: the 100 most traded US stocks and ETFs, every symbol the spec
 * quotes (shared/src/constants/symbols.ts), and the VIX and the dollar index.
 *
 * Reference prices, shares outstanding, dividend yields and average volumes are rounded mid-2025
 * figures; `vol` is a typical annual implied volatility. The reference price is the level the
 * simulated price mean-reverts to (half-life a year), not a quote.
 */

export const sectors = [
  'Technology',
  'Communication Services',
  'Consumer Discretionary',
  'Consumer Staples',
  'Energy',
  'Financials',
  'Health Care',
  'Industrials',
  'Materials',
  'Broad Market',
  'International',
  'Fixed Income',
  'Commodities',
  'Leveraged',
  'Volatility',
  'Currencies',
] as const;
export type Sector = (typeof sectors)[number];

export type InstrumentKind = 'stock' | 'etf' | 'index';

export interface UniverseEntry {
  symbol: string;
  name: string;
  sector: Sector;
  kind: InstrumentKind;
  /** The level the simulated price reverts to, in dollars (index points for VIX and DXY). */
  referencePrice: number;
  /** Shares outstanding, stocks only (market cap = shares × price). */
  sharesOutstanding: number | null;
  /** Typical annual volatility (the long-run 30-day implied volatility), as a fraction. */
  vol: number;
  /** Continuous dividend yield, as a fraction. */
  dividendYield: number;
  /** Average daily share volume (0 for an index). */
  averageVolume: number;
}

/**
 * How an underlying's options exercise: European for the cash-settled indices, American for
 * stocks and ETFs (and for a symbol outside the universe, as most listed options are).
 */
export function exerciseStyleOfSymbol(symbol: string): 'american' | 'european' {
  return universeEntry(symbol)?.kind === 'index' ? 'european' : 'american';
}

type Row = [
  symbol: string,
  name: string,
  sector: Sector,
  price: number,
  sharesM: number,
  vol: number,
  dividend: number,
  volumeM: number,
];

const M = 1_000_000;

// [symbol, name, sector, reference price, shares outstanding (millions), vol, dividend yield, avg volume (millions)]
const STOCKS: Row[] = [
  ['AAPL', 'Apple Inc.', 'Technology', 210, 14_900, 0.27, 0.005, 55],
  ['MSFT', 'Microsoft Corporation', 'Technology', 480, 7_430, 0.24, 0.007, 20],
  ['NVDA', 'NVIDIA Corporation', 'Technology', 160, 24_400, 0.48, 0.0003, 200],
  ['GOOGL', 'Alphabet Inc.', 'Communication Services', 180, 12_100, 0.3, 0.004, 30],
  ['AMZN', 'Amazon.com, Inc.', 'Consumer Discretionary', 215, 10_600, 0.31, 0, 40],
  ['META', 'Meta Platforms, Inc.', 'Communication Services', 700, 2_520, 0.35, 0.003, 12],
  ['TSLA', 'Tesla, Inc.', 'Consumer Discretionary', 320, 3_220, 0.58, 0, 100],
  ['NFLX', 'Netflix, Inc.', 'Communication Services', 1200, 426, 0.33, 0, 3.5],
  ['AVGO', 'Broadcom Inc.', 'Technology', 270, 4_700, 0.45, 0.009, 20],
  ['AMD', 'Advanced Micro Devices, Inc.', 'Technology', 140, 1_620, 0.5, 0, 45],
  ['INTC', 'Intel Corporation', 'Technology', 22, 4_370, 0.48, 0, 80],
  ['CRM', 'Salesforce, Inc.', 'Technology', 265, 960, 0.33, 0.006, 7],
  ['ORCL', 'Oracle Corporation', 'Technology', 220, 2_810, 0.38, 0.008, 12],
  ['ADBE', 'Adobe Inc.', 'Technology', 380, 425, 0.34, 0, 3.5],
  ['PYPL', 'PayPal Holdings, Inc.', 'Financials', 72, 970, 0.36, 0, 15],
  ['DIS', 'The Walt Disney Company', 'Communication Services', 118, 1_800, 0.27, 0.008, 9],
  ['UBER', 'Uber Technologies, Inc.', 'Industrials', 90, 2_090, 0.38, 0, 20],
  ['CSCO', 'Cisco Systems, Inc.', 'Technology', 66, 3_960, 0.22, 0.025, 20],
  ['QCOM', 'QUALCOMM Incorporated', 'Technology', 155, 1_100, 0.34, 0.022, 8],
  ['MU', 'Micron Technology, Inc.', 'Technology', 115, 1_120, 0.52, 0.004, 25],
  ['IBM', 'International Business Machines Corporation', 'Technology', 270, 930, 0.26, 0.025, 4],
  ['PLTR', 'Palantir Technologies Inc.', 'Technology', 140, 2_360, 0.65, 0, 70],
  ['SMCI', 'Super Micro Computer, Inc.', 'Technology', 45, 595, 0.8, 0, 35],
  ['ARM', 'Arm Holdings plc', 'Technology', 140, 1_060, 0.6, 0, 6],
  ['MRVL', 'Marvell Technology, Inc.', 'Technology', 70, 865, 0.6, 0.003, 15],
  ['AMAT', 'Applied Materials, Inc.', 'Technology', 180, 805, 0.38, 0.009, 7],
  ['LRCX', 'Lam Research Corporation', 'Technology', 95, 1_280, 0.42, 0.009, 10],
  ['DELL', 'Dell Technologies Inc.', 'Technology', 120, 680, 0.48, 0.016, 7],
  ['SHOP', 'Shopify Inc.', 'Technology', 110, 1_300, 0.55, 0, 9],
  ['SNOW', 'Snowflake Inc.', 'Technology', 210, 334, 0.5, 0, 6],
  ['CRWD', 'CrowdStrike Holdings, Inc.', 'Technology', 480, 248, 0.45, 0, 3],
  ['PANW', 'Palo Alto Networks, Inc.', 'Technology', 195, 660, 0.33, 0, 5],
  ['MSTR', 'Strategy Inc', 'Technology', 380, 270, 0.75, 0, 12],
  ['MARA', 'MARA Holdings, Inc.', 'Technology', 16, 350, 0.85, 0, 40],
  ['COIN', 'Coinbase Global, Inc.', 'Financials', 300, 254, 0.75, 0, 10],
  ['HOOD', 'Robinhood Markets, Inc.', 'Financials', 80, 885, 0.75, 0, 40],
  ['SOFI', 'SoFi Technologies, Inc.', 'Financials', 15, 1_100, 0.6, 0, 60],
  ['JPM', 'JPMorgan Chase & Co.', 'Financials', 270, 2_780, 0.24, 0.021, 9],
  ['BAC', 'Bank of America Corporation', 'Financials', 45, 7_550, 0.27, 0.023, 35],
  ['WFC', 'Wells Fargo & Company', 'Financials', 78, 3_250, 0.29, 0.021, 16],
  ['C', 'Citigroup Inc.', 'Financials', 80, 1_870, 0.31, 0.029, 14],
  ['GS', 'The Goldman Sachs Group, Inc.', 'Financials', 650, 308, 0.3, 0.019, 2.2],
  ['MS', 'Morgan Stanley', 'Financials', 135, 1_600, 0.29, 0.027, 6],
  ['V', 'Visa Inc.', 'Financials', 350, 1_950, 0.2, 0.007, 7],
  ['MA', 'Mastercard Incorporated', 'Financials', 560, 910, 0.21, 0.005, 3],
  ['BRK.B', 'Berkshire Hathaway Inc.', 'Financials', 490, 2_160, 0.17, 0, 4],
  ['XOM', 'Exxon Mobil Corporation', 'Energy', 110, 4_310, 0.24, 0.036, 15],
  ['CVX', 'Chevron Corporation', 'Energy', 150, 1_750, 0.24, 0.045, 8],
  ['KO', 'The Coca-Cola Company', 'Consumer Staples', 70, 4_300, 0.15, 0.029, 14],
  ['PEP', 'PepsiCo, Inc.', 'Consumer Staples', 135, 1_370, 0.18, 0.042, 7],
  ['WMT', 'Walmart Inc.', 'Consumer Staples', 97, 8_000, 0.2, 0.009, 17],
  ['COST', 'Costco Wholesale Corporation', 'Consumer Staples', 990, 443, 0.21, 0.005, 2],
  ['PG', 'The Procter & Gamble Company', 'Consumer Staples', 160, 2_340, 0.16, 0.026, 7],
  ['HD', 'The Home Depot, Inc.', 'Consumer Discretionary', 370, 995, 0.22, 0.025, 3.5],
  ['MCD', "McDonald's Corporation", 'Consumer Discretionary', 300, 715, 0.17, 0.024, 3.5],
  ['NKE', 'NIKE, Inc.', 'Consumer Discretionary', 70, 1_480, 0.36, 0.023, 14],
  ['F', 'Ford Motor Company', 'Consumer Discretionary', 11, 3_980, 0.36, 0.055, 60],
  ['GM', 'General Motors Company', 'Consumer Discretionary', 50, 960, 0.34, 0.01, 10],
  ['RIVN', 'Rivian Automotive, Inc.', 'Consumer Discretionary', 14, 1_130, 0.65, 0, 35],
  ['NIO', 'NIO Inc.', 'Consumer Discretionary', 4.5, 2_100, 0.7, 0, 50],
  ['BABA', 'Alibaba Group Holding Limited', 'Consumer Discretionary', 120, 2_390, 0.45, 0.009, 15],
  ['PDD', 'PDD Holdings Inc.', 'Consumer Discretionary', 105, 1_390, 0.5, 0, 8],
  ['ABNB', 'Airbnb, Inc.', 'Consumer Discretionary', 130, 620, 0.38, 0, 5],
  ['CCL', 'Carnival Corporation & plc', 'Consumer Discretionary', 25, 1_310, 0.48, 0, 30],
  ['BA', 'The Boeing Company', 'Industrials', 215, 755, 0.33, 0, 8],
  ['CAT', 'Caterpillar Inc.', 'Industrials', 380, 470, 0.28, 0.015, 2.5],
  ['GE', 'GE Aerospace', 'Industrials', 250, 1_065, 0.3, 0.006, 5],
  ['AAL', 'American Airlines Group Inc.', 'Industrials', 12, 660, 0.48, 0, 40],
  ['PLUG', 'Plug Power Inc.', 'Industrials', 1.5, 1_100, 0.9, 0, 80],
  ['T', 'AT&T Inc.', 'Communication Services', 28, 7_170, 0.2, 0.04, 35],
  ['VZ', 'Verizon Communications Inc.', 'Communication Services', 43, 4_210, 0.18, 0.063, 18],
  ['CMCSA', 'Comcast Corporation', 'Communication Services', 35, 3_750, 0.26, 0.037, 22],
  ['WBD', 'Warner Bros. Discovery, Inc.', 'Communication Services', 11, 2_450, 0.45, 0, 40],
  ['SNAP', 'Snap Inc.', 'Communication Services', 8.5, 1_690, 0.6, 0, 35],
  ['RBLX', 'Roblox Corporation', 'Communication Services', 100, 680, 0.5, 0, 8],
  ['PFE', 'Pfizer Inc.', 'Health Care', 24, 5_680, 0.24, 0.071, 40],
  ['MRK', 'Merck & Co., Inc.', 'Health Care', 80, 2_510, 0.26, 0.04, 14],
  ['JNJ', 'Johnson & Johnson', 'Health Care', 155, 2_405, 0.17, 0.033, 8],
  ['ABBV', 'AbbVie Inc.', 'Health Care', 190, 1_765, 0.24, 0.035, 6],
  ['LLY', 'Eli Lilly and Company', 'Health Care', 780, 897, 0.33, 0.008, 3.5],
  ['UNH', 'UnitedHealth Group Incorporated', 'Health Care', 300, 905, 0.4, 0.029, 12],
];

// [symbol, name, sector, reference price, -, vol, dividend yield, avg volume (millions)]
const ETFS: Row[] = [
  ['SPY', 'SPDR S&P 500 ETF Trust', 'Broad Market', 600, 0, 0.16, 0.012, 65],
  ['QQQ', 'Invesco QQQ Trust', 'Broad Market', 530, 0, 0.2, 0.006, 40],
  ['IWM', 'iShares Russell 2000 ETF', 'Broad Market', 215, 0, 0.23, 0.012, 30],
  ['DIA', 'SPDR Dow Jones Industrial Average ETF Trust', 'Broad Market', 430, 0, 0.15, 0.016, 3.5],
  ['GLD', 'SPDR Gold Shares', 'Commodities', 310, 0, 0.15, 0, 9],
  ['SLV', 'iShares Silver Trust', 'Commodities', 33, 0, 0.28, 0, 25],
  ['TLT', 'iShares 20+ Year Treasury Bond ETF', 'Fixed Income', 87, 0, 0.15, 0.043, 40],
  ['EEM', 'iShares MSCI Emerging Markets ETF', 'International', 46, 0, 0.18, 0.022, 30],
  ['FXI', 'iShares China Large-Cap ETF', 'International', 36, 0, 0.3, 0.022, 40],
  ['XLF', 'Financial Select Sector SPDR Fund', 'Financials', 52, 0, 0.18, 0.014, 40],
  ['XLE', 'Energy Select Sector SPDR Fund', 'Energy', 88, 0, 0.24, 0.032, 15],
  ['XLK', 'Technology Select Sector SPDR Fund', 'Technology', 250, 0, 0.22, 0.006, 6],
  ['XLV', 'Health Care Select Sector SPDR Fund', 'Health Care', 135, 0, 0.15, 0.016, 8],
  ['SMH', 'VanEck Semiconductor ETF', 'Technology', 270, 0, 0.35, 0.004, 7],
  ['KRE', 'SPDR S&P Regional Banking ETF', 'Financials', 60, 0, 0.28, 0.025, 12],
  ['GDX', 'VanEck Gold Miners ETF', 'Materials', 55, 0, 0.35, 0.008, 20],
  ['ARKK', 'ARK Innovation ETF', 'Technology', 70, 0, 0.45, 0, 10],
  ['TQQQ', 'ProShares UltraPro QQQ', 'Leveraged', 80, 0, 0.6, 0.01, 55],
  ['SOXL', 'Direxion Daily Semiconductor Bull 3X Shares', 'Leveraged', 25, 0, 1, 0, 80],
];

const INDICES: Row[] = [
  ['VIX', 'CBOE Volatility Index', 'Volatility', 17, 0, 0.9, 0, 0],
  ['DXY', 'U.S. Dollar Index', 'Currencies', 99, 0, 0.08, 0, 0],
];

const toEntry =
  (kind: InstrumentKind) =>
  ([symbol, name, sector, price, sharesM, vol, dividendYield, volumeM]: Row): UniverseEntry => ({
    symbol,
    name,
    sector,
    kind,
    referencePrice: price,
    sharesOutstanding: kind === 'stock' ? sharesM * M : null,
    vol,
    dividendYield,
    averageVolume: volumeM * M,
  });

export const UNIVERSE: readonly UniverseEntry[] = [
  ...ETFS.map(toEntry('etf')),
  ...STOCKS.map(toEntry('stock')),
  ...INDICES.map(toEntry('index')),
];

const BY_SYMBOL = new Map(UNIVERSE.map((entry) => [entry.symbol, entry]));

export function universeEntry(symbol: string): UniverseEntry | undefined {
  return BY_SYMBOL.get(symbol.trim().toUpperCase());
}

export function isKnownSymbol(symbol: string): boolean {
  return BY_SYMBOL.has(symbol.trim().toUpperCase());
}

/** The symbols the simulated market does not know, in the order given (never a made-up company). */
export function unknownSymbols(symbols: readonly string[]): string[] {
  return symbols.filter((symbol) => !isKnownSymbol(symbol));
}
