/**
 * The shared chain snapshot in the stacks (docs/decisions/shared-chain-snapshot.md): a private
 * bucket whose objects expire after SNAPSHOT_KEPT_DAYS (a holiday weekend's closing snapshot kept), written by the snapshot job alone and read by the
 * functions of the chain-reading areas (routes and the position-targets job), each told its name; every other function has
 * neither the name nor the grant. On a stage whose chains come from Tradier the job alone holds Tradier's key.
 */
import { type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLOSES_KEPT_DAYS, CLOSES_PREFIX } from '@shared/providers/chains/closes';
import {
  CHAIN_SNAPSHOT_JOB,
  CHAIN_SNAPSHOT_READER_AREAS,
  chainKey,
  keepsChainSnapshot,
  LATEST_KEY,
  manifestKey,
  SNAPSHOT_KEPT_DAYS,
} from '@shared/providers/chains/shared-snapshot';
import { type RouteDefinition, routes } from '@shared/routes';
import { stages } from '../../../infra/config/stages';
import { runtimeEnv, secrets } from '@shared/secrets';
import {
  actionsOf,
  findFunction,
  loadStage,
  statementsOfFunction,
  SYNTH_TIMEOUT_MS,
  type SynthesizedStage,
} from './synth-app';

let data: Template;
let api: Template;
let feeds: Template;
let bucketId: string;

beforeAll(async () => {
  ({ data, api, feeds } = (await loadStage('dev')).templates);
  bucketId = Object.keys(data.findResources('AWS::S3::Bucket'))[0]!;
}, SYNTH_TIMEOUT_MS);

/** The S3 actions a function is granted on the snapshot bucket. */
function s3Actions(template: Template, exportName: string): string[] {
  return statementsOfFunction(template, exportName)
    .filter((statement) => JSON.stringify(statement.Resource).includes(bucketId))
    .flatMap(actionsOf)
    .filter((action) => action.startsWith('s3:'));
}

const variables = (template: Template, exportName: string) =>
  (findFunction(template, exportName).properties.Environment as { Variables: Record<string, unknown> })
    .Variables;

describe('the chain snapshot bucket', () => {
  it('is one private, encrypted, TLS-only bucket whose chains outlast a holiday weekend and closes a month', () => {
    data.resourceCountIs('AWS::S3::Bucket', 1);
    data.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LifecycleConfiguration: {
        Rules: [
          { Prefix: 'chains/', ExpirationInDays: SNAPSHOT_KEPT_DAYS, Status: 'Enabled' },
          { Prefix: 'minutes/', ExpirationInDays: SNAPSHOT_KEPT_DAYS, Status: 'Enabled' },
          { Prefix: LATEST_KEY, ExpirationInDays: SNAPSHOT_KEPT_DAYS, Status: 'Enabled' },
          { Prefix: CLOSES_PREFIX, ExpirationInDays: CLOSES_KEPT_DAYS, Status: 'Enabled' },
        ],
      },
    });
    // The rules' prefixes are the keys the job writes.
    expect(chainKey('2023-05-19T20:20:00Z', 'QQQ')).toMatch(/^chains\//);
    expect(manifestKey('2023-05-19T20:20:00Z')).toMatch(/^minutes\//);
    // Thursday's close to Monday's open around Good Friday is under four days; a recorded close
    // settles a monthly expiry nobody looked at for a month, and a scorecard's five-session horizon.
    expect(SNAPSHOT_KEPT_DAYS).toBeGreaterThanOrEqual(4);
    expect(CLOSES_KEPT_DAYS).toBeGreaterThanOrEqual(35);
    const [policy] = Object.values(data.findResources('AWS::S3::BucketPolicy'));
    expect(JSON.stringify(policy)).toContain('aws:SecureTransport');
  });

  it('is written by the snapshot job alone, on a full vCPU, told the bucket name', () => {
    // ListBucket too: without it S3 answers a missing key AccessDenied, not NoSuchKey.
    expect(s3Actions(feeds, CHAIN_SNAPSHOT_JOB).sort()).toEqual([
      's3:GetObject',
      's3:ListBucket',
      's3:PutObject',
    ]);
    expect(variables(feeds, CHAIN_SNAPSHOT_JOB)).toHaveProperty(runtimeEnv.chainSnapshotBucket);
    expect(findFunction(feeds, CHAIN_SNAPSHOT_JOB).properties.MemorySize).toBe(1769);
    // The scorecards' job reads it (quotes, recorded closes) only where the stage keeps one; dev does not.
    expect(keepsChainSnapshot(stages.dev.marketData)).toBe(false);
    expect(keepsChainSnapshot({ quotes: 'cboe', chains: 'simulated' })).toBe(true);
    expect(keepsChainSnapshot({ quotes: 'simulated', chains: 'polygon' })).toBe(true);
    for (const job of ['generateFeeds', 'enforceFeedCaps', 'scoreSignals']) {
      expect(s3Actions(feeds, job)).toEqual([]);
      expect(variables(feeds, job)).not.toHaveProperty(runtimeEnv.chainSnapshotBucket);
    }
  });

  it('is read by the job that marks positions against their targets, as the positions routes read it', () => {
    expect(s3Actions(feeds, 'recordPositionTargets').sort()).toEqual(['s3:GetObject', 's3:ListBucket']);
    expect(variables(feeds, 'recordPositionTargets')).toHaveProperty(runtimeEnv.chainSnapshotBucket);
  });

  it.each(routes as readonly RouteDefinition[])('$id: reads it only if its area serves chains', (route) => {
    const reader = CHAIN_SNAPSHOT_READER_AREAS.includes(route.area);
    expect(s3Actions(api, route.id).sort()).toEqual(reader ? ['s3:GetObject', 's3:ListBucket'] : []);
    expect(runtimeEnv.chainSnapshotBucket in variables(api, route.id)).toBe(reader);
  });
});

