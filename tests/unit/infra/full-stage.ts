import { type StageConfig, stages } from '../../../infra/config/stages';

/**
 * A stage with every optional setting on: the hosted UI with Google sign-in, a custom domain (site
 * and API), an alarm email, the AI model (dev and prod leave them unset), WAF (off in dev) and the feeds'
 * and chains' real providers (simulated in dev), so
 * one synthesis covers both sides of each.
 */
export const fullStage: StageConfig = {
  ...stages.dev,
  name: 'full',
  hostedUi: {
    domainPrefix: 'edge-options-full-test',
    callbackUrls: ['https://app.example.com/'],
    logoutUrls: ['https://app.example.com/'],
    identityProvider: {
      type: 'google',
      clientId: 'google-client-id',
      clientSecretName: 'edge-options/google',
    },
  },
  customDomain: {
    domainNames: ['app.example.com'],
    certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/00000000-0000-0000-0000-000000000000',
  },
  apiDomain: {
    domainName: 'api.app.example.com',
    certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/11111111-1111-1111-1111-111111111111',
  },
  alarmEmail: 'alarms@example.com',
  ai: { model: 'gpt-4.1-mini', baseUrl: 'https://models.example.com/v1' },
  // The live feeds and the option chains on their real providers (dev and prod keep them simulated);
  // chains from Tradier, the one chain provider with a key of its own (tradierApiKey).
  marketData: {
    ...stages.dev.marketData,
    chains: 'tradier',
    news: 'polygon',
    social: 'stocktwits',
    darkPool: 'polygon',
    flow: 'unusualwhales',
    earnings: 'fmp',
  },
  waf: { enabled: true, rateLimits: { signUp: 10, signIn: 150, siteGate: 30, contact: 12 } },
  notifications: { domain: 'mail.example.com', from: 'Edge Options <alerts@mail.example.com>' },
};
