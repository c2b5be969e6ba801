/**
 * The local runtime's job runner (scripts/local/schedules.ts): the every-minute jobs one after
 * another in the order they fire, a longer period's job in a lane of its own (a long scoring run
 * never holds up the minute's feeds, as in AWS where each job is its own function), no job
 * overlapping itself, nothing started after stop.
 */
import { describe, expect, it } from 'vitest';
import { jobRunner } from '../../../scripts/local/schedules';

/** A job whose run stays open until released; it logs when it starts. */
function heldJob(name: string, started: string[]) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { job: () => (started.push(name), held), release: () => release() };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('jobRunner', () => {
  it('runs a minute job while a five-minute job is still running', async () => {
    const started: string[] = [];
    const runner = jobRunner(() => {});
    const scoring = heldJob('scoreSignals', started);
    void runner.run({ id: 'scoreSignals', everyMinutes: 5 }, scoring.job);
    const feeds = runner.run({ id: 'generateFeeds', everyMinutes: 1 }, async () => {
      started.push('generateFeeds');
    });
    await feeds;
    expect(started).toEqual(['scoreSignals', 'generateFeeds']);
    scoring.release();
    await runner.stop();
  });

  it('runs the every-minute jobs one after another, in the order they fire', async () => {
    const started: string[] = [];
    const runner = jobRunner(() => {});
    const snapshot = heldJob('snapshotChains', started);
    void runner.run({ id: 'snapshotChains', everyMinutes: 1 }, snapshot.job);
    const feeds = runner.run({ id: 'generateFeeds', everyMinutes: 1 }, async () => {
      started.push('generateFeeds');
    });
    await flush();
    expect(started).toEqual(['snapshotChains']);
    snapshot.release();
    await feeds;
    expect(started).toEqual(['snapshotChains', 'generateFeeds']);
  });

  it('never overlaps a job with its own run, logs a failed run and goes on', async () => {
    const started: string[] = [];
    const logged: string[] = [];
    const runner = jobRunner((line) => logged.push(line));
    const scoring = heldJob('scoreSignals', started);
    const first = runner.run({ id: 'scoreSignals', everyMinutes: 5 }, scoring.job);
    expect(runner.run({ id: 'scoreSignals', everyMinutes: 5 }, scoring.job)).toBeUndefined();
    scoring.release();
    await first;
    await runner.run({ id: 'scoreSignals', everyMinutes: 5 }, () => Promise.reject(new Error('dynamo down')));
    expect(logged).toEqual(['[schedule] scoreSignals failed: dynamo down']);
    expect(runner.run({ id: 'scoreSignals', everyMinutes: 5 }, async () => {})).toBeDefined();
  });

  it('waits for the runs under way on stop and starts none after it', async () => {
    const started: string[] = [];
    const runner = jobRunner(() => {});
    const scoring = heldJob('scoreSignals', started);
    void runner.run({ id: 'scoreSignals', everyMinutes: 5 }, scoring.job);
    await flush();
    expect(started).toEqual(['scoreSignals']);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await flush();
    expect(stopped).toBe(false);
    scoring.release();
    await stopping;
    expect(runner.run({ id: 'generateFeeds', everyMinutes: 1 }, async () => {})).toBeUndefined();
  });
});
