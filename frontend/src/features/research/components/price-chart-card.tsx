import {
  AreaSeries,
  ColorType,
  createChart,
  TickMarkType,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ChatChart } from '@shared/chat/schemas';
import { MARKET_DATA_SOURCE_SIMULATED } from '@shared/constants/texts';
import { historyRangeLabels, historyRanges, type HistoryRange } from '@shared/market/history';
import { useMarketHistory } from '../api/get-market-history';
import { summarize, toSeries, type ChartPoint } from '../utils/chart-series';
import { formatClock, formatDateTime, formatDay, formatPrice, formatSignedPercent } from '../utils/format';

const isRange = (value: string): value is HistoryRange =>
  (historyRanges as readonly string[]).includes(value);

/** Times on the axis and under the crosshair in the browser's time zone (the chart's own are UTC). */
const toDate = (time: Time) => new Date((time as number) * 1000);
const tickMark = (time: Time, type: TickMarkType) =>
  type === TickMarkType.Time || type === TickMarkType.TimeWithSeconds ? formatClock(toDate(time)) : null;

/**
 * A chart card under a reply: the symbol's price from the market model (TradingView
 * lightweight-charts), first as the reply saw it, then any other range from GET /api/market-history.
 * The chart has an accessible name and a text summary.
 */
export function PriceChartCard({ chart }: { chart: ChatChart }) {
  const stored = isRange(chart.timeframe) ? chart.timeframe : null;
  const [range, setRange] = useState<HistoryRange>(stored ?? '3M');
  const fetched = useMarketHistory(chart.symbol, range, range !== stored);
  const points: ChartPoint[] = useMemo(() => {
    if (range === stored) return chart.points;
    return fetched.data?.points.map((p) => ({ time: p.time, price: p.close })) ?? [];
  }, [range, stored, chart.points, fetched.data]);
  const reference = range === stored ? undefined : fetched.data?.previousClose;
  const summary = summarize(points, reference);
  const summaryId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ chart: IChartApi; series: ISeriesApi<'Area'> } | null>(null);
  const intraday = range === '1D';

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let created: IChartApi;
    try {
      created = createChart(container, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: 'transparent' },
          textColor: '#94a3b8',
          fontFamily: 'inherit',
        },
        grid: { vertLines: { visible: false }, horzLines: { color: '#1e293b' } },
        rightPriceScale: { borderColor: '#334155' },
        timeScale: {
          borderColor: '#334155',
          fixLeftEdge: true,
          fixRightEdge: true,
          lockVisibleTimeRangeOnResize: true,
          tickMarkFormatter: tickMark,
        },
        localization: { timeFormatter: (time: Time) => formatDateTime(toDate(time).toISOString()) },
        handleScroll: false,
        handleScale: false,
      });
    } catch {
      // No canvas (a test DOM): the text summary stands in for the chart.
      container.hidden = true;
      return;
    }
    const series = created.addSeries(AreaSeries, {
      lineColor: '#34d399',
      topColor: 'rgba(52, 211, 153, 0.25)',
      bottomColor: 'rgba(52, 211, 153, 0.02)',
      lineWidth: 2,
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
    });
    chartRef.current = { chart: created, series };
    return () => {
      chartRef.current = null;
      created.remove();
    };
  }, []);

  useEffect(() => {
    const current = chartRef.current;
    if (!current) return;
    current.chart.applyOptions({ timeScale: { timeVisible: intraday, secondsVisible: false } });
    current.series.setData(toSeries(points).map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    current.chart.timeScale().fitContent();
  }, [points, intraday]);

  const when = intraday ? formatDateTime : formatDay;
  const name = `${chart.symbol} price, ${historyRangeLabels[range]}`;
  return (
    <figure
      aria-label={`${chart.symbol} chart`}
      className="min-w-0 rounded-xl border border-slate-800 bg-slate-950/60 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <p className="text-sm font-semibold text-white">{chart.symbol}</p>
          {summary && (
            <p className="text-xs text-slate-400">
              <span className="font-medium text-slate-200">{formatPrice(summary.last.price)}</span>{' '}
              <span className={summary.change >= 0 ? 'text-green-400' : 'text-red-400'}>
                {formatSignedPercent(summary.change)}
              </span>{' '}
              over {historyRangeLabels[range]}
            </p>
          )}
        </div>
        <div role="group" aria-label={`${chart.symbol} chart range`} className="flex gap-1">
          {historyRanges.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === range}
              aria-label={`${chart.symbol}: ${historyRangeLabels[option]}`}
              onClick={() => setRange(option)}
              className={`rounded-md px-2 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-emerald-300 ${
                option === range
                  ? 'bg-emerald-500/20 text-emerald-200'
                  : 'text-slate-400 hover:bg-slate-800 hover:text-slate-200'
              }`}
            >
              {option}
            </button>
          ))}
        </div>
      </div>
      <div
        ref={containerRef}
        role="img"
        aria-label={name}
        aria-describedby={summaryId}
        aria-busy={range !== stored && fetched.isFetching ? true : undefined}
        data-points={points.length}
        className="mt-2 h-44 w-full sm:h-52"
      />
      <figcaption id={summaryId} className="mt-2 text-xs text-slate-400">
        {summary
          ? `${name}: from ${formatPrice(summary.first.price)} (${when(summary.first.time)}) to ${formatPrice(summary.last.price)} (${when(summary.last.time)}), high ${formatPrice(summary.high)}, low ${formatPrice(summary.low)}. ${MARKET_DATA_SOURCE_SIMULATED}.`
          : fetched.isError
            ? `The ${historyRangeLabels[range]} history could not be loaded.`
            : `Loading the ${historyRangeLabels[range]} history...`}
      </figcaption>
    </figure>
  );
}
