/**
 * Amplify, loaded on demand. The public pages' first paint does not wait for it (it is its own
 * chunk, fetched after the app starts); everything that needs Amplify Auth awaits `loadAmplify`,
 * which configures it for the stage exactly once before handing it out.
 */
import type { ResourcesConfig } from 'aws-amplify';
import type { AppConfig } from '@shared/config/app-config';

export type AmplifyAuth = typeof import('aws-amplify/auth');
export type AmplifyHub = (typeof import('aws-amplify/utils'))['Hub'];
export type LoadedAmplify = { auth: AmplifyAuth; Hub: AmplifyHub };

let loading: Promise<LoadedAmplify> | undefined;
let loaded: LoadedAmplify | undefined;

/** Amplify Auth's settings for the stage's user pool (or the local emulator when an endpoint is given). */
export function amplifyResourcesConfig(config: AppConfig, origin: string): ResourcesConfig {
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          email: true,
          // Hosted UI sign-in with the stage's third-party identity provider, back to /dashboard.
          ...(config.features.federatedSignIn && config.oauthDomain
            ? {
                oauth: {
                  domain: config.oauthDomain,
                  scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
                  redirectSignIn: [`${origin}/dashboard`],
                  redirectSignOut: [`${origin}/login`],
                  responseType: 'code' as const,
                },
              }
            : {}),
        },
        signUpVerificationMethod: 'code',
      },
    },
  };
}

/** Loads Amplify Auth and configures it for `config` (the first call's config wins). */
export function loadAmplify(config: AppConfig): Promise<LoadedAmplify> {
  loading ??= (async () => {
    // The hosted UI's redirect back is completed by this listener; only stages with it load it.
    if (config.features.federatedSignIn) await import('aws-amplify/auth/enable-oauth-listener');
    const [{ Amplify }, auth, { Hub }] = await Promise.all([
      import('aws-amplify'),
      import('aws-amplify/auth'),
      import('aws-amplify/utils'),
    ]);
    Amplify.configure(amplifyResourcesConfig(config, window.location.origin));
    loaded = { auth, Hub };
    return loaded;
  })();
  // A failed download (say, a dropped connection) is retried by the next caller.
  loading.catch(() => {
    if (!loaded) loading = undefined;
  });
  return loading;
}

/** Amplify once it has been loaded and configured; undefined before that. */
export function loadedAmplify(): LoadedAmplify | undefined {
  return loaded;
}

/** Amplify when some caller has started loading it; undefined when nobody has. */
export function amplifyLoading(): Promise<LoadedAmplify> | undefined {
  return loading;
}

/**
 * Whether this browser holds Cognito tokens (Amplify keeps them in localStorage under
 * `CognitoIdentityServiceProvider.<client id>.<user>.accessToken`). Lets a public request skip
 * waiting for Amplify when there is no session it could find.
 */
export function hasStoredSession(storage?: Pick<Storage, 'length' | 'key'>): boolean {
  try {
    storage ??= window.localStorage;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.accessToken')) return true;
    }
  } catch {
    // Storage can be unavailable (privacy modes): then Amplify cannot have stored a session either.
  }
  return false;
}
