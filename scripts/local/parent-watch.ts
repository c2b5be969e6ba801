/**
 * Ends `npm start` when whatever started it is gone. `npm start` runs npm → sh → tsx → node;
 * killing npm does not reach node, which would go on serving, orphaned. So the process notes its
 * ancestors at start (Linux /proc; elsewhere just its parent) and stops once any of them has
 * ended or it has been handed to another parent.
 */
import { readFileSync } from 'node:fs';

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** This process's ancestors, nearest first, up to (not including) init. */
export function ancestors(pid = process.pid): number[] {
  const found: number[] = [];
  for (let parent = parentOf(pid); parent && parent > 1 && found.length < 32; parent = parentOf(parent))
    found.push(parent);
  return found.length > 0 ? found : [process.ppid];
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Calls `onGone` once, when an ancestor ends or the parent changes; checks every `everyMs`. */
export function watchParents(onGone: (pid: number) => void, everyMs = 1000): () => void {
  const watched = ancestors();
  const parent = process.ppid;
  const timer = setInterval(() => {
    const gone = process.ppid !== parent ? parent : watched.find((pid) => !alive(pid));
    if (gone !== undefined) {
      clearInterval(timer);
      onGone(gone);
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
