/**
 * The chain snapshot store (S3 in AWS, the data dir locally) in memory, for unit tests of the jobs
 * that read and write it: its objects, and the keys each get and put asked for, in order.
 */
import type { ChainSnapshotStore } from '@shared/providers/chains/shared-snapshot';

export function memoryStore() {
  const objects = new Map<string, string>();
  const gets: string[] = [];
  const puts: string[] = [];
  const store: ChainSnapshotStore = {
    get: async (key) => {
      gets.push(key);
      return objects.get(key) ?? null;
    },
    put: async (key, body) => {
      puts.push(key);
      objects.set(key, body);
    },
  };
  return { store, objects, gets, puts };
}
