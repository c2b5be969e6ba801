import {
  BaselineSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type LineData,
} from 'lightweight-charts';
import { useEffect, useId, useMemo, useRef } from 'react';
import { type TradeAnalytics } from '@shared/trades/schemas';
import { formatDay, formatPnl, formatPnlCompact } from '../utils/format';
import { equityCurveSeries, equitySummary } from '../utils/equity-curve';

type EquityCurveChartProps = { points: TradeAnalytics['equity_curve'] };

const CHART_NAME = 'Equity curve: cumulative closed P&L by close date';

/**
 * The equity curve (TradingView lightweight-charts): cumulative closed P&L by the day trades
 * closed, green above zero and red below. The chart has an accessible name and a text summary
 * of what it shows.
 */
export function EquityCurveChart({ points }: EquityCurveChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ chart: IChartApi; series: ISeriesApi<'Baseline'> } | null>(null);
  const summaryId = useId();
  const data = useMemo(() => equityCurveSeries(points), [points]);
  const summary = equitySummary(points);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let chart: IChartApi;
    try {
      chart = createChart(container, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: 'transparent' },
          textColor: '#94a3b8',
          fontFamily: 'inherit',
        },
        grid: { vertLines: { color: '#1e293b' }, horzLines: { color: '#1e293b' } },
        rightPriceScale: { borderColor: '#334155' },
        timeScale: {
          borderColor: '#334155',
          fixLeftEdge: true,
          fixRightEdge: true,
          // A narrower screen shows the same dates, squeezed, rather than cutting the end off.
          lockVisibleTimeRangeOnResize: true,
        },
        localization: { priceFormatter: (value: number) => formatPnlCompact(value) },
        handleScroll: false,
        handleScale: false,
      });
    } catch {
      // No canvas (an old browser or a test DOM): the text summary stands in for the chart.
      container.hidden = true;
      return;
    }
    const series = chart.addSeries(BaselineSeries, {
      baseValue: { type: 'price', price: 0 },
      topLineColor: '#4ade80',
      topFillColor1: 'rgba(74, 222, 128, 0.28)',
      topFillColor2: 'rgba(74, 222, 128, 0.04)',
      bottomLineColor: '#f87171',
      bottomFillColor1: 'rgba(248, 113, 113, 0.04)',
      bottomFillColor2: 'rgba(248, 113, 113, 0.28)',
      lineWidth: 2,
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
    });
    chartRef.current = { chart, series };
    return () => {
      chartRef.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const current = chartRef.current;
    if (!current) return;
    current.series.setData(data as LineData<string>[]);
    current.chart.timeScale().fitContent();
  }, [data]);

  return (
    <figure aria-label="Equity curve" className="min-w-0">
      <div
        ref={containerRef}
        role="img"
        aria-label={CHART_NAME}
        aria-describedby={summaryId}
        data-points={data.length}
        className={`h-64 w-full ${data.length === 0 ? 'hidden' : ''}`}
      />
      <figcaption id={summaryId} className="mt-2 text-xs text-slate-400">
        {summary
          ? `From ${formatDay(summary.first)} to ${formatDay(summary.last)} (${summary.days} day${summary.days === 1 ? '' : 's'} with closed trades): ends at ${formatPnl(summary.final)}, highest ${formatPnl(summary.peak)}, lowest ${formatPnl(summary.trough)}.`
          : 'No closed trades yet: the curve starts with your first closed trade.'}
      </figcaption>
    </figure>
  );
}
