import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { type Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { type Construct } from 'constructs';
import { type SecretKey } from '@shared/routes';
import { tables, type KeyAttribute, type TableDefinition, type TableKey } from '@shared/tables';
import { type StageConfig } from '../config/stages';
import { AppSecrets } from '../constructs/app-secrets';

export interface DataStackProps extends StackProps {
  stage: StageConfig;
}

const attribute = ({ name, type }: KeyAttribute) => ({
  name,
  type: type === 'S' ? AttributeType.STRING : AttributeType.NUMBER,
});

/**
 * Stateful data: every table of the shared table definitions, and the app's secrets. The
 * secrets live here rather than beside the functions because their values are filled in by
 * operators and must survive any redeploy or replacement of the stateless stacks; they share
 * the tables' lifecycle (retained on prod, destroyed with a dev stage).
 */
export class DataStack extends Stack {
  readonly tables: Record<TableKey, Table>;
  readonly secrets: Record<SecretKey, Secret>;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const definitions = Object.entries(tables) as [TableKey, TableDefinition][];

    this.tables = Object.fromEntries(
      definitions.map(([key, definition]) => [key, this.createTable(definition, stage)]),
    ) as Record<TableKey, Table>;
    this.secrets = new AppSecrets(this, 'Secrets', { removalPolicy: stage.removalPolicy }).secrets;
  }

  private createTable(definition: TableDefinition, stage: StageConfig): Table {
    const table = new Table(this, definition.id, {
      partitionKey: attribute(definition.partitionKey),
      sortKey: definition.sortKey && attribute(definition.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: stage.pointInTimeRecovery },
      timeToLiveAttribute: definition.ttlAttribute,
      removalPolicy: stage.removalPolicy,
      deletionProtection: stage.removalPolicy === RemovalPolicy.RETAIN,
    });
    for (const index of definition.globalIndexes ?? []) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: attribute(index.partitionKey),
        sortKey: index.sortKey && attribute(index.sortKey),
        projectionType: ProjectionType.ALL,
      });
    }
    return table;
  }
}
