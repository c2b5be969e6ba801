import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '@shared/config/app-config';
import { stages } from '../../../infra/config/stages';
import { PERMISSIONS_POLICY } from '../../../infra/stacks/web-stack';
import { fullStage } from './full-stage';
import { loadStage, SYNTH_TIMEOUT_MS, type SynthesizedStage } from './synth-app';

/** CloudFront managed policy ids. */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

let devApp: SynthesizedStage;
let web: Template;
let federatedWeb: Template;
let federatedApp: SynthesizedStage;

beforeAll(async () => {
  [devApp, federatedApp] = await Promise.all([loadStage('dev'), loadStage('full')]);
  web = devApp.templates.web;
  federatedWeb = federatedApp.templates.web;
}, SYNTH_TIMEOUT_MS);

/** CloudFormation JSON, read by path in assertions (its shape is what the tests check). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Resource = { Properties: Json };
const distributionConfig = (template: Template) =>
  (Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as Resource).Properties
    .DistributionConfig;
const csp = (template: Template): string =>
  JSON.stringify(
    (Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0] as Resource)
      .Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
      .ContentSecurityPolicy,
  );

describe('site bucket', () => {
  it('blocks every kind of public access and requires TLS on every bucket', () => {
    const buckets = Object.values(web.findResources('AWS::S3::Bucket')) as Resource[];
    expect(buckets.length).toBeGreaterThanOrEqual(2);
    for (const bucket of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    const policies = Object.values(web.findResources('AWS::S3::BucketPolicy')) as Resource[];
    expect(policies).toHaveLength(buckets.length);
    for (const policy of policies) {
      expect(policy.Properties.PolicyDocument.Statement).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      );
    }
  });

  it('is read by CloudFront through an origin access control', () => {
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
      }),
    });
    const origins = distributionConfig(web).Origins as Json[];
    expect(origins.filter((origin) => origin.OriginAccessControlId)).toHaveLength(1);
  });
});

describe('distribution', () => {
  it('serves index.html at the root and rewrites client routes on the site behaviour only', () => {
    const config = distributionConfig(web);
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      expect.objectContaining({ EventType: 'viewer-request' }),
    ]);
    // Distribution-wide error pages would turn the API's own 403/404 into HTML.
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it('forwards /api/* to the HTTP API, uncached, with every viewer header but Host', () => {
    const [behaviour, ...others] = distributionConfig(web).CacheBehaviors as Json[];
    expect(others).toEqual([]);
    expect(behaviour).toMatchObject({
      PathPattern: '/api/*',
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PATCH', 'DELETE', 'PUT']),
    });
    expect(behaviour).not.toHaveProperty('FunctionAssociations');
    const apiOrigin = (distributionConfig(web).Origins as Json[]).find(
      (origin) => origin.Id === behaviour?.TargetOriginId,
    );
    expect(JSON.stringify(apiOrigin?.DomainName)).toContain('.execute-api.');
    expect(apiOrigin?.CustomOriginConfig).toEqual({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
  });

  it('reaches the API by its own domain when the stage has one, whose execute-api endpoint is then off', () => {
    const apiOriginOf = (template: Template) => {
      const [behaviour] = distributionConfig(template).CacheBehaviors as Json[];
      return (distributionConfig(template).Origins as Json[]).find(
        (origin) => origin.Id === behaviour?.TargetOriginId,
      );
    };
    expect(apiOriginOf(federatedWeb)?.DomainName).toBe(fullStage.apiDomain!.domainName);
    const fullApi = federatedApp.templates.api;
    fullApi.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    fullApi.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: fullStage.apiDomain!.domainName,
      DomainNameConfigurations: [
        Match.objectLike({ CertificateArn: fullStage.apiDomain!.certificateArn, EndpointType: 'REGIONAL' }),
      ],
    });
    fullApi.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
    expect(Object.keys(fullApi.findOutputs('ApiDomainTarget'))).toHaveLength(1);
    // Without one (dev), the default endpoint stays on: CloudFront can reach nothing else.
    const devApi = devApp.templates.api;
    expect(
      (Object.values(devApi.findResources('AWS::ApiGatewayV2::Api'))[0] as Resource).Properties
        .DisableExecuteApiEndpoint,
    ).toBeFalsy();
    devApi.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
  });

  it("adds the origin-verify header, resolved from the data stack's secret at deploy time", () => {
    const [behaviour] = distributionConfig(web).CacheBehaviors as Json[];
    const apiOrigin = (distributionConfig(web).Origins as Json[]).find(
      (origin) => origin.Id === behaviour?.TargetOriginId,
    );
    const headers = apiOrigin?.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[];
    expect(headers.map((h) => h.HeaderName)).toEqual(['x-origin-verify']);
    const value = JSON.stringify(headers[0]!.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toContain(':SecretString:current::}}');
  });

  it('switches off the browser features the app never uses (Permissions-Policy)', () => {
    web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        CustomHeadersConfig: {
          Items: [{ Header: 'Permissions-Policy', Value: PERMISSIONS_POLICY, Override: true }],
        },
      }),
    });
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
  });

  it('sends the security headers on both behaviours', () => {
    web.resourceCountIs('AWS::CloudFront::ResponseHeadersPolicy', 1);
    web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: Match.anyValue(), Override: true },
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: 63_072_000,
            IncludeSubdomains: true,
            Preload: true,
            Override: true,
          },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
        },
      }),
    });
    const config = distributionConfig(web);
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
    expect(config.CacheBehaviors[0].ResponseHeadersPolicyId).toEqual(
      config.DefaultCacheBehavior.ResponseHeadersPolicyId,
    );
  });

  it('has a strict CSP allowing only itself and Cognito', () => {
    const policy = csp(web);
    for (const directive of [
      "default-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "connect-src 'self' https://cognito-idp.",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toContain('amazoncognito.com');
    expect(csp(federatedWeb)).toContain(`https://${fullStage.hostedUi!.domainPrefix}.auth.`);
  });

  it('logs requests to the access-log bucket', () => {
    expect(distributionConfig(web).Logging).toMatchObject({ Prefix: 'cloudfront/' });
  });
});

describe('deployment', () => {
  it('deploys hashed assets immutable, pages and config.json revalidated, pruning nothing', () => {
    web.resourceCountIs('Custom::CDKBucketDeployment', 3);
    web.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['assets/*'],
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      Prune: false,
    });
    web.hasResourceProperties('Custom::CDKBucketDeployment', {
      Exclude: ['assets/*', 'config.json'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      Prune: false,
    });
    web.hasResourceProperties('Custom::CDKBucketDeployment', {
      SourceMarkers: Match.anyValue(),
      SystemMetadata: { 'cache-control': 'no-cache' },
      Prune: false,
    });
  });

  const configJson = (app: SynthesizedStage, template: Template) => {
    const deployment = Object.values(
      template.findResources('Custom::CDKBucketDeployment', {
        Properties: { SourceMarkers: Match.anyValue() },
      }),
    )[0] as Resource;
    const assetHash = String(deployment.Properties.SourceObjectKeys[0]).replace(/\.zip$/, '');
    const file = join(app.outdir, `asset.${assetHash}`, 'config.json');
    expect(existsSync(file)).toBe(true);
    return {
      config: JSON.parse(readFileSync(file, 'utf8')),
      markers: JSON.stringify(deployment.Properties.SourceMarkers),
    };
  };

  it('writes a config.json of the shared shape, pointing at the stage user pool', () => {
    const { config, markers } = configJson(devApp, web);
    expect(appConfigSchema.parse(config)).toEqual(config);
    expect(config).toMatchObject({
      stage: 'dev',
      features: { siteGate: stages.dev.siteGate, federatedSignIn: false },
      // The screens' source badges: every kind simulated on dev.
      marketData: { chains: 'simulated', darkPool: 'simulated', flow: 'simulated', social: 'simulated' },
    });
    expect(config.oauthDomain).toBeUndefined();
    expect(markers).toContain(devApp.ids.userPool);
    expect(markers).toContain(devApp.ids.userPoolClient);
  });

  it('turns federated sign-in on with the hosted UI domain when the stage has one', () => {
    const { config } = configJson(federatedApp, federatedWeb);
    expect(config.features.federatedSignIn).toBe(true);
    // A stage on real feed providers names them, so the screens never badge their items simulated.
    expect(config.marketData).toEqual({
      chains: fullStage.marketData.chains,
      darkPool: 'polygon',
      flow: 'unusualwhales',
      social: 'stocktwits',
    });
    expect(config.oauthDomain).toMatch(new RegExp(`^${fullStage.hostedUi!.domainPrefix}\\.auth\\.`));
  });
});
