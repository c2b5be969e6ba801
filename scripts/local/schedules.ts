/** Timers that fire the jobs of the shared schedule table at the rates EventBridge uses in AWS. */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { schedules, type Schedule } from '@shared/schedules';

export type Job = () => Promise<unknown>;

export async function loadJob(rootDir: string, schedule: Schedule): Promise<Job> {
  const module = (await import(
    pathToFileURL(join(rootDir, 'lambdas', schedule.area, 'jobs.ts')).href
  )) as Record<string, unknown>;
  const job = module[schedule.id];
  if (typeof job !== 'function')
    throw new Error(`lambdas/${schedule.area}/jobs.ts does not export ${schedule.id}`);
  return job as Job;
}

/**
 * LOCAL_SCHEDULE_SECONDS: every job fires this often instead of at its rate (tests that need a
 * second run of a job, such as a feed provider failing after it answered, set a few seconds).
 */
export function scheduleOverrideMs(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = env.LOCAL_SCHEDULE_SECONDS;
  if (raw === undefined || raw === '') return null;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 1)
    throw new Error(`LOCAL_SCHEDULE_SECONDS must be at least 1 second, not "${raw}"`);
  return seconds * 1000;
}

/**
 * Runs jobs as their schedules fire. A job's run never overlaps its previous one. The every-minute
 * jobs share one lane and run one after another in the table's order (the snapshot before what
 * reads it, generation before the cap job), as they fire together; a job of a longer period has a
 * lane of its own, so its long runs (scoring the signals replays days) never hold up the minute's
 * feeds, as in AWS, where every job is a function of its own.
 */
export function jobRunner(log: (line: string) => void) {
  const lanes = new Map<string, Promise<unknown>>();
  const running = new Set<Promise<unknown>>();
  const busy = new Set<string>();
  let stopped = false;
  const laneOf = (schedule: Pick<Schedule, 'id' | 'everyMinutes'>) =>
    schedule.everyMinutes === 1 ? 'every minute' : schedule.id;
  return {
    run(schedule: Pick<Schedule, 'id' | 'everyMinutes'>, job: Job): Promise<unknown> | undefined {
      if (stopped || busy.has(schedule.id)) return undefined;
      busy.add(schedule.id);
      const lane = laneOf(schedule);
      const done: Promise<unknown> = (lanes.get(lane) ?? Promise.resolve())
        .then(() => (stopped ? undefined : job()))
        .catch((error: unknown) => log(`[schedule] ${schedule.id} failed: ${(error as Error).message}`))
        .finally(() => {
          busy.delete(schedule.id);
          running.delete(done);
        });
      lanes.set(lane, done);
      running.add(done);
      return done;
    },
    /** No run starts after this; resolves when the runs under way are done. */
    async stop(): Promise<void> {
      stopped = true;
      await Promise.all([...running]);
    },
  };
}

/**
 * Starts a timer per schedule at its rate, in the table's order. Every job also runs once at
 * start, as if its schedule had just fired: first the jobs named in `awaitFirst`, and the returned
 * promise settles once those runs are done (failed runs included: they are logged), so a caller
 * that waits for it (npm start's "Ready") has live feeds at once; then the others. Stopping waits
 * for the runs under way, so nothing writes to a closed table.
 */
export async function startScheduleTimers(
  rootDir: string,
  log: (line: string) => void,
  awaitFirst: ReadonlySet<string> = new Set(),
): Promise<() => Promise<void>> {
  const timers: NodeJS.Timeout[] = [];
  const jobs = await Promise.all(
    schedules.map(async (schedule) => ({ schedule, job: await loadJob(rootDir, schedule) })),
  );
  const runner = jobRunner(log);
  const everyMs = scheduleOverrideMs();
  const first: Promise<unknown>[] = [];
  const later: (() => void)[] = [];
  for (const { schedule, job } of jobs) {
    // The awaited first runs go first: a long job's first run then does not slow "Ready".
    if (awaitFirst.has(schedule.id)) first.push(runner.run(schedule, job) ?? Promise.resolve());
    else later.push(() => void runner.run(schedule, job));
    timers.push(setInterval(() => void runner.run(schedule, job), everyMs ?? schedule.everyMinutes * 60_000));
  }
  await Promise.all(first);
  later.forEach((start) => start());
  return async () => {
    timers.forEach((timer) => clearInterval(timer));
    await runner.stop();
  };
}
