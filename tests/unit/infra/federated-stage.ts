import { type StageConfig, stages } from '../../../infra/config/stages';

/** A stage with the optional hosted UI and Google sign-in configured. */
export const federatedStage: StageConfig = {
  ...stages.dev,
  name: 'fed',
  hostedUi: {
    domainPrefix: 'edge-options-fed-test',
    callbackUrls: ['https://app.example.com/'],
    logoutUrls: ['https://app.example.com/'],
    identityProvider: {
      type: 'google',
      clientId: 'google-client-id',
      clientSecretName: 'edge-options/google',
    },
  },
};
