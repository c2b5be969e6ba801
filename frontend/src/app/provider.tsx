import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AppConfigProvider } from '../lib/app-config';
import { AuthProvider } from '../lib/auth';
import { createQueryClient } from '../lib/query-client';

/** Config (and Amplify) first, then server state, then auth, which clears the cache on sign-out. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppConfigProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </AppConfigProvider>
  );
}
