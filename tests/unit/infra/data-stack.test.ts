import { type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { secrets } from '@shared/secrets';
import { type TableDefinition, type TableKey, tables } from '@shared/tables';
import { loadStage, SYNTH_TIMEOUT_MS, type SynthesizedStage } from './synth-app';

const definitions = Object.values(tables) as TableDefinition[];
let devApp: SynthesizedStage;
let dev: Template;
let prod: Template;

beforeAll(async () => {
  let prodApp: SynthesizedStage;
  [devApp, prodApp] = await Promise.all([loadStage('dev'), loadStage('prod')]);
  dev = devApp.templates.data;
  prod = prodApp.templates.data;
}, SYNTH_TIMEOUT_MS);

const keySchema = (definition: Pick<TableDefinition, 'partitionKey' | 'sortKey'>) => [
  { AttributeName: definition.partitionKey.name, KeyType: 'HASH' },
  ...(definition.sortKey ? [{ AttributeName: definition.sortKey.name, KeyType: 'RANGE' }] : []),
];

describe('tables', () => {
  it('creates exactly the tables of the shared definitions, with no physical names', () => {
    dev.resourceCountIs('AWS::DynamoDB::Table', definitions.length);
    for (const table of Object.values(dev.findResources('AWS::DynamoDB::Table'))) {
      expect(table.Properties.TableName).toBeUndefined();
    }
  });

  it.each(Object.keys(tables) as TableKey[])(
    'defines %s: keys, GSIs, TTL, on-demand, PITR, AWS-managed encryption',
    (key) => {
      const definition: TableDefinition = tables[key];
      const logicalId = devApp.ids.tables[key];
      const properties = dev.toJSON().Resources[logicalId].Properties;
      expect(properties).toMatchObject({
        KeySchema: keySchema(definition),
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
      });
      expect(properties.SSESpecification.KMSMasterKeyId).toBeUndefined();
      expect(properties.TimeToLiveSpecification).toEqual(
        definition.ttlAttribute ? { AttributeName: definition.ttlAttribute, Enabled: true } : undefined,
      );
      expect(properties.GlobalSecondaryIndexes).toEqual(
        definition.globalIndexes?.map((index) => ({
          IndexName: index.name,
          KeySchema: keySchema(index),
          Projection: { ProjectionType: 'ALL' },
        })),
      );
    },
  );

  it('destroys tables with a dev stage', () => {
    for (const table of Object.values(dev.findResources('AWS::DynamoDB::Table'))) {
      expect(table.DeletionPolicy).toBe('Delete');
      expect(table.Properties.DeletionProtectionEnabled).toBeFalsy();
    }
  });

  it('retains and deletion-protects tables on prod', () => {
    for (const table of Object.values(prod.findResources('AWS::DynamoDB::Table'))) {
      expect(table.DeletionPolicy).toBe('Retain');
      expect(table.UpdateReplacePolicy).toBe('Retain');
      expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    }
  });
});

describe('secrets', () => {
  it('creates one secret per shared secret, with a generated placeholder and no literal value', () => {
    dev.resourceCountIs('AWS::SecretsManager::Secret', Object.keys(secrets).length);
    for (const secret of Object.values(dev.findResources('AWS::SecretsManager::Secret'))) {
      expect(secret.Properties.GenerateSecretString).toBeDefined();
      expect(secret.Properties.SecretString).toBeUndefined();
    }
  });

  it('retains secrets on prod', () => {
    for (const secret of Object.values(prod.findResources('AWS::SecretsManager::Secret'))) {
      expect(secret.DeletionPolicy).toBe('Retain');
    }
  });
});
