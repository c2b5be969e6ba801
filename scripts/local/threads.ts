/**
 * Worker threads of the local runtime. In AWS, DynamoDB is a service of its own and each
 * scheduled job is a Lambda of its own; run in the API's event loop, their work would make API
 * requests wait behind it (a minute's feed run and its DynamoDB writes held requests up for
 * 100 ms or more). So dynalite and the schedules each get a thread: their own event loop and
 * heap (and garbage collector), on another core when there is one, and, being threads, they end
 * with the process whatever happens to it (no child process can be left behind).
 */
import { Worker } from 'node:worker_threads';

export interface Thread<Info> {
  /** What the thread reported once started; rejects if it could not start. */
  ready: Promise<Info>;
  /**
   * Stops the thread: a started one is asked to stop what it started and waited for; one still
   * starting is ended at once.
   */
  close(): Promise<void>;
}

/** What a thread module exports: `main(options, log)` starts its part and says how to stop it. */
export type ThreadMain<Options, Info> = (
  options: Options,
  log: (line: string) => void,
) => Promise<{ info: Info; close(): Promise<void> | void }>;

type FromThread =
  | { type: 'ready'; info: unknown }
  | { type: 'failed'; message: string }
  | { type: 'log'; line: string }
  | { type: 'closed' };

const BOOTSTRAP = new URL('./thread.mjs', import.meta.url);

/** Starts `module` (a thread module's URL) in a worker thread. Its process.env is a copy of this one's now. */
export function startThread<Options, Info>(
  name: string,
  module: URL,
  options: Options,
  log: (line: string) => void,
): Thread<Info> {
  const worker = new Worker(BOOTSTRAP, {
    name,
    workerData: { module: module.href, options },
    // The runtime's own flags (e.g. --import tsx) would load tsx twice; the bootstrap registers it.
    execArgv: [],
  });
  let started = false;
  let closing: Promise<void> | undefined;
  const exited = new Promise<void>((done) => worker.once('exit', () => done()));
  const ready = new Promise<Info>((resolve, reject) => {
    worker.on('message', (message: FromThread) => {
      if (message.type === 'log') log(message.line);
      else if (message.type === 'failed') reject(new Error(`${name} thread: ${message.message}`));
      else if (message.type === 'ready') {
        started = true;
        resolve(message.info as Info);
      }
    });
    worker.on('error', (error) => {
      log(`[${name}] ${error.stack ?? error.message}`);
      reject(error);
    });
    worker.on('exit', (code) => {
      if (closing) return;
      if (started) log(`[${name}] thread ended (exit code ${code})`);
      else reject(new Error(`${name} thread ended before it was ready (exit code ${code})`));
    });
  });
  ready.catch(() => undefined); // the caller sees it through `ready`; closing never waits on it
  const close = async () => {
    if (started) {
      const closed = new Promise<void>((done) =>
        worker.on('message', (message: FromThread) => message.type === 'closed' && done()),
      );
      worker.postMessage({ type: 'close' });
      await Promise.race([closed, exited]);
    }
    await worker.terminate();
  };
  return { ready, close: () => (closing ??= close()) };
}
