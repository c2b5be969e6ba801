/**
 * The dynalite thread (threads.ts, started by startDynamo in dynamo.ts): DynamoDB's stand-in on
 * its own event loop, on disk (LevelDB) or in memory. Plain JavaScript, so that the thread starts
 * without a TypeScript loader (a few hundred milliseconds of every start).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dynalite = require('dynalite');

/** @param {{ path?: string; host?: string; port?: number }} options */
export async function main(options) {
  const host = options.host ?? '127.0.0.1';
  const server = dynalite({
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
    ...(options.path ? { path: options.path } : {}),
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve(undefined));
  });
  return {
    info: { endpoint: `http://${host}:${server.address().port}` },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      }),
  };
}
