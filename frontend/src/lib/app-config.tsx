import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { outsideProviderError } from '@shared/constants/texts';
import { type AppConfig } from '@shared/config/app-config';
import { FullScreenError } from '../components/ui/full-screen-error';
import { FullScreenSpinner } from '../components/ui/spinner';
import { loadAmplify } from './amplify';
import { loadAppConfig } from './config';

const AppConfigContext = createContext<AppConfig | null>(null);

type LoadState =
  { status: 'loading' } | { status: 'ready'; config: AppConfig } | { status: 'error'; message: string };

/**
 * Loads `/config.json` before anything below it renders, so every child can read the stage's
 * feature flags, and starts loading Amplify for it (see `loadAmplify`).
 */
export function AppConfigProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    loadAppConfig()
      .then((config) => {
        // Amplify loads in the background; the first paint does not wait for it.
        void loadAmplify(config);
        if (active) setState({ status: 'ready', config });
      })
      .catch((error: unknown) => {
        if (active) {
          setState({
            status: 'error',
            message: error instanceof Error ? error.message : 'The app configuration could not be loaded.',
          });
        }
      });
    return () => {
      active = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  if (state.status === 'loading') return <FullScreenSpinner />;
  if (state.status === 'error') {
    return <FullScreenError title="The app could not start" message={state.message} onRetry={retry} />;
  }
  return <AppConfigContext.Provider value={state.config}>{children}</AppConfigContext.Provider>;
}

/** Provides a known configuration (tests, stories); the app itself uses AppConfigProvider. */
export function StaticAppConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error(outsideProviderError('useAppConfig'));
  return config;
}
