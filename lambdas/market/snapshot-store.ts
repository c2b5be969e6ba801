/**
 * Where the shared chain snapshot is kept (@shared/providers/chains/shared-snapshot): the stage's S3
 * bucket in AWS (CHAIN_SNAPSHOT_BUCKET, bound by the CDK stacks), a directory under `npm start`'s
 * data dir locally (CHAIN_SNAPSHOT_DIR, set by the local runtime: there is no local S3 stand-in, and
 * the job and the routes run on different threads, so memory cannot be shared). Neither set: no
 * shared snapshot, and each container keeps its own last good chains (./chain-source).
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  LATEST_KEY,
  snapshotManifestSchema,
  SnapshotStoreError,
  type ChainSnapshotStore,
} from '@shared/providers/chains/shared-snapshot';
import { runtimeEnv } from '@shared/secrets';
import { traceClient } from '../common/tracing';

/** The bucket's objects through the SDK; a missing key is null, any other failure SnapshotStoreError. */
export function s3SnapshotStore(bucket: string, client: S3Client): ChainSnapshotStore {
  return {
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return (await object.Body?.transformToString('utf8')) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as Error).name === 'NoSuchKey') return null;
        throw new SnapshotStoreError(`S3 GetObject ${key} failed: ${(error as Error).message}`);
      }
    },
    async put(key, body) {
      try {
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'application/json' }),
        );
      } catch (error) {
        throw new SnapshotStoreError(`S3 PutObject ${key} failed: ${(error as Error).message}`);
      }
    },
  };
}

/**
 * Locally, minutes are kept this long (the bucket's lifecycle keeps days): a real provider's
 * universe is about 90 MB a minute, which a laptop's disk cannot hold for days. The chains the
 * newest manifest names are kept whatever their age.
 */
export const LOCAL_SNAPSHOT_KEPT_MS = 30 * 60_000;

/** Deletes the minutes older than `keptMs` under `root`, except the chains `latest` names. */
async function pruneMinutes(root: string, latest: string, now: number, keptMs: number): Promise<void> {
  const named = new Set(
    Object.values(snapshotManifestSchema.parse(JSON.parse(latest)).symbols).map((e) => e.key.split('/')[1]),
  );
  const slotTime = (name: string) => Date.parse(name.replace(/\.json$/, ''));
  for (const folder of ['chains', 'minutes']) {
    const names = await readdir(join(root, folder)).catch(() => [] as string[]);
    for (const name of names) {
      const at = slotTime(name);
      if (Number.isNaN(at) || now - at <= keptMs || named.has(name)) continue;
      await rm(join(root, folder, name), { recursive: true, force: true });
    }
  }
}

/**
 * The same objects as files under `dir`; a write lands whole (written beside, then renamed). Each
 * new `latest.json` prunes the minutes older than `keptMs` (the local stand-in for the lifecycle).
 */
export function fileSnapshotStore(
  dir: string,
  keptMs = LOCAL_SNAPSHOT_KEPT_MS,
  now: () => number = Date.now,
): ChainSnapshotStore {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    const path = resolve(join(root, key));
    if (!path.startsWith(root + sep)) throw new SnapshotStoreError(`key ${key} leaves the store`);
    return path;
  };
  let sequence = 0;
  return {
    async get(key) {
      try {
        return await readFile(pathOf(key), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new SnapshotStoreError(`reading ${key} failed: ${(error as Error).message}`);
      }
    },
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.${(sequence += 1)}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, path);
      if (key === LATEST_KEY) await pruneMinutes(root, body, now(), keptMs);
    },
  };
}

let s3: S3Client | undefined;

/** The stage's snapshot store, or null where none is configured. */
export function configuredSnapshotStore(env: NodeJS.ProcessEnv = process.env): ChainSnapshotStore | null {
  const bucket = env[runtimeEnv.chainSnapshotBucket];
  if (bucket) return s3SnapshotStore(bucket, (s3 ??= traceClient(new S3Client({}))));
  const dir = env[runtimeEnv.chainSnapshotDir];
  if (dir) return fileSnapshotStore(dir);
  return null;
}
