import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_HEADER } from '@shared/secrets';
import { type IUserPool, type IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Policy } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { type Construct } from 'constructs';
import { type AppConfig, appConfigSchema } from '@shared/config/app-config';
import { type StageConfig } from '../config/stages';
import { nagText } from '../nag';

/**
 * Browser features the app never uses are switched off for it and anything it might embed.
 * (Notifications are not governed by Permissions-Policy; the alerts page asks for them.)
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'fullscreen=(self)',
].join(', ');

export interface WebStackProps extends StackProps {
  stage: StageConfig;
  httpApi: IHttpApi;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  /** Hosted-UI domain (no scheme) when the stage has federated sign-in. */
  hostedUiDomain?: string;
  /** Directory holding the built SPA (`frontend/dist`); must contain index.html. */
  frontendAssetPath: string;
  /** The origin-verify secret: its value goes to the API on every forwarded request. */
  originVerifySecret: ISecret;
  /** The CloudFront-scope WAF web ACL (infra/stacks/waf-stack.ts), when the stage has WAF. */
  webAclArn?: string;
}

/**
 * Deep links (`/journal`, `/trades/42`) are served index.html by a viewer-request function on the
 * site behaviour only. Distribution-wide custom error responses would also rewrite the API's own
 * 403/404 answers into HTML, so they are deliberately not used.
 */
