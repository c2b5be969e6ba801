/**
 * The entry of every worker thread of the local runtime (threads.ts): for a TypeScript thread
 * module, teaches the thread TypeScript (tsx, whatever started the process: `npm start`, vitest,
 * a bench); then runs the module's `main(options, log)` and speaks the protocol threads.ts expects:
 * → {type: 'ready', info} once started, or {type: 'failed', message};
 * ← {type: 'close'} → {type: 'closed'} once everything it started has stopped.
 * Plain JavaScript, because it is what makes TypeScript loadable in the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';

const port = parentPort;
try {
  if (workerData.module.endsWith('.ts')) (await import('tsx/esm/api')).register();
  const module = await import(workerData.module);
  const started = await module.main(workerData.options, (line) => port.postMessage({ type: 'log', line }));
  port.on('message', (message) => {
    if (message?.type !== 'close') return;
    Promise.resolve(started.close())
      .catch((error) => port.postMessage({ type: 'log', line: `[thread] ${error?.stack ?? error}` }))
      .finally(() => {
        port.postMessage({ type: 'closed' });
        port.close();
      });
  });
  port.postMessage({ type: 'ready', info: started.info });
} catch (error) {
  port.postMessage({ type: 'failed', message: error?.stack ?? String(error) });
  port.close();
}
