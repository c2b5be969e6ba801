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
 * Starts a timer per schedule at its rate, in the table's order. Every job also runs once at
 * start, as if its schedule had just fired; the returned promise settles once the first runs of
 * the jobs named in `awaitFirst` are done (failed runs included: they are logged), so a caller
 * that waits for it (npm start's "Ready") has live feeds at once. A job's run never overlaps its
 * previous one; stopping waits for the runs under way, so nothing writes to a closed table.
 */
export async function startScheduleTimers(
  rootDir: string,
  log: (line: string) => void,
  awaitFirst: ReadonlySet<string> = new Set(),
): Promise<() => Promise<void>> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  const jobs = await Promise.all(
    schedules.map(async (schedule) => ({ schedule, job: await loadJob(rootDir, schedule) })),
  );
  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();
  const busy = new Set<string>();
  const run = (schedule: Schedule, job: Job): Promise<unknown> | undefined => {
    if (stopped || busy.has(schedule.id)) return undefined;
    busy.add(schedule.id);
    // Runs go one after another, in the table's order (generation before the cap job).
    const done = (chain = chain
      .then(() => (stopped ? undefined : job()))
      .catch((error: unknown) => log(`[schedule] ${schedule.id} failed: ${(error as Error).message}`))
      .finally(() => {
        busy.delete(schedule.id);
        running.delete(done);
      }));
    running.add(done);
    return done;
  };
  const everyMs = scheduleOverrideMs();
  const first: Promise<unknown>[] = [];
  for (const { schedule, job } of jobs) {
    const done = run(schedule, job);
    if (done && awaitFirst.has(schedule.id)) first.push(done);
    timers.push(setInterval(() => void run(schedule, job), everyMs ?? schedule.everyMinutes * 60_000));
  }
  await Promise.all(first);
  return async () => {
    stopped = true;
    timers.forEach((timer) => clearInterval(timer));
    await Promise.all([...running]);
  };
}