describe("the snapshot job's provider key", () => {
  /** Every function of a stage whose environment names the Tradier secret's ARN, by handler. */
  function tradierKeyHolders(stage: SynthesizedStage): string[] {
    return Object.values(stage.templates).flatMap((template) =>
      Object.values(
        (template?.findResources('AWS::Lambda::Function') ?? {}) as Record<
          string,
          { Properties: { Handler?: string; Environment?: { Variables?: Record<string, unknown> } } }
        >,
      )
        .filter(
          ({ Properties }) => secrets.tradierApiKey.arnEnvVar in (Properties.Environment?.Variables ?? {}),
        )
        .map(({ Properties }) => Properties.Handler ?? '?'),
    );
  }

  it(
    'on a stage whose chains come from Tradier, grants the snapshot job alone read on the Tradier secret and names its ARN',
    async () => {
      const full = await loadStage('full');
      expect(full.config.marketData.chains).toBe('tradier');
      const secretId = full.ids.secrets.tradierApiKey;
      const job = variables(full.templates.feeds, CHAIN_SNAPSHOT_JOB);
      expect(job[runtimeEnv.chainsProvider]).toBe('tradier');
      // The ARN is the data stack's secret (imported across stacks under its logical id).
      expect(job).toHaveProperty(secrets.tradierApiKey.arnEnvVar);
      expect(JSON.stringify(job[secrets.tradierApiKey.arnEnvVar])).toContain(secretId);
      const onSecret = statementsOfFunction(full.templates.feeds, CHAIN_SNAPSHOT_JOB).filter((statement) =>
        JSON.stringify(statement.Resource).includes(secretId),
      );
      expect(onSecret.flatMap(actionsOf).sort()).toEqual([
        'secretsmanager:DescribeSecret',
        'secretsmanager:GetSecretValue',
      ]);
      // The routes read the job's snapshot, never Tradier: no other function holds the key.
      expect(tradierKeyHolders(full)).toEqual([`index.${CHAIN_SNAPSHOT_JOB}`]);
    },
    SYNTH_TIMEOUT_MS,
  );

  it('on a simulated stage, grants no function the Tradier secret', async () => {
    const dev = await loadStage('dev');
    expect(dev.config.marketData.chains).toBe('simulated');
    expect(tradierKeyHolders(dev)).toEqual([]);
    const job = variables(feeds, CHAIN_SNAPSHOT_JOB);
    expect(job[runtimeEnv.chainsProvider]).toBe('simulated');
    expect(Object.keys(job).filter((name) => name.startsWith('SECRET_ARN_'))).toEqual([]);
    const granted = JSON.stringify(statementsOfFunction(feeds, CHAIN_SNAPSHOT_JOB).map((s) => s.Resource));
    expect(granted).not.toContain(dev.ids.secrets.tradierApiKey);
  });
});
