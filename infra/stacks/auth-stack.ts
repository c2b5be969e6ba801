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
  UserPoolIdentityProviderGoogle,
} from 'aws-cdk-lib/aws-cognito';
import { type Construct } from 'constructs';
import { passwordPolicy } from '@shared/auth/password-policy';
import { type HostedUiConfig, type StageConfig } from '../config/stages';

export interface AuthStackProps extends StackProps {
  stage: StageConfig;
}

/**
 * Stateful identity: the Cognito user pool, the SPA's app client and, when the stage configures
 * one, the hosted-UI domain with a third-party identity provider.
 */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** Hosted-UI domain (no scheme) when the stage has federated sign-in. */
  readonly hostedUiDomain?: string;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { stage } = props;

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
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
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
