import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { passwordPolicy } from '@shared/auth/password-policy';
import { tables } from '@shared/tables';
import { fullStage } from './full-stage';
import { loadStage, SYNTH_TIMEOUT_MS } from './synth-app';

let dev: Template;
let prod: Template;
let federated: Template;

beforeAll(async () => {
  const [devApp, prodApp, fullApp] = await Promise.all([
    loadStage('dev'),
    loadStage('prod'),
    loadStage('full'),
  ]);
  dev = devApp.templates.auth;
  prod = prodApp.templates.auth;
  federated = fullApp.templates.auth;
}, SYNTH_TIMEOUT_MS);

describe('user pool', () => {
  it('signs in by email with self sign-up, email verification and email-only recovery', () => {
    dev.resourceCountIs('AWS::Cognito::UserPool', 1);
    dev.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it('enforces the shared password policy', () => {
    dev.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: passwordPolicy.minLength,
          RequireLowercase: passwordPolicy.requireLowercase,
          RequireUppercase: passwordPolicy.requireUppercase,
          RequireNumbers: passwordPolicy.requireDigits,
          RequireSymbols: passwordPolicy.requireSymbols,
        }),
      },
    });
  });

  it('offers optional MFA with software tokens only (no SMS)', () => {
    dev.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it('is destroyed with dev and retained, deletion-protected, on prod', () => {
    dev.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Delete' });
    prod.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });
});

describe('app client', () => {
  it('is a public SPA client with the password, SRP and refresh flows, and no OAuth without hosted UI', () => {
    dev.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    dev.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
      AllowedOAuthFlowsUserPoolClient: false,
      SupportedIdentityProviders: ['COGNITO'],
    });
    dev.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
    dev.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
  });

  it('answers an unknown e-mail as it answers a wrong password (no account enumeration), in every stage', () => {
    for (const template of [dev, prod, federated])
      template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        PreventUserExistenceErrors: 'ENABLED',
      });
  });

  it('adds the hosted UI domain and Google, with a code-flow client, when the stage configures them', () => {
    const hostedUi = fullStage.hostedUi!;
    federated.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: hostedUi.domainPrefix });
    federated.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: Match.objectLike({
        client_id: hostedUi.identityProvider.clientId,
        // Resolved by CloudFormation from Secrets Manager at deploy time, never in the template.
        client_secret: `{{resolve:secretsmanager:${hostedUi.identityProvider.clientSecretName}:SecretString:::}}`,
      }),
    });
    federated.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      CallbackURLs: hostedUi.callbackUrls,
      LogoutURLs: hostedUi.logoutUrls,
      SupportedIdentityProviders: Match.arrayWith(['COGNITO', 'Google']),
    });
  });
});

it('keeps the template free of physical names for the pool', () => {
  const pool = Object.values(dev.findResources('AWS::Cognito::UserPool'))[0]!;
  expect(pool.Properties.UserPoolName).toBeUndefined();
});

describe('post-confirmation trigger', () => {
  type Resources = Record<string, { Properties: Record<string, unknown> }>;
  const triggerFunction = () => {
    const [entry] = Object.entries(
      dev.findResources('AWS::Lambda::Function', {
        Properties: { Handler: 'index.postConfirmation' },
      }) as Resources,
    );
    if (!entry) throw new Error('no post-confirmation function');
    return { logicalId: entry[0], properties: entry[1].Properties };
  };

  it('is the pool’s post-confirmation trigger, and Cognito may invoke it for this pool only', () => {
    const { logicalId } = triggerFunction();
    dev.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { PostConfirmation: { 'Fn::GetAtt': [logicalId, 'Arn'] } },
    });
    dev.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [logicalId, 'Arn'] },
      SourceArn: Match.objectLike({ 'Fn::GetAtt': [Match.stringLikeRegexp('^UserPool'), 'Arn'] }),
    });
  });

  it('runs the shared trigger code on Node.js 22 with the profiles table’s name, and no reference back to the pool', () => {
    const { properties } = triggerFunction();
    expect(properties.Runtime).toBe('nodejs22.x');
    const environment = (properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(environment)).toContain(tables.profiles.envVar);
    // The pool names the function; the function naming the pool would be a dependency cycle.
    expect(JSON.stringify(environment)).not.toMatch(/UserPool/);
  });

  it('may only put and get items of the profiles table', () => {
    const { properties } = triggerFunction();
    const roleId = (properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = Object.values(dev.findResources('AWS::IAM::Policy') as Resources)
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(`"${roleId}"`))
      .flatMap(
        (policy) => (policy.Properties.PolicyDocument as { Statement: { Action: unknown }[] }).Statement,
      );
    expect(statements.flatMap((s) => [s.Action].flat()).sort()).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
    ]);
  });
});
