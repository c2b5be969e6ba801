import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { join } from 'node:path';
import {
  CfnOutput,
  Duration,
  RemovalPolicy,
  SecretValue,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolEmail,
  UserPoolIdentityProviderGoogle,
} from 'aws-cdk-lib/aws-cognito';
import { type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { type Construct } from 'constructs';
import { passwordPolicy } from '@shared/auth/password-policy';
import { ACCESS_TOKEN_VALIDITY_MINUTES } from '@shared/auth/sessions';
import { runtimeEnv } from '@shared/secrets';
import { tables } from '@shared/tables';
import {
  type HostedUiConfig,
  mailConfigurationSetName,
  mailSender,
  type StageConfig,
} from '../config/stages';
import { functionBundling, sourceMapsEnvironment } from '../constructs/app-function';
import { projectRoot } from '../paths';

export interface AuthStackProps extends StackProps {
  stage: StageConfig;
  /** Where the post-confirmation trigger starts each new account's profile (and its trial). */
  profilesTable: ITable;
}

/**
 * How the pool sends its codes: through SES from the stage's identity (the data stack's domain,
 * verified before this stack deploys) when it names one, so sign-up and reset codes are not held
 * to Cognito's own sender's daily quota; otherwise Cognito's default sender.
 */
export function userPoolEmail(stage: StageConfig, region: string): UserPoolEmail | undefined {
  const mail = stage.notifications;
  if (!mail) return undefined;
  const sender = mailSender(mail.from, mail.domain);
  return UserPoolEmail.withSES({
    fromEmail: sender.address,
    fromName: sender.name,
    sesVerifiedDomain: mail.domain,
    // Its bounces and complaints turn the trader's e-mail off like any other message's (issue 25).
    configurationSetName: mailConfigurationSetName(stage),
    // The data stack's identity: the same account and region as the pool (a token when agnostic).
    sesRegion: region,
  });
}

/**
 * Stateful identity: the Cognito user pool, the SPA's app client and, when the stage configures
 * one, the hosted-UI domain with a third-party identity provider.
 */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** The post-confirmation trigger (monitored like every function of the app). */
  readonly postConfirmationFunction: NodejsFunction;
  /** Hosted-UI domain (no scheme) when the stage has federated sign-in. */
  readonly hostedUiDomain?: string;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.postConfirmationFunction = this.postConfirmationTrigger(stage, props.profilesTable);
    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: { ...passwordPolicy, tempPasswordValidity: Duration.days(7) },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: stage.removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy: stage.removalPolicy,
      lambdaTriggers: { postConfirmation: this.postConfirmationFunction },
      email: userPoolEmail(stage, this.region),
    });

    const identityProvider = stage.hostedUi && this.addHostedUi(stage.hostedUi);

    // USER_PASSWORD_AUTH is the product's sign-in flow in every stage (documented decision: the
    // local Cognito emulator lacks SRP, and one flow everywhere means the tests prove what runs).
    // SRP stays allowed for clients that prefer it; refresh tokens are always allowed.
    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.minutes(ACCESS_TOKEN_VALIDITY_MINUTES),
      idTokenValidity: Duration.minutes(ACCESS_TOKEN_VALIDITY_MINUTES),
      refreshTokenValidity: Duration.days(30),
      ...(stage.hostedUi && identityProvider
        ? {
            supportedIdentityProviders: [
              UserPoolClientIdentityProvider.COGNITO,
              UserPoolClientIdentityProvider.GOOGLE,
            ],
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
              callbackUrls: stage.hostedUi.callbackUrls,
              logoutUrls: stage.hostedUi.logoutUrls,
            },
          }
        : { supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO], disableOAuth: true }),
    });
    if (identityProvider) this.userPoolClient.node.addDependency(identityProvider);
    if (stage.hostedUi) {
      this.hostedUiDomain = `${stage.hostedUi.domainPrefix}.auth.${this.region}.amazoncognito.com`;
      new CfnOutput(this, 'HostedUiDomain', { value: this.hostedUiDomain });
    }

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The password policy is the product policy in shared/src/auth/password-policy.ts (length 8, upper, lower, digit; no symbol rule), shown to users by the sign-up form.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason: 'MFA (TOTP) is optional by product decision: each user can turn it on in the profile screen.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Threat protection needs the Cognito Plus plan; the product runs on Essentials (TOTP MFA, hosted UI) by plan decision, to revisit with paying users.',
      },
    );
  }

  /**
   * The trial starts when the account is confirmed: this function (lambdas/profile/triggers.ts,
   * the export the local pool runs too) creates the profile. It knows the pool only through the
   * events Cognito sends it, never by reference (the pool names it as its trigger, so a reference
   * back would be a cycle), and may only put and get profiles.
   */
  private postConfirmationTrigger(stage: StageConfig, profilesTable: ITable): NodejsFunction {
    const fn = new NodejsFunction(this, 'PostConfirmationFunction', {
      entry: join(projectRoot, 'lambdas/profile/triggers.ts'),
      handler: 'postConfirmation',
      description: 'Cognito post-confirmation: starts the profile and its 7-day trial',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      timeout: Duration.seconds(5),
      logGroup: new LogGroup(this, 'PostConfirmationLogs', {
        retention: stage.logRetention,
        removalPolicy: stage.removalPolicy,
      }),
      projectRoot,
      depsLockFilePath: join(projectRoot, 'package-lock.json'),
      environment: {
        [runtimeEnv.stage]: stage.name,
        [runtimeEnv.logLevel]: stage.logLevel,
        [tables.profiles.envVar]: profilesTable.tableName,
        ...sourceMapsEnvironment,
      },
      bundling: functionBundling,
    });
    // The table itself alone: Table.grant would add its indexes (`by_email`), which the trigger never reads.
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:PutItem', 'dynamodb:GetItem'],
        resources: [profilesTable.tableArn],
      }),
    );
    Validations.of(fn).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs.',
      },
      {
        id: 'AwsSolutions-L1',
        reason:
          'Node.js 22 is the pinned Lambda runtime (bundles target node22); npm start and the tests run on the local Node (20 or later), not necessarily the same major; moving to a newer runtime is a deliberate upgrade.',
      },
    );
    return fn;
  }

  private addHostedUi(hostedUi: HostedUiConfig): UserPoolIdentityProviderGoogle {
    this.userPool.addDomain('HostedUiDomain', { cognitoDomain: { domainPrefix: hostedUi.domainPrefix } });
    const { identityProvider } = hostedUi;
    return new UserPoolIdentityProviderGoogle(this, 'GoogleIdentityProvider', {
      userPool: this.userPool,
      clientId: identityProvider.clientId,
      clientSecretValue: SecretValue.secretsManager(identityProvider.clientSecretName),
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: {
        email: ProviderAttribute.GOOGLE_EMAIL,
        emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
        fullname: ProviderAttribute.GOOGLE_NAME,
      },
    });
  }
}
