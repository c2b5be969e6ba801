/**
 * Replays the simulated market's last `days` (default 90) calendar days of signals through the
 * scorecards' job, in memory, and prints each kind's 90- and 30-day scorecard: the figures
 * docs/features/live-feeds.md quotes. Usage: npx tsx scripts/scorecard-replay.ts [ISO instant]
 */
import { scorecardKinds } from '@shared/scorecards/schemas';
import { memoryScorecardRepo } from '../lambdas/feeds/scorecard-memory';
import { readScorecard, scoreKind } from '../lambdas/feeds/scorecards';

const at = new Date(process.argv[2] ?? '2026-11-25T21:00:00Z');
const repo = memoryScorecardRepo();
const deps = { repo, sourceOf: () => 'simulated' as const };
const plan = 'trial' as const;
const pct = (value: number | null) =>
  value === null ? '   -  ' : `${(value * 100).toFixed(1).padStart(5)}%`;

for (const kind of scorecardKinds) {
  const started = Date.now();
  const run = await scoreKind(deps, kind, at, Infinity, undefined, Infinity);
  console.log(
    `\n${kind}: ${run.recorded} signals over ${run.days} sessions, ${run.valued} values, ${Date.now() - started} ms`,
  );
  for (const days of [90, 30]) {
    const card = await readScorecard(deps, plan, kind, days, at);
    console.log(
      `  last ${days} days (since ${card.since}): ${card.signals} signals, ${card.pending} horizons pending`,
    );
    for (const row of card.rows)
      console.log(
        `    ${row.type.padEnd(18)} ${row.severity.padEnd(10)} ${row.horizon.padEnd(4)} n=${String(row.n).padStart(5)} hit=${pct(row.hitRate)} mean=${row.meanMove!.toFixed(2).padStart(7)}%${row.tooFew ? ' (too few)' : ''}`,
      );
  }
}
