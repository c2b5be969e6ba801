/**
 * The scorecards' store in memory, with the DynamoDB store's contract (a chunk is written at the
 * version it was read at, or not): the replay script (scripts/scorecard-replay.ts) and unit tests.
 */
import type { ScorecardKind } from '@shared/scorecards/schemas';
import type { DaySummary, RecordChunk, ScorecardRepo } from './scorecard-repository';

const copy = <T>(value: T): T => structuredClone(value);

export function memoryScorecardRepo(): ScorecardRepo & { writes: number } {
  const summaries = new Map<string, DaySummary>();
  const chunks = new Map<string, RecordChunk>();
  const store = {
    writes: 0,
    async summaries(kind: ScorecardKind, fromDay: string, toDay: string) {
      return [...summaries.entries()]
        .filter(([key]) => key.startsWith(`${kind}|`))
        .map(([, summary]) => copy(summary))
        .filter((summary) => summary.day >= fromDay && summary.day <= toDay)
        .sort((a, b) => a.day.localeCompare(b.day));
    },
    async putSummary(kind: ScorecardKind, summary: DaySummary) {
      store.writes += 1;
      summaries.set(`${kind}|${summary.day}`, copy(summary));
    },
    async chunks(kind: ScorecardKind, day: string) {
      return [...chunks.entries()]
        .filter(([key]) => key.startsWith(`${kind}|${day}|`))
        .map(([, chunk]) => copy(chunk))
        .sort((a, b) => a.index - b.index);
    },
    async putChunk(kind: ScorecardKind, day: string, chunk: RecordChunk) {
      const key = `${kind}|${day}|${chunk.index}`;
      if ((chunks.get(key)?.version ?? 0) !== chunk.version) return false;
      store.writes += 1;
      chunks.set(key, { ...copy(chunk), version: chunk.version + 1 });
      return true;
    },
  };
  return store;
}
