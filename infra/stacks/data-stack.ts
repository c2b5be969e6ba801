import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { type Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { ConfigurationSet, EmailIdentity, Identity, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import { type Construct } from 'constructs';
import { type SecretKey } from '@shared/routes';
import { tables, type KeyAttribute, type TableDefinition, type TableKey } from '@shared/tables';
import { SNAPSHOT_STORE_LIFECYCLE } from '@shared/providers/chains/closes';
import { mailConfigurationSetName, type StageConfig } from '../config/stages';
import { AppSecrets } from '../constructs/app-secrets';

export interface DataStackProps extends StackProps {
  stage: StageConfig;
}

const attribute = ({ name, type }: KeyAttribute) => ({
  name,
  type: type === 'S' ? AttributeType.STRING : AttributeType.NUMBER,
});

/**
 * Stateful data: every table of the shared table definitions, the app's secrets and, when the
 * stage names one, its SES identity. The secrets live here rather than beside the functions
 * because their values are filled in by operators and must survive any redeploy or replacement
 * of the stateless stacks; they share the tables' lifecycle (retained on prod, destroyed with a
 * dev stage). The identity is here for the same reason (its DKIM tokens, once in the zone, must
 * not change) and because the user pool sends from it: this stack deploys before the auth stack,
 * so the identity can be verified before the pool is pointed at it (docs/deployment.md).
 */
export class DataStack extends Stack {
  readonly tables: Record<TableKey, Table>;
  readonly secrets: Record<SecretKey, Secret>;
  /** The shared chain snapshot (docs/decisions/shared-chain-snapshot.md): written by one job, read by the chain routes. */
  readonly chainSnapshots: Bucket;
  /** The stage's SES domain identity (StageConfig.notifications), when it has one. */
  readonly mailIdentity?: EmailIdentity;
  /**
   * The configuration set every e-mail from the identity is sent with (its default, and the user
   * pool's): the notifications stack adds the event destination that reports bounces and complaints.
   */
  readonly mailEvents?: ConfigurationSet;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const definitions = Object.entries(tables) as [TableKey, TableDefinition][];

    this.tables = Object.fromEntries(
      definitions.map(([key, definition]) => [key, this.createTable(definition, stage)]),
    ) as Record<TableKey, Table>;
    this.secrets = new AppSecrets(this, 'Secrets', { removalPolicy: stage.removalPolicy }).secrets;
    this.chainSnapshots = this.createChainSnapshots(stage);
    if (stage.notifications) {
      this.mailEvents = new ConfigurationSet(this, 'MailEvents', {
        configurationSetName: mailConfigurationSetName(stage),
        // SES's own list too: it stops sending to an address that bounced or complained account-wide.
        suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      });
      this.mailIdentity = new EmailIdentity(this, 'MailIdentity', {
        identity: Identity.domain(stage.notifications.domain),
        configurationSet: this.mailEvents,
      });
      // The three CNAMEs that verify the domain (Easy DKIM): add them to its zone.
      this.mailIdentity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `MailDkim${i + 1}`, {
          value: `${record.name} CNAME ${record.value}`,
          description: `DKIM record ${i + 1} of ${stage.notifications!.domain}`,
        });
      });
    }
  }

  /**
   * One object per symbol per minute and a manifest, written in the sessions only: they are kept
   * SNAPSHOT_KEPT_DAYS, so the closing snapshot outlasts a holiday weekend (a stale one is served
   * from the newest manifest, never from an expired object); each session's recorded closes, one
   * small object a day, CLOSES_KEPT_DAYS (SNAPSHOT_STORE_LIFECYCLE, by key prefix).
   */
  private createChainSnapshots(stage: StageConfig): Bucket {
    const bucket = new Bucket(this, 'ChainSnapshots', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: SNAPSHOT_STORE_LIFECYCLE.map(({ prefix, days }) => ({
        prefix,
        expiration: Duration.days(days),
      })),
      removalPolicy: stage.removalPolicy,
    });
    Validations.of(bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Chain snapshots are market data one job writes and the app functions read, expiring within days; access logs would record a read per request and cost more than the data is worth.',
    });
    return bucket;
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
