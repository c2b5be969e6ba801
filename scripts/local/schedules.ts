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

export async function startScheduleTimers(rootDir: string, log: (line: string) => void): Promise<() => void> {
  const timers: NodeJS.Timeout[] = [];
  for (const schedule of schedules) {
    const job = await loadJob(rootDir, schedule);
    const run = () =>
      job().catch((error: unknown) => log(`[schedule] ${schedule.id} failed: ${(error as Error).message}`));
    timers.push(setInterval(run, schedule.everyMinutes * 60_000));
  }
  return () => timers.forEach((timer) => clearInterval(timer));
}