const spaRewrite = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * The SPA: a private bucket behind CloudFront (origin access control), `/api/*` forwarded to the
 * HTTP API so the app calls same-origin relative URLs, security headers on every response, and a
 * `config.json` written at deploy time so one build serves every stage.
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const destroyable = stage.removalPolicy === RemovalPolicy.DESTROY;

    const logs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(stage.logRetention) }],
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: destroyable,
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket; logging it into itself would loop.',
    });

    const site = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: destroyable,
    });

    const headers = this.securityHeaders(props.hostedUiDomain);
    const certificate =
      stage.customDomain &&
      Certificate.fromCertificateArn(this, 'Certificate', stage.customDomain.certificateArn);
    // The API's own domain when the stage has one (its execute-api endpoint is then off).
    const apiDomain =
      stage.apiDomain?.domainName ?? `${props.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Edge Options (${stage.name})`,
      defaultRootObject: 'index.html',
      webAclId: props.webAclArn,
      httpVersion: HttpVersion.HTTP2_AND_3,
      ...(certificate && {
        domainNames: stage.customDomain?.domainNames,
        certificate,
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(site),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [
          {
            eventType: FunctionEventType.VIEWER_REQUEST,
            function: new CloudFrontFunction(this, 'SpaRewrite', {
              code: FunctionCode.fromInline(spaRewrite),
              runtime: FunctionRuntime.JS_2_0,
              comment: 'Serves index.html for client-side routes',
            }),
          },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            // The API serves only requests carrying this, so calling execute-api directly gets
            // nothing, and only on these is CloudFront-Viewer-Address trusted. Resolved by
            // CloudFormation from the secret at deploy time; rotation is in docs/operations.md.
            customHeaders: {
              [ORIGIN_VERIFY_HEADER]: props.originVerifySecret.secretValueFromJson('current').unsafeUnwrap(),
            },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
      },
    });

    this.deploySite(site, props);

    new CfnOutput(this, 'Url', {
      value: `https://${stage.customDomain?.domainNames[0] ?? this.distribution.distributionDomainName}`,
    });

    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'The product serves traders worldwide; no country is restricted.' },
      ...(props.webAclArn
        ? []
        : [
            {
              id: 'AwsSolutions-CFR2',
              reason:
                'WAF is off for this stage (waf.enabled in infra/config/stages.ts, a cost decision): the API is throttled per stage, every data route needs a Cognito JWT, and the gate and contact are rate-limited in the app.',
            },
          ]),
      ...(stage.customDomain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose TLS policy CloudFront fixes; stages with a custom domain get TLSv1.2_2021.',
            },
          ]),
    );
  }

  private securityHeaders(hostedUiDomain: string | undefined): ResponseHeadersPolicy {
    const cognitoEndpoints = [
      `https://cognito-idp.${this.region}.amazonaws.com`,
      ...(hostedUiDomain ? [`https://${hostedUiDomain}`] : []),
    ];
    const contentSecurityPolicy = [
      "default-src 'self'",
      "script-src 'self'",
      // Inline style attributes (charts, animations) need 'unsafe-inline' for styles only.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      `connect-src 'self' ${cognitoEndpoints.join(' ')}`,
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join('; ');

    return new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'CSP, HSTS and friends for the SPA and the API',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
      },
    });
  }

  /**
   * Hashed build assets are immutable; index.html, the other public files and config.json are
   * revalidated on every load so a deploy shows at once. Nothing is pruned: a tab still running
   * the previous build can load its chunks.
   */
  private deploySite(site: Bucket, props: WebStackProps): void {
    const { stage } = props;
    const common = { destinationBucket: site, prune: false, memoryLimit: 512 };

    new BucketDeployment(this, 'DeployAssets', {
      ...common,
      sources: [Source.asset(props.frontendAssetPath)],
      exclude: ['*'],
      include: ['assets/*'],
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
    });
    new BucketDeployment(this, 'DeployPages', {
      ...common,
      sources: [Source.asset(props.frontendAssetPath)],
      exclude: ['assets/*', 'config.json'],
      cacheControl: [CacheControl.noCache()],
    });

    const config: AppConfig = appConfigSchema.parse({
      region: this.region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      stage: stage.name,
      features: { siteGate: stage.siteGate, federatedSignIn: props.hostedUiDomain !== undefined },
      marketData: {
        chains: stage.marketData.chains,
        darkPool: stage.marketData.darkPool,
        flow: stage.marketData.flow,
        social: stage.marketData.social,
      },
      ...(props.hostedUiDomain ? { oauthDomain: props.hostedUiDomain } : {}),
    });
    new BucketDeployment(this, 'DeployConfig', {
      ...common,
      sources: [Source.jsonData('config.json', config)],
      cacheControl: [CacheControl.noCache()],
    });

    this.acknowledgeDeploymentHandler();
  }

  /**
   * The one Lambda CDK provides (a singleton per stack) to copy files into the bucket. Its policy
   * is generated by aws-cdk-lib from grantRead on the CDK assets bucket and grantReadWrite on the
   * site bucket; each wildcard finding of it is acknowledged by name.
   */
  private acknowledgeDeploymentHandler(): void {
    const handler = this.node.children.find((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    const policy = handler?.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy');
    if (!handler || !(policy instanceof Policy)) return;
    const reason =
      'CDK BucketDeployment handler (managed by aws-cdk-lib) copying the build into the site bucket.';
    const statements = (this.resolve(policy.document.toJSON()) as PolicyDocumentJson).Statement;
    const wildcards = new Set(
      statements.flatMap((statement) => [
        ...[statement.Action].flat().map((action) => `Action::${nagText(action)}`),
        ...[statement.Resource].flat().map((resource) => `Resource::${nagText(resource)}`),
      ]),
    );
    Validations.of(handler).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: `${reason} The managed policy only writes its own logs.`,
      },
      ...[...wildcards]
        .filter((finding) => finding.includes('*'))
        .map((finding) => ({
          id: `AwsSolutions-IAM5[${finding}]`,
          reason: `${reason} Wildcards come from grantRead/grantReadWrite on the assets and site buckets only.`,
        })),
      { id: 'AwsSolutions-L1', reason: `${reason} Its runtime is chosen and updated by aws-cdk-lib.` },
    );
  }
}

interface PolicyDocumentJson {
  Statement: { Action: unknown; Resource: unknown }[];
}
