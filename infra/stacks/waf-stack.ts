import { CfnOutput, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import { type IUserPool } from 'aws-cdk-lib/aws-cognito';
import { CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { type Construct } from 'constructs';
import { type StageConfig } from '../config/stages';
import { WebAcl } from '../constructs/web-acl';

/** CloudFront takes only web ACLs of scope CLOUDFRONT, and those exist only in us-east-1. */
export const CLOUDFRONT_WAF_REGION = 'us-east-1';

export interface CloudFrontWafStackProps extends StackProps {
  stage: StageConfig;
  metricPrefix: string;
}

/**
 * The distribution's web ACL, in a stack of its own in us-east-1 whatever the stage's region. The
 * web stack reads its ARN with `Fn::GetStackOutput` (`webAclArn`), which CloudFormation resolves
 * across regions at deploy time, so neither stack needs a region known at synthesis.
 */
export class CloudFrontWafStack extends Stack {
  private static readonly ARN_OUTPUT = 'WebAclArn';

  constructor(scope: Construct, id: string, props: CloudFrontWafStackProps) {
    super(scope, id, props);
    const { webAcl } = new WebAcl(this, 'CloudFront', {
      scope: 'CLOUDFRONT',
      rateLimits: props.stage.waf.rateLimits,
      metricPrefix: `${props.metricPrefix}-cloudfront`,
    });
    new CfnOutput(this, 'WebAclArnOutput', { value: webAcl.attrArn }).overrideLogicalId(
      CloudFrontWafStack.ARN_OUTPUT,
    );
  }

  /** The ACL's ARN for a stack in any region (a weak reference: deploy this stack first). */
  get webAclArn(): string {
    return Fn.getStackOutput(this.stackName, CloudFrontWafStack.ARN_OUTPUT, CLOUDFRONT_WAF_REGION);
  }
}

export interface UserPoolWafStackProps extends StackProps {
  stage: StageConfig;
  userPool: IUserPool;
  metricPrefix: string;
}

/**
 * The user pool's web ACL (scope REGIONAL, the pool's region) and its association: the browser
 * signs up and in at Cognito's endpoint directly, so this is where those requests can be counted.
 * Apart from the auth stack, which holds only what must never be replaced.
 */
export class UserPoolWafStack extends Stack {
  constructor(scope: Construct, id: string, props: UserPoolWafStackProps) {
    super(scope, id, props);
    const { webAcl } = new WebAcl(this, 'UserPool', {
      scope: 'REGIONAL',
      rateLimits: props.stage.waf.rateLimits,
      metricPrefix: `${props.metricPrefix}-user-pool`,
    });
    new CfnWebACLAssociation(this, 'UserPoolAssociation', {
      resourceArn: props.userPool.userPoolArn,
      webAclArn: webAcl.attrArn,
    });
  }
}
