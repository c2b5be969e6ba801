/**
 * The tour's mock previews (spec 2): sample figures that show what each screen looks like. They
 * are not market data, and the frame says so ('Illustrative preview').
 */
import { type LucideIcon } from 'lucide-react';
import Bell from 'lucide-react/icons/bell';
import Book from 'lucide-react/icons/book';
import Layers from 'lucide-react/icons/layers';
import MessageSquare from 'lucide-react/icons/message-square';
import Target from 'lucide-react/icons/target';
import TrendingUp from 'lucide-react/icons/trending-up';
import { type ReactNode } from 'react';
import { type TourStepId } from '../data/tour-steps';

const scoreTone = (score: number) =>
  score >= 80
    ? 'text-emerald-300 bg-emerald-400/10'
    : score >= 60
      ? 'text-sky-300 bg-sky-400/10'
      : 'text-amber-300 bg-amber-400/10';

function Row({ children }: { children: ReactNode }) {
  return <li className="flex items-center justify-between gap-3 py-1.5 text-sm">{children}</li>;
}

function WelcomePreview() {
  const tools: [LucideIcon, string][] = [
    [Target, 'Scanner'],
    [Layers, 'Dark Pool'],
    [MessageSquare, 'Research'],
    [Bell, 'Alerts'],
    [TrendingUp, 'Trends'],
    [Book, 'Journal'],
  ];
  return (
    <ul className="grid grid-cols-3 gap-2">
      {tools.map(([Icon, name]) => (
        <li
          key={name}
          className="flex flex-col items-center gap-1 rounded-lg bg-slate-800/60 p-2 text-xs text-slate-300"
        >
          <Icon className="size-4 text-emerald-300" />
          {name}
        </li>
      ))}
    </ul>
  );
}

function ScannerPreview() {
  const rows: [string, string, number][] = [
    ['NVDA', 'Iron Condor', 87],
    ['AAPL', 'Covered Call', 74],
    ['SPY', 'Cash-Secured Put', 66],
  ];
  return (
    <ul className="divide-y divide-slate-800">
      {rows.map(([ticker, strategy, score]) => (
        <Row key={ticker}>
          <span className="font-semibold text-white">{ticker}</span>
          <span className="flex-1 text-slate-400">{strategy}</span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${scoreTone(score)}`}>
            {score}
          </span>
        </Row>
      ))}
    </ul>
  );
}

function DarkPoolPreview() {
  const rows: [string, string, string, number][] = [
    ['TSLA', '250K', 'Buy', 91],
    ['MSFT', '180K', 'Buy', 84],
    ['AMD', '120K', 'Sell', 72],
  ];
  return (
    <ul className="divide-y divide-slate-800">
      {rows.map(([ticker, size, side, score]) => (
        <Row key={ticker}>
          <span className="font-semibold text-white">{ticker}</span>
          <span className="text-slate-400">{size} shares</span>
          <span className={side === 'Buy' ? 'text-emerald-400' : 'text-red-400'}>{side}</span>
          <span className="text-xs text-slate-400">Human pattern</span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${scoreTone(score)}`}>
            {score}
          </span>
        </Row>
      ))}
    </ul>
  );
}

function ResearchPreview() {
  return (
    <div className="space-y-2 text-sm">
      <p className="ml-auto w-fit max-w-[85%] rounded-lg bg-emerald-500/15 px-3 py-2 text-emerald-100">
        Is now a good time for an iron condor on SPY?
      </p>
      <p className="w-fit max-w-[85%] rounded-lg bg-slate-800 px-3 py-2 text-slate-200">
        IV rank is elevated and SPY is range-bound: a 30-day iron condor outside the expected move fits. Keep
        risk under 2% of the account.
      </p>
    </div>
  );
}

function AlertsPreview() {
  const rows: [string, string, 'High' | 'Medium' | 'Low'][] = [
    ['NVDA', 'Unusual call volume: 4x average', 'High'],
    ['QQQ', 'Breakout above resistance', 'Medium'],
    ['AAPL', 'IV up 22% in the last hour', 'Low'],
  ];
  const tone = {
    High: 'text-red-300 bg-red-400/10',
    Medium: 'text-amber-300 bg-amber-400/10',
    Low: 'text-sky-300 bg-sky-400/10',
  };
  return (
    <ul className="divide-y divide-slate-800">
      {rows.map(([ticker, message, severity]) => (
        <Row key={ticker}>
          <span className="font-semibold text-white">{ticker}</span>
          <span className="flex-1 truncate text-slate-400">{message}</span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone[severity]}`}>
            {severity}
          </span>
        </Row>
      ))}
    </ul>
  );
}

function JournalPreview() {
  return (
    <dl className="grid grid-cols-3 gap-2 text-center">
      {[
        ['Win Rate', '72%', 'text-emerald-300'],
        ['Total P&L', '+$2,450', 'text-emerald-300'],
        ['Trades', '25', 'text-white'],
      ].map(([label, value, tone]) => (
        <div key={label} className="rounded-lg bg-slate-800/60 p-2">
          <dt className="text-xs text-slate-400">{label}</dt>
          <dd className={`text-lg font-bold ${tone}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const previews: Record<TourStepId, () => ReactNode> = {
  welcome: WelcomePreview,
  scanner: ScannerPreview,
  darkpool: DarkPoolPreview,
  research: ResearchPreview,
  alerts: AlertsPreview,
  journal: JournalPreview,
};

export function StepPreview({ step }: { step: TourStepId }) {
  const Preview = previews[step];
  return (
    <figure className="rounded-xl border border-slate-800 bg-slate-950/60 p-3">
      <figcaption className="mb-2 text-xs font-semibold tracking-wide text-amber-200/90 uppercase">
        Illustrative preview · sample figures
      </figcaption>
      <Preview />
    </figure>
  );
}
