/** The monthly P&L calendar: every month of every year the closed trades span, with its P&L. */
import { type TradeAnalytics } from '@shared/trades/schemas';

type Month = TradeAnalytics['monthly'][number];

export interface MonthCell {
  /** 'YYYY-MM'. */
  month: string;
  monthIndex: number;
  pnl: number | null;
  trades: number;
  /** 0 (no trades or flat) to 4 (the largest |P&L| of the range). */
  intensity: 0 | 1 | 2 | 3 | 4;
}

export interface YearRow {
  year: number;
  total: number;
  months: MonthCell[];
}

export function monthlyGrid(monthly: readonly Month[]): YearRow[] {
  if (monthly.length === 0) return [];
  const byMonth = new Map(monthly.map((m) => [m.month, m]));
  const years = monthly.map((m) => Number(m.month.slice(0, 4)));
  const first = Math.min(...years);
  const last = Math.max(...years);
  const largest = Math.max(...monthly.map((m) => Math.abs(m.pnl)));
  const rows: YearRow[] = [];
  for (let year = last; year >= first; year--) {
    const months: MonthCell[] = Array.from({ length: 12 }, (_, monthIndex) => {
      const key = `${year}-${String(monthIndex + 1).padStart(2, '0')}`;
      const found = byMonth.get(key);
      const share = found && largest > 0 ? Math.abs(found.pnl) / largest : 0;
      const intensity = (share === 0 ? 0 : Math.min(4, Math.ceil(share * 4))) as MonthCell['intensity'];
      return { month: key, monthIndex, pnl: found?.pnl ?? null, trades: found?.trades ?? 0, intensity };
    });
    const total = Math.round(months.reduce((sum, m) => sum + (m.pnl ?? 0), 0) * 100) / 100;
    rows.push({ year, total, months });
  }
  return rows;
}
