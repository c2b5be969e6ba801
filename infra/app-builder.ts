import { type App, type Environment, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from './nag';
import { type StageConfig } from './config/stages';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { FeedsStack } from './stacks/feeds-stack';
import { MonitoringStack } from './stacks/monitoring-stack';
import { NotificationsStack } from './stacks/notifications-stack';
import { CLOUDFRONT_WAF_REGION, CloudFrontWafStack, UserPoolWafStack } from './stacks/waf-stack';
import { WebStack } from './stacks/web-stack';

export interface BuildAppOptions {
  stage: StageConfig;
  /** Directory holding the built SPA; must contain index.html. */
  frontendAssetPath: string;
  /** Falls back to the stage's env; undefined → environment-agnostic stacks. */
  env?: Environment;
}

export interface AppStacks {
  auth: AuthStack;
  data: DataStack;
  notifications: NotificationsStack;
  api: ApiStack;
  feeds: FeedsStack;
  web: WebStack;
  monitoring: MonitoringStack;
  /** The stage's web ACLs, when `waf.enabled`: CloudFront's (in us-east-1) and the user pool's. */
  cloudFrontWaf?: CloudFrontWafStack;
  userPoolWaf?: UserPoolWafStack;
}

export const APP_NAME = 'edge-options';

/**
 * Composes the stacks of one stage, stateful (auth, data) apart from stateless (notifications, api,
 * feeds, web, monitoring, and the two WAF stacks when the stage has WAF), wired with typed props. Used by `bin/app.ts` and by the infra tests, so the
 * tests check exactly what `cdk synth` produces, cdk-nag checks included.
 */
export function buildApp(app: App, options: BuildAppOptions): AppStacks {
  const { stage, frontendAssetPath } = options;
  const env = options.env ?? stage.env;
  const stackId = (name: string) => `${APP_NAME}-${stage.name}-${name}`;
  const common = { env, terminationProtection: false };

  const data = new DataStack(app, stackId('data'), {
    ...common,
    stage,
    description: `DynamoDB tables and secrets (${stage.name})`,
  });
  // The pool's post-confirmation trigger writes the profiles table: auth depends on data, never back.
  const auth = new AuthStack(app, stackId('auth'), {
    ...common,
    stage,
    profilesTable: data.tables.profiles,
    description: `Cognito user pool and app client (${stage.name})`,
  });
  const context = { stage, userPool: auth.userPool, userPoolClient: auth.userPoolClient };
  // Before the API and the jobs: both send to its queue, and it refers to neither.
  const notifications = new NotificationsStack(app, stackId('notifications'), {
    ...common,
    context,
    tables: data.tables,
    vapidKeys: data.secrets.vapidKeys,
    mailIdentity: data.mailIdentity,
    mailEvents: data.mailEvents,
    description: `Notification delivery: queue, dead-letter queue and worker (${stage.name})`,
  });
  const api = new ApiStack(app, stackId('api'), {
    ...common,
    context,
    tables: data.tables,
    secrets: data.secrets,
    chainSnapshots: data.chainSnapshots,
    notifications: notifications.delivery,
    description: `HTTP API and its functions (${stage.name})`,
  });
  const feeds = new FeedsStack(app, stackId('feeds'), {
    ...common,
    context,
    tables: data.tables,
    secrets: data.secrets,
    chainSnapshots: data.chainSnapshots,
    notifications: notifications.delivery,
    description: `Scheduled feed jobs (${stage.name})`,
  });
  const waf = stage.waf.enabled
    ? {
        cloudFront: new CloudFrontWafStack(app, stackId('edge-waf'), {
          ...common,
          env: { account: env?.account, region: CLOUDFRONT_WAF_REGION },
          stage,
          metricPrefix: stackId('waf'),
          description: `WAF web ACL of the CloudFront distribution, in us-east-1 (${stage.name})`,
        }),
        userPool: new UserPoolWafStack(app, stackId('auth-waf'), {
          ...common,
          stage,
          userPool: auth.userPool,
          metricPrefix: stackId('waf'),
          description: `WAF web ACL of the user pool: sign-up and sign-in limits (${stage.name})`,
        }),
      }
    : undefined;
  const web = new WebStack(app, stackId('web'), {
    ...common,
    stage,
    httpApi: api.httpApi,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    hostedUiDomain: auth.hostedUiDomain,
    frontendAssetPath,
    originVerifySecret: data.secrets.originVerify,
    webAclArn: waf?.cloudFront.webAclArn,
    description: `SPA bucket and CloudFront distribution (${stage.name})`,
  });
  // Fn::GetStackOutput is a weak reference: the dependency is what deploys the ACL first.
  if (waf) web.addStackDependency(waf.cloudFront, 'the distribution reads the web ACL ARN it outputs');

  const monitoring = new MonitoringStack(app, stackId('monitoring'), {
    ...common,
    stage,
    namePrefix: `${APP_NAME}-${stage.name}`,
    httpApi: api.httpApi,
    httpStage: api.httpStage,
    routeFunctions: Object.fromEntries(Object.entries(api.functions).map(([id, f]) => [id, f.fn])),
    jobFunctions: Object.fromEntries(Object.entries(feeds.jobs).map(([id, f]) => [id, f.fn])),
    otherFunctions: {
      postConfirmation: auth.postConfirmationFunction,
      deliverNotifications: notifications.delivery.worker.fn,
      // Where the stage sends e-mail: the subscriber of SES's bounces and complaints.
      ...(notifications.delivery.feedback ? { handleMailFeedback: notifications.delivery.feedback.fn } : {}),
    },
    deadLetterQueues: { notifications: notifications.delivery.deadLetterQueue },
    tables: data.tables,
    description: `Alarms, their SNS topic and the dashboard (${stage.name})`,
  });

  Tags.of(app).add('app', APP_NAME);
  Tags.of(app).add('stage', stage.name);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return {
    auth,
    data,
    notifications,
    api,
    feeds,
    web,
    monitoring,
    ...(waf && { cloudFrontWaf: waf.cloudFront, userPoolWaf: waf.userPool }),
  };
}
