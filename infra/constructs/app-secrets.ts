import { CfnOutput, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { type SecretKey } from '@shared/routes';
import { secrets } from '@shared/secrets';

const descriptions: Record<SecretKey, string> = {
  openaiApiKey: 'OpenAI API key for the AI analyst; replace the generated placeholder with the real key.',
  siteGate: 'Site gate password and cookie signing material; replace the generated placeholder.',
  marketDataApiKey: 'API key of the real market-data provider (used when the stage selects one).',
  unusualWhalesApiKey:
    "Unusual Whales API token for Market Alerts' options flow (used when the stage's flow provider is Unusual Whales).",
  tradierApiKey:
    "Tradier API access token for option chains (used when the stage's chain provider is Tradier).",
  fmpApiKey:
    "Financial Modeling Prep API key for the earnings calendar (used when the stage's earnings provider is FMP).",
  hashingKey:
    'HMAC key for hashing viewer addresses kept for rate limits and abuse checks; the generated value is the key.',
  originVerify:
    'Value CloudFront adds as x-origin-verify to requests it forwards to the API; the generated value serves.',
  stripeSecretKey:
    'Stripe secret API key (sk_live_... or a restricted rk_live_...); billing stays off until the placeholder is replaced.',
  stripeWebhookSecret:
    'Signing secret (whsec_...) of the Stripe webhook endpoint for /api/billing/webhook; replace the generated placeholder.',
  vapidKeys:
    'Web Push VAPID key pair, JSON {"publicKey","privateKey","subject"} (npx web-push generate-vapid-keys --json); browser push stays off until the placeholder is replaced.',
};

/**
 * The Secrets Manager secrets handlers read at run time, one per entry of the shared secrets
 * table. Each starts with a generated placeholder; operators put the real value in with
 * `aws secretsmanager put-secret-value`. Functions get the ARN in an env var, never the value.
 */
export class AppSecrets extends Construct {
  readonly secrets: Record<SecretKey, Secret>;

  constructor(scope: Construct, id: string, props: { removalPolicy: RemovalPolicy }) {
    super(scope, id);
    const keys = Object.keys(secrets) as SecretKey[];
    this.secrets = Object.fromEntries(
      keys.map((key) => {
        const secret = new Secret(this, key, {
          description: descriptions[key],
          generateSecretString:
            key === 'originVerify'
              ? // CloudFront reads `current`; `previous` is added by hand while rotating.
                {
                  passwordLength: 48,
                  excludePunctuation: true,
                  secretStringTemplate: '{}',
                  generateStringKey: 'current',
                }
              : { passwordLength: 48, excludePunctuation: true },
          removalPolicy: props.removalPolicy,
        });
        new CfnOutput(this, `${key}Arn`, { value: secret.secretArn, description: descriptions[key] });
        Validations.of(secret).acknowledge({
          id: 'AwsSolutions-SMG4',
          reason:
            'Holds a value issued outside AWS (third-party API key / operator-chosen password); no rotation Lambda can renew it, operators rotate it by hand.',
        });
        return [key, secret];
      }),
    ) as Record<SecretKey, Secret>;
  }
}
